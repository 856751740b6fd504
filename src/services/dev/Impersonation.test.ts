// eth_sendTransaction from impersonated addresses on a whole in-process chain: an unsigned
// transaction with Anvil's zero signature enters the pool with its sender, is journaled with it
// (a restart keeps it, same hash), executes (a contract sender too: EIP-3607 is skipped for it,
// and its code still runs when called), and is retrievable and traceable like any other.

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { encodeFunctionData } from 'viem';
import { afterEach, describe, expect, it } from 'vitest';
import { defaultTraceConfig } from '../../execution/tracing/TraceConfig.js';
import type { BlockSelector } from '../../primitives/blockTag.js';
import { bytesToHex, type Hex, hexToBytes } from '../../primitives/hex.js';
import { counterArtifact } from '../../testing/contracts/artifacts.js';
import { createTestChain, type TestChain } from '../../testing/createTestChain.js';
import { preconfirm, sealBlock } from '../../testing/driveChain.js';
import { onTheWire } from '../../testing/onTheWire.js';

const PENDING: BlockSelector = { kind: 'tag', tag: 'pending' };
const WHALE = hexToBytes('0x00000000000000000000000000000000000a11ce');
const RECIPIENT = hexToBytes('0x000000000000000000000000000000000000b0b0');
const ETHER = 10n ** 18n;

let chain: TestChain | undefined;
let dataDir: string | undefined;
afterEach(async () => {
  await chain?.close();
  chain = undefined;
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  dataDir = undefined;
});

describe('impersonation', () => {
  it('sends as an address without its key once impersonated, and only then', async () => {
    chain = await createTestChain();
    const { dev, transactions, blocks } = chain.backend;
    await dev.state.setBalance(WHALE, 5n * ETHER);
    const send = () => transactions.sendTransaction({ from: WHALE, to: RECIPIENT, value: ETHER });
    expect(onTheWire(await send().catch((error: unknown) => error))).toEqual({ code: -32000, message: 'unknown account' });

    dev.impersonation.impersonate(WHALE);
    const hash = await send();
    await preconfirm(chain);
    expect(blocks.getTransactionReceipt(hash)).toMatchObject({ status: '0x1', from: bytesToHex(WHALE), to: bytesToHex(RECIPIENT) });
    expect(blocks.getTransactionByHash(hash)).toMatchObject({ hash, from: bytesToHex(WHALE), r: '0x0', s: '0x0', v: '0x0' });
    expect(chain.backend.state.getBalance(RECIPIENT, PENDING)).toBe(ETHER);

    dev.impersonation.stopImpersonating(WHALE);
    expect(onTheWire(await send().catch((error: unknown) => error)).message).toBe('unknown account');
    dev.impersonation.setAutoImpersonate(true);
    await send();
    dev.impersonation.setAutoImpersonate(false);
    expect(onTheWire(await send().catch((error: unknown) => error)).message).toBe('unknown account');
  });

  it('sends from a contract: the sender keeps its code, which runs when the transaction calls it', async () => {
    chain = await createTestChain();
    const { dev, transactions, blocks, state } = chain.backend;
    const contract = hexToBytes('0x00000000000000000000000000000000c0c0a000');
    await dev.state.setCode(contract, hexToBytes(counterArtifact.deployedBytecode));
    await dev.state.setBalance(contract, ETHER);
    dev.impersonation.impersonate(contract);
    const data = hexToBytes(encodeFunctionData({ abi: counterArtifact.abi, functionName: 'increment' }));
    // The contract calls itself: its own code runs while it is the sender.
    const hash = await transactions.sendTransaction({ from: contract, to: contract, data });
    await preconfirm(chain);
    const receipt = blocks.getTransactionReceipt(hash)!;
    expect(receipt.status).toBe('0x1');
    expect(receipt.logs[0]?.address).toBe(bytesToHex(contract));
    expect(bytesToHex(state.getStorageAt(contract, new Uint8Array(32), PENDING))).toBe('0x01');
    expect(bytesToHex(state.getCode(contract, PENDING))).toBe(counterArtifact.deployedBytecode);
    expect(state.getTransactionCount(contract, PENDING)).toBe(1n);

    // Sealed and traced: the replay sends it as the contract again.
    await sealBlock(chain);
    expect(blocks.getTransactionByHash(hash)).toMatchObject({ from: bytesToHex(contract), blockHash: expect.not.stringMatching(/^0x0+$/) });
    const trace = (await chain.backend.traces.traceTransaction(hash, { ...defaultTraceConfig(), tracer: 'callTracer' })) as { from: Hex; to: Hex };
    expect(trace).toMatchObject({ from: bytesToHex(contract), to: bytesToHex(contract) });
  });

  it('signs with the key when the node has it, even for an impersonated dev account', async () => {
    chain = await createTestChain();
    const devAccount = hexToBytes(chain.accounts[0]!.address);
    chain.backend.dev.impersonation.impersonate(devAccount);
    const hash = await chain.backend.transactions.sendTransaction({ from: devAccount, to: RECIPIENT, value: 1n });
    expect(chain.backend.blocks.getTransactionByHash(hash)).toMatchObject({ r: expect.not.stringMatching(/^0x0$/) });
  });

  it('sends unsigned (eth_sendUnsignedTransaction) without impersonating first', async () => {
    chain = await createTestChain();
    await chain.backend.dev.state.setBalance(WHALE, ETHER);
    const hash = await chain.backend.transactions.sendUnsignedTransaction({ from: WHALE, to: RECIPIENT, value: 3n });
    await preconfirm(chain);
    expect(chain.backend.blocks.getTransactionReceipt(hash)).toMatchObject({ status: '0x1', from: bytesToHex(WHALE) });
  });

  it('keeps a pooled impersonated transaction across a restart, with its sender and hash', async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'sequin-impersonation-'));
    chain = await createTestChain({ ephemeral: false, dataDir }, { start: false });
    const clock = chain.clock;
    await chain.backend.dev.state.setBalance(WHALE, ETHER);
    chain.backend.dev.impersonation.impersonate(WHALE);
    const hash = await chain.backend.transactions.sendTransaction({ from: WHALE, to: RECIPIENT, value: 2n });
    await chain.close();
    chain = await createTestChain({ ephemeral: false, dataDir }, { clock });
    expect(chain.backend.blocks.getTransactionByHash(hash)).toMatchObject({ hash, from: bytesToHex(WHALE), blockNumber: null });
    await preconfirm(chain);
    expect(chain.backend.blocks.getTransactionReceipt(hash)).toMatchObject({ status: '0x1', from: bytesToHex(WHALE) });
    expect(chain.backend.state.getBalance(RECIPIENT, PENDING)).toBe(2n);
  });
});
