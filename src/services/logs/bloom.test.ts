// The bloom bits of an address or topic, checked against @ethereumjs/vm's Bloom (the one that
// built every receipt's and block's logsBloom), and the block-skipping log scan.

import { Bloom } from '@ethereumjs/vm';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { RpcLog } from '../../chain/receiptView.js';
import type { Hex } from '../../primitives/hex.js';
import { bloomBitsOf, bloomHas } from './bloom.js';
import type { BlockLogs, LogBlocks } from './ChainLogSource.js';
import { collectLogs } from './collectLogs.js';
import { LogMatcher } from './LogMatcher.js';

describe('bloomBitsOf / bloomHas', () => {
  it('sets exactly the bits ethereumjs sets, for addresses and topics', () => {
    fc.assert(
      fc.property(fc.uint8Array({ minLength: 20, maxLength: 32 }), (value) => {
        const reference = new Bloom();
        reference.add(value);
        const ours = new Uint8Array(256);
        for (const [byte, mask] of bloomBitsOf(value)) ours[byte]! |= mask;
        expect(ours).toEqual(reference.bitvector);
        expect(bloomHas(reference.bitvector, bloomBitsOf(value))).toBe(true);
      }),
    );
  });

  it('never misses a value that was added, and rejects what an empty bloom cannot hold', () => {
    fc.assert(
      fc.property(fc.array(fc.uint8Array({ minLength: 32, maxLength: 32 }), { minLength: 1, maxLength: 8 }), (values) => {
        const bloom = new Bloom();
        for (const value of values) bloom.add(value);
        for (const value of values) expect(bloomHas(bloom.bitvector, bloomBitsOf(value))).toBe(true);
        expect(bloomHas(new Uint8Array(256), bloomBitsOf(values[0]!))).toBe(false);
      }),
    );
  });
});

const TOKEN: Hex = `0x${'aa'.repeat(20)}`;
const OTHER: Hex = `0x${'bb'.repeat(20)}`;
const TOPIC: Hex = `0x${'01'.repeat(32)}`;

/** Fake blocks 0..n-1; each holds one log from `emitters[n]` (or none when null), and counts reads of its logs. */
function fakeChain(emitters: (Hex | null)[]): LogBlocks & { reads: number[] } {
  const reads: number[] = [];
  const blocks: BlockLogs[] = emitters.map((emitter, number) => {
    const bloom = new Bloom();
    const logs: RpcLog[] = [];
    if (emitter) {
      bloom.add(Buffer.from(emitter.slice(2), 'hex'));
      bloom.add(Buffer.from(TOPIC.slice(2), 'hex'));
      const numberHex = `0x${number.toString(16)}` as Hex;
      logs.push({
        address: emitter,
        topics: [TOPIC],
        data: '0x',
        logIndex: '0x0',
        transactionIndex: '0x0',
        transactionHash: TOPIC,
        blockNumber: numberHex,
        blockTimestamp: numberHex,
        blockHash: TOPIC,
        removed: false,
      });
    }
    const readLogs = () => {
      reads.push(number);
      return logs;
    };
    return { number, bloom: bloom.bitvector, logs: readLogs };
  });
  return { reads, block: (number) => blocks[number] };
}

describe('collectLogs', () => {
  it("reads only the blocks whose bloom may hold a match, and stops at the chain's end", () => {
    const chain = fakeChain([TOKEN, OTHER, null, TOKEN, OTHER]);
    const { logs, stoppedAt } = collectLogs(chain, new LogMatcher({ addresses: [TOKEN], topics: [] }), { block: 0, logIndex: 0 }, 100, 10);
    expect(logs.map((log) => log.blockNumber)).toEqual(['0x0', '0x3']);
    expect(stoppedAt).toBeUndefined();
    expect(chain.reads).toEqual([0, 3]);
  });

  it('an unconstrained filter reads every block that has logs; an empty bloom is never read', () => {
    const chain = fakeChain([TOKEN, null, OTHER]);
    const { logs } = collectLogs(chain, new LogMatcher({ addresses: [], topics: [] }), { block: 0, logIndex: 0 }, 2, 10);
    expect(logs).toHaveLength(2);
    expect(chain.reads).toEqual([0, 2]);
  });

  it('stops at the limit and says where the first left-out log is; resuming there loses nothing', () => {
    const chain = fakeChain([TOKEN, TOKEN, TOKEN]);
    const matcher = new LogMatcher({ addresses: [TOKEN], topics: [[TOPIC]] });
    const first = collectLogs(chain, matcher, { block: 0, logIndex: 0 }, 2, 2);
    expect(first.logs.map((log) => log.blockNumber)).toEqual(['0x0', '0x1']);
    expect(first.stoppedAt).toEqual({ block: 2, logIndex: 0 });
    const rest = collectLogs(chain, matcher, first.stoppedAt!, 2, 2);
    expect(rest.logs.map((log) => log.blockNumber)).toEqual(['0x2']);
    // Starting past a block's last log skips it.
    expect(collectLogs(chain, matcher, { block: 0, logIndex: 1 }, 0, 2).logs).toEqual([]);
  });
});
