// txpool_status / txpool_content / txpool_contentFrom / txpool_inspect: pending vs queued split by
// nonce gaps, geth's shapes (checksummed senders, decimal nonces) and inspect's summary lines.

import { getAddress } from 'viem';
import { afterEach, describe, expect, it } from 'vitest';
import { type Hex, hexToBytes } from '../../primitives/hex.js';
import { createTestChain, type TestChain } from '../../testing/createTestChain.js';
import { preconfirm } from '../../testing/driveChain.js';
import { sendTestTransaction } from '../../testing/sendTestTransaction.js';

let chain: TestChain;
afterEach(() => chain.close());

const GWEI = 1_000_000_000n;

describe('txpool_*', () => {
  it('split pooled txs into pending (executable) and queued (behind a nonce gap), keyed like geth', async () => {
    chain = await createTestChain();
    const [alice, bob] = [chain.accounts[1]!, chain.accounts[2]!];
    const recipient = chain.accounts[9]!.address as Hex;
    const fees = { maxFeePerGas: 10n * GWEI, maxPriorityFeePerGas: GWEI };
    const a0 = await sendTestTransaction(chain, alice, { to: recipient, value: 5n, gas: 21_000n, nonce: 0n, ...fees });
    const a1 = await sendTestTransaction(chain, alice, { to: recipient, value: 6n, gas: 21_000n, nonce: 1n, ...fees });
    const a3 = await sendTestTransaction(chain, alice, { to: recipient, value: 7n, gas: 21_000n, nonce: 3n, ...fees });
    const b5 = await sendTestTransaction(chain, bob, { data: '0x00', gas: 60_000n, nonce: 5n, ...fees });

    expect(chain.backend.txpool.status()).toEqual({ pending: '0x2', queued: '0x2' });

    const content = chain.backend.txpool.content();
    const aliceKey = getAddress(alice.address);
    const bobKey = getAddress(bob.address);
    expect(Object.keys(content.pending)).toEqual([aliceKey]);
    expect(Object.keys(content.pending[aliceKey]!)).toEqual(['0', '1']);
    expect(content.pending[aliceKey]!['0']).toEqual(chain.backend.blocks.getTransactionByHash(a0));
    expect(content.pending[aliceKey]!['1']).toMatchObject({ hash: a1, blockHash: null, blockNumber: null, transactionIndex: null, gasPrice: '0x2540be400' });
    expect(Object.keys(content.queued).sort()).toEqual([aliceKey, bobKey].sort());
    expect(content.queued[aliceKey]!['3']).toMatchObject({ hash: a3 });
    expect(content.queued[bobKey]!['5']).toMatchObject({ hash: b5, to: null });

    expect(chain.backend.txpool.contentFrom(hexToBytes(alice.address))).toEqual({ pending: content.pending[aliceKey], queued: content.queued[aliceKey] });
    expect(chain.backend.txpool.contentFrom(hexToBytes(chain.accounts[7]!.address))).toEqual({ pending: {}, queued: {} });

    const inspect = chain.backend.txpool.inspect();
    expect(inspect.pending[aliceKey]).toEqual({
      '0': `${getAddress(recipient)}: 5 wei + 21000 gas × 10000000000 wei`,
      '1': `${getAddress(recipient)}: 6 wei + 21000 gas × 10000000000 wei`,
    });
    expect(inspect.queued[bobKey]).toEqual({ '5': 'contract creation: 0 wei + 60000 gas × 10000000000 wei' });

    // Pre-confirmed txs leave the pool; the queued ones stay.
    await preconfirm(chain);
    expect(chain.backend.txpool.status()).toEqual({ pending: '0x0', queued: '0x2' });
    expect(chain.backend.txpool.content().pending).toEqual({});
  });
});
