import { describe, expect, it } from 'vitest';
import { onTheWire } from '../../testing/onTheWire.js';
import { sanitizeSimulatedChain } from './sanitizeSimulatedChain.js';

const BASE = { number: 100n, timestamp: 1_000n };

describe('sanitizeSimulatedChain', () => {
  it('numbers blocks after the base, 12 s apart, unless overridden', () => {
    const planned = sanitizeSimulatedChain(BASE, [{ calls: [] }, { blockOverrides: { time: 5_000n }, calls: [] }, { calls: [] }]);
    expect(planned.map((block) => [block.number, block.timestamp])).toEqual([
      [101n, 1_012n],
      [102n, 5_000n],
      [103n, 5_012n],
    ]);
  });

  it('fills a gap between numbers with empty blocks, each 12 s after the one before', () => {
    const planned = sanitizeSimulatedChain(BASE, [{ blockOverrides: { number: 104n }, calls: [{}] }]);
    expect(planned.map((block) => [block.number, block.timestamp, block.calls.length])).toEqual([
      [101n, 1_012n, 0],
      [102n, 1_024n, 0],
      [103n, 1_036n, 0],
      [104n, 1_048n, 1],
    ]);
  });

  it("refuses numbers or times that do not increase, and blocks more than 256 past the base, with geth's codes", () => {
    const refusal = (blocks: Parameters<typeof sanitizeSimulatedChain>[1]) => {
      try {
        sanitizeSimulatedChain(BASE, blocks);
      } catch (error) {
        return onTheWire(error);
      }
      throw new Error('not refused');
    };
    expect(refusal([{ blockOverrides: { number: 100n }, calls: [] }])).toMatchObject({ code: -38020, message: 'block numbers must be in order: 100 <= 100' });
    expect(refusal([{ blockOverrides: { time: 1_000n }, calls: [] }])).toMatchObject({
      code: -38021,
      message: 'block timestamps must be in order: 1000 <= 1000',
    });
    expect(refusal([{ blockOverrides: { number: 357n }, calls: [] }])).toMatchObject({ code: -38026, message: 'too many blocks' });
    expect(sanitizeSimulatedChain(BASE, [{ blockOverrides: { number: 356n }, calls: [] }])).toHaveLength(256);
  });
});
