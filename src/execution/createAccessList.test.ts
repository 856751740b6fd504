// eth_createAccessList on an in-process chain: an ERC-20 transfer needs exactly the token's two
// balance slots (and the gas it reports is what the transaction then uses with that list),
// sender/recipient/precompiles stay out, reverts report the error, and a given list is kept.

import { encodeAbiParameters, encodeFunctionData, keccak256, type Hex as ViemHex } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BlockSelector } from '../primitives/blockTag.js';
import { type Hex, hexToBytes } from '../primitives/hex.js';
import { counterArtifact, reverterArtifact, testTokenArtifact } from '../testing/contracts/artifacts.js';
import { createTestChain, type TestChain } from '../testing/createTestChain.js';
import { onTheWire } from '../testing/onTheWire.js';
import { sendTestTransaction, TEST_TIP } from '../testing/sendTestTransaction.js';

const LATEST: BlockSelector = { kind: 'tag', tag: 'latest' };
const RECIPIENT = '0x00000000000000000000000000000000000000bb';
const IDENTITY_PRECOMPILE = '0x0000000000000000000000000000000000000004';

let chain: TestChain;
let token: Hex;
let reverter: Hex;
let counter: Hex;
let proxyToIdentity: Hex;
let proxyToCounter: Hex;

/** Init code returning `runtime`. */
function deployCode(runtime: string): Hex {
  return `0x60${(runtime.length / 2).toString(16).padStart(2, '0')}80600b6000396000f3${runtime}`;
}

/** Forwards its calldata to `target` (100,000 gas) and stores the success flag in slot 0. */
function proxy(target: Hex): string {
  return `36600060003760006000366000600073${target.slice(2)}620186a0f160005500`;
}

/** TestToken's balanceOf slot for `holder`: keccak256(holder ‖ 1), balanceOf being the second variable. */
function balanceSlot(holder: Hex): Hex {
  return keccak256(encodeAbiParameters([{ type: 'address' }, { type: 'uint256' }], [holder as ViemHex, 1n]));
}

async function deploy(data: Hex): Promise<Hex> {
  const hash = await sendTestTransaction(chain, chain.accounts[0]!, { data, gas: 2_000_000n });
  await chain.clock.advance(chain.config.preconfIntervalMs);
  return chain.backend.blocks.getTransactionReceipt(hash)!.contractAddress!;
}

beforeAll(async () => {
  chain = await createTestChain();
  token = await deploy(`${testTokenArtifact.bytecode}${encodeAbiParameters([{ type: 'uint256' }], [10n ** 24n]).slice(2)}` as Hex);
  reverter = await deploy(reverterArtifact.bytecode as Hex);
  counter = await deploy(counterArtifact.bytecode as Hex);
  proxyToIdentity = await deploy(deployCode(proxy(IDENTITY_PRECOMPILE)));
  proxyToCounter = await deploy(deployCode(proxy(counter)));
  await chain.clock.advance(chain.sequencer.openBlock.openedAtMs + chain.config.blockTimeMs - chain.clock.now());
});

afterAll(async () => {
  await chain?.close();
});

describe('eth_createAccessList', () => {
  it('lists the two balance slots of an ERC-20 transfer; the transaction then uses exactly the gas reported', async () => {
    const sender = chain.accounts[0]!;
    const data = encodeFunctionData({ abi: testTokenArtifact.abi, functionName: 'transfer', args: [RECIPIENT, 5n] });
    const result = await chain.backend.calls.createAccessList({ from: hexToBytes(sender.address), to: hexToBytes(token), data: hexToBytes(data) }, LATEST);
    expect(result.error).toBeUndefined();
    expect(result.accessList).toEqual([{ address: token.toLowerCase(), storageKeys: [balanceSlot(sender.address), balanceSlot(RECIPIENT)].sort() }]);

    const baseFee = chain.sequencer.openBlock.baseFeePerGas;
    const raw = await privateKeyToAccount(sender.privateKey).signTransaction({
      type: 'eip1559',
      chainId: Number(chain.config.chainId),
      nonce: Number(chain.backend.state.getTransactionCount(hexToBytes(sender.address), { kind: 'tag', tag: 'pending' })),
      gas: 100_000n,
      maxPriorityFeePerGas: TEST_TIP,
      maxFeePerGas: baseFee * 2n + TEST_TIP,
      to: token as ViemHex,
      data,
      accessList: result.accessList.map((item) => ({ address: item.address as ViemHex, storageKeys: item.storageKeys as ViemHex[] })),
    });
    const hash = await chain.intake.submit(hexToBytes(raw));
    await chain.clock.advance(chain.config.preconfIntervalMs);
    const receipt = chain.backend.blocks.getTransactionReceipt(hash)!;
    expect(receipt.status).toBe('0x1');
    expect(BigInt(receipt.gasUsed)).toBe(result.gasUsed);
  });

  it('leaves out the sender, the recipient’s address and precompiles, but keeps slots the recipient touched', async () => {
    const result = await chain.backend.calls.createAccessList(
      { from: hexToBytes(chain.accounts[1]!.address), to: hexToBytes(proxyToIdentity), data: hexToBytes('0x1234') },
      LATEST,
    );
    const slot0 = `0x${'00'.repeat(32)}`;
    expect(result.accessList).toEqual([{ address: proxyToIdentity.toLowerCase(), storageKeys: [slot0] }]);
    const nested = await chain.backend.calls.createAccessList(
      { to: hexToBytes(proxyToCounter), data: hexToBytes(encodeFunctionData({ abi: counterArtifact.abi, functionName: 'increment' })) },
      LATEST,
    );
    expect(nested.accessList).toEqual(
      [
        { address: counter.toLowerCase(), storageKeys: [slot0] },
        { address: proxyToCounter.toLowerCase(), storageKeys: [slot0] },
      ].sort((a, b) => (a.address < b.address ? -1 : 1)),
    );
  });

  it('reports a reverting call’s error with what it touched before reverting', async () => {
    const result = await chain.backend.calls.createAccessList(
      { to: hexToBytes(reverter), data: hexToBytes(encodeFunctionData({ abi: reverterArtifact.abi, functionName: 'revertWithReason' })) },
      LATEST,
    );
    expect(result.error).toBe('execution reverted');
    expect(result.accessList).toEqual([{ address: reverter.toLowerCase(), storageKeys: [`0x${'00'.repeat(32)}`] }]);
    expect(result.gasUsed).toBeGreaterThan(21_000n);
  });

  it('keeps the entries of a list given with the request', async () => {
    const extra = { address: hexToBytes('0x00000000000000000000000000000000000000cc'), storageKeys: [hexToBytes(`0x${'01'.padStart(64, '0')}`)] };
    const result = await chain.backend.calls.createAccessList({ to: hexToBytes(RECIPIENT), accessList: [extra] }, LATEST);
    expect(result.accessList).toEqual([{ address: '0x00000000000000000000000000000000000000cc', storageKeys: [`0x${'01'.padStart(64, '0')}`] }]);
    // 21,000 + 2,400 for the listed address + 1,900 for its slot.
    expect(result.gasUsed).toBe(21_000n + 2_400n + 1_900n);
  });

  it('answers "header not found" for a block that does not exist', async () => {
    await expect(chain.backend.calls.createAccessList({ to: hexToBytes(RECIPIENT) }, { kind: 'number', number: 99n }).catch(onTheWire)).resolves.toMatchObject({
      code: -32000,
      message: 'header not found',
    });
  });
});
