// The shared payloads of the pre-confirmation subscriptions: built once per sub-block (or tx) for
// every subscriber, and in the shape each name promises (docs/flashblocks.md).

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UNSEALED_BLOCK_HASH } from '../../chain/receiptView.js';
import type { Hex } from '../../primitives/hex.js';
import type { ChainView } from '../../sequencer/ChainView.js';
import { createTestChain, type TestChain } from '../../testing/createTestChain.js';
import { preconfirm } from '../../testing/driveChain.js';
import { submitTestTokenDeployment, submitTokenTransfer } from '../../testing/testToken.js';
import { PreconfirmedPayloads } from './PreconfirmedPayloads.js';

let chain: TestChain;
let token: Hex;
const views: ChainView[] = [];

beforeAll(async () => {
  chain = await createTestChain();
  const deployment = await submitTestTokenDeployment(chain, chain.accounts[0]!);
  await preconfirm(chain);
  token = chain.backend.blocks.getTransactionReceipt(deployment)!.contractAddress!;
  chain.events.on('subBlock', ({ view }) => views.push(view));
});
afterAll(() => chain.close());

describe('PreconfirmedPayloads', () => {
  it("pendingBlock: the view's pending block in full, serialized once per sub-block, the sub-block index in nonce", async () => {
    const payloads = new PreconfirmedPayloads();
    await submitTokenTransfer(chain, token, chain.accounts[0]!, chain.accounts[1]!.address as Hex, 1n);
    await preconfirm(chain);
    const first = views.at(-1)!;
    expect(payloads.pendingBlock(first)).toBe(payloads.pendingBlock(first));
    expect(JSON.parse(payloads.pendingBlock(first).text)).toEqual(chain.backend.blocks.getBlock({ kind: 'tag', tag: 'pending' }, true));

    await submitTokenTransfer(chain, token, chain.accounts[0]!, chain.accounts[2]!.address as Hex, 1n);
    await preconfirm(chain);
    const second = JSON.parse(payloads.pendingBlock(views.at(-1)!).text);
    expect(second.nonce).toBe(`0x${first.open.subBlockCount.toString(16).padStart(16, '0')}`);
    expect(second.hash).toBe(UNSEALED_BLOCK_HASH);
    expect(second.transactions).toHaveLength(first.open.transactionCount + 1);
  });

  it("fullPayload: the tx's blockHash null in both shapes; its logs' null in Sequin's, the zero hash in Base's", async () => {
    const payloads = new PreconfirmedPayloads();
    const hash = await submitTokenTransfer(chain, token, chain.accounts[0]!, chain.accounts[3]!.address as Hex, 1n);
    await preconfirm(chain);
    const view = views.at(-1)!;
    const stored = view.transaction(hash)!;
    const sequin = JSON.parse(payloads.fullPayload(stored, view, 'sequin').text);
    const base = JSON.parse(payloads.fullPayload(stored, view, 'base').text);
    expect(payloads.fullPayload(stored, view, 'base')).toBe(payloads.fullPayload(stored, view, 'base'));
    expect(sequin.blockHash).toBeNull();
    expect(sequin.logs).toHaveLength(1);
    expect(sequin.logs[0].blockHash).toBeNull();
    expect(base).toEqual({ ...sequin, logs: [{ ...sequin.logs[0], blockHash: UNSEALED_BLOCK_HASH }] });
    expect(base.logs).toEqual(chain.backend.blocks.getTransactionReceipt(hash)!.logs);
  });
});
