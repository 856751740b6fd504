// chain_transactionStatus through a transaction's life: pooled (also queued behind a nonce gap),
// pre-confirmed, sealed; unknown for hashes the node never accepted or dropped.

import { afterEach, describe, expect, it } from 'vitest';
import type { Hex } from '../../primitives/hex.js';
import { createTestChain, type TestChain } from '../../testing/createTestChain.js';
import { preconfirm, sealBlock } from '../../testing/driveChain.js';
import { sendTestTransaction } from '../../testing/sendTestTransaction.js';

let chain: TestChain;
afterEach(() => chain.close());

const send = (from: number, nonce?: bigint) =>
  sendTestTransaction(chain, chain.accounts[from]!, {
    to: chain.accounts[9]!.address as Hex,
    value: 1n,
    gas: 21_000n,
    ...(nonce === undefined ? {} : { nonce }),
  });

describe('transactionStatus', () => {
  it('follows a tx from the pool to pre-confirmation to its sealed block', async () => {
    chain = await createTestChain();
    const hash = await send(1);
    expect(chain.backend.transactions.transactionStatus(hash)).toEqual({ status: 'Known', stage: 'pool' });
    await preconfirm(chain);
    expect(chain.backend.transactions.transactionStatus(hash)).toEqual({ status: 'Known', stage: 'preconfirmed' });
    await sealBlock(chain);
    expect(chain.backend.transactions.transactionStatus(hash)).toEqual({ status: 'Known', stage: 'sealed' });
  });

  it('a queued tx (nonce gap) is Known in the pool until the gap fills', async () => {
    chain = await createTestChain();
    const gapped = await send(2, 1n);
    await preconfirm(chain);
    expect(chain.backend.transactions.transactionStatus(gapped)).toEqual({ status: 'Known', stage: 'pool' });
    await send(2, 0n);
    await preconfirm(chain);
    expect(chain.backend.transactions.transactionStatus(gapped)).toEqual({ status: 'Known', stage: 'preconfirmed' });
  });

  it('is Unknown for a hash the node never saw, and for a tx replaced in the pool', async () => {
    chain = await createTestChain();
    expect(chain.backend.transactions.transactionStatus(`0x${'ab'.repeat(32)}`)).toEqual({ status: 'Unknown' });
    const replaced = await sendTestTransaction(chain, chain.accounts[3]!, {
      to: chain.accounts[9]!.address as Hex,
      gas: 21_000n,
      nonce: 0n,
      maxPriorityFeePerGas: 1_000_000_000n,
    });
    const replacement = await sendTestTransaction(chain, chain.accounts[3]!, {
      to: chain.accounts[9]!.address as Hex,
      gas: 21_000n,
      nonce: 0n,
      maxPriorityFeePerGas: 2_000_000_000n,
    });
    expect(chain.backend.transactions.transactionStatus(replaced)).toEqual({ status: 'Unknown' });
    expect(chain.backend.transactions.transactionStatus(replacement)).toEqual({ status: 'Known', stage: 'pool' });
  });
});
