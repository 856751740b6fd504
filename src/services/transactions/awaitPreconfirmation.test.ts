import { describe, expect, it } from 'vitest';
import { EventBus } from '../../events/EventBus.js';
import type { Hex } from '../../primitives/hex.js';

/** The sub-block event's summary fields: all this helper reads. */
type ChainEvents = { subBlock: { blockNumber: bigint; index: number; timestamp: bigint; transactionHashes: Hex[]; preconfirmedAtMs: number } };

import { submitAndAwaitPreconfirmation } from './awaitPreconfirmation.js';

const HASH: Hex = `0x${'ab'.repeat(32)}`;
const OTHER: Hex = `0x${'cd'.repeat(32)}`;

function subBlock(events: EventBus<ChainEvents>, hashes: Hex[]): void {
  events.emit('subBlock', { blockNumber: 1n, index: 0, timestamp: 1n, transactionHashes: hashes, preconfirmedAtMs: 0 });
}

describe('submitAndAwaitPreconfirmation', () => {
  it('catches a pre-confirmation that lands while the submission is still in flight', async () => {
    const events = new EventBus<ChainEvents>();
    const outcome = await submitAndAwaitPreconfirmation({
      submit: async () => {
        subBlock(events, [OTHER, HASH]);
        return HASH;
      },
      events,
      isPreconfirmed: () => false,
      timeoutMs: 10_000,
    });
    expect(outcome).toEqual({ hash: HASH, preconfirmed: true });
  });

  it('resolves when a later sub-block holds the hash, ignoring others', async () => {
    const events = new EventBus<ChainEvents>();
    const waiting = submitAndAwaitPreconfirmation({ submit: async () => HASH, events, isPreconfirmed: () => false, timeoutMs: 10_000 });
    await new Promise((resolve) => setImmediate(resolve));
    subBlock(events, [OTHER]);
    subBlock(events, [HASH]);
    expect(await waiting).toEqual({ hash: HASH, preconfirmed: true });
  });

  it('answers at once for a hash already pre-confirmed, and gives up after the timeout otherwise', async () => {
    const events = new EventBus<ChainEvents>();
    expect(await submitAndAwaitPreconfirmation({ submit: async () => HASH, events, isPreconfirmed: () => true, timeoutMs: 10_000 })).toEqual({
      hash: HASH,
      preconfirmed: true,
    });
    expect(await submitAndAwaitPreconfirmation({ submit: async () => HASH, events, isPreconfirmed: () => false, timeoutMs: 20 })).toEqual({
      hash: HASH,
      preconfirmed: false,
    });
  });

  it('passes a submission error through and stops listening', async () => {
    const events = new EventBus<ChainEvents>();
    let listening = 0;
    const counting = {
      ...events,
      on: (...args: Parameters<typeof events.on>) => {
        listening++;
        const off = events.on(...args);
        return () => {
          listening--;
          off();
        };
      },
    } as EventBus<ChainEvents>;
    await expect(
      submitAndAwaitPreconfirmation({
        submit: async () => Promise.reject(new Error('nonce too low')),
        events: counting,
        isPreconfirmed: () => false,
        timeoutMs: 10,
      }),
    ).rejects.toThrow('nonce too low');
    expect(listening).toBe(0);
  });
});
