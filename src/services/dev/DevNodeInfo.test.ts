// anvil_nodeInfo, anvil_metadata, anvil_getGenesisTime, eth_getAccount and eth_getAccountInfo on
// an in-process chain: Anvil's shapes, filled from the chain as it stands.

import { afterEach, describe, expect, it } from 'vitest';
import type { BlockSelector } from '../../primitives/blockTag.js';
import { hexToBytes, toQuantity } from '../../primitives/hex.js';
import { createTestChain, type TestChain } from '../../testing/createTestChain.js';
import { sealBlock } from '../../testing/driveChain.js';

const LATEST: BlockSelector = { kind: 'tag', tag: 'latest' };
const PENDING: BlockSelector = { kind: 'tag', tag: 'pending' };
const EMPTY_ROOT = '0x56e81f171bcc55a6ff8345e692c0f86e5b48e01b996cadc001622fb5e363b421';
const EMPTY_CODE_HASH = '0xc5d2460186f7233c927e7db2dcc703c0e500b653ca82273b7bfad8045d85a470';

let chain: TestChain | undefined;
afterEach(async () => {
  await chain?.close();
  chain = undefined;
});

describe('dev node info', () => {
  it("reports the head, the chain and the next block's environment in Anvil's and Hardhat's shapes", async () => {
    chain = await createTestChain({ chainId: 4242n });
    const number = await sealBlock(chain);
    const head = chain.backend.blocks.getBlock(LATEST, false)!;
    const { info } = chain.backend.dev;
    expect(info.nodeInfo()).toEqual({
      currentBlockNumber: toQuantity(number),
      currentBlockTimestamp: Number(head.timestamp),
      currentBlockHash: head.hash,
      hardFork: 'Osaka',
      transactionOrder: 'fees',
      environment: {
        baseFee: toQuantity(chain.sequencer.openBlock.baseFeePerGas),
        chainId: 4242,
        gasLimit: toQuantity(chain.config.blockGasLimit),
        gasPrice: toQuantity(chain.backend.fees.gasPrice()),
      },
      forkConfig: { forkUrl: null, forkBlockNumber: null, forkRetryBackoff: null },
    });
    const metadata = info.metadata();
    expect(metadata).toEqual({
      clientVersion: chain.backend.node.clientVersion(),
      clientSemver: expect.stringMatching(/^\d+\.\d+\.\d+/),
      chainId: 4242,
      instanceId: expect.stringMatching(/^0x[0-9a-f]{64}$/),
      latestBlockNumber: number,
      latestBlockHash: head.hash,
      forkedNetwork: null,
      snapshots: {},
    });
    expect(info.metadata().instanceId).toBe(metadata.instanceId);
    const genesis = chain.backend.blocks.getBlock({ kind: 'number', number: 0n }, false)!;
    expect(info.genesisTime()).toBe(Number(genesis.timestamp));
  });

  it('reads an account as the trie holds it (eth_getAccount) and with its code (eth_getAccountInfo); an absent one as empty', async () => {
    chain = await createTestChain();
    const target = hexToBytes('0x00000000000000000000000000000000000e0005');
    await chain.backend.dev.state.setBalance(target, 99n);
    await chain.backend.dev.state.setCode(target, hexToBytes('0x60ff'));
    const { info } = chain.backend.dev;
    const absent = { nonce: '0x0', balance: '0x0', storageRoot: EMPTY_ROOT, codeHash: EMPTY_CODE_HASH };
    expect(await info.getAccount(target, LATEST)).toEqual(absent);
    const proof = await chain.backend.state.getProof(target, [], PENDING);
    expect(await info.getAccount(target, PENDING)).toEqual({ nonce: '0x0', balance: '0x63', storageRoot: proof.storageHash, codeHash: proof.codeHash });
    expect(info.getAccountInfo(target, PENDING)).toEqual({ balance: '0x63', nonce: '0x0', code: '0x60ff' });
    expect(info.getAccountInfo(target, LATEST)).toEqual({ balance: '0x0', nonce: '0x0', code: '0x' });
  });
});
