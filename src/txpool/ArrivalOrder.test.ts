import { describe, expect, it } from 'vitest';
import { ArrivalOrder } from './ArrivalOrder.js';

describe('ArrivalOrder', () => {
  it('admits in arrival order whatever order the decodings come in', () => {
    const order = new ArrivalOrder<string>();
    const admitted: string[] = [];
    const settle = ['a', 'b', 'c', 'd'].map(() => order.add((decoding) => admitted.push(decoding)));
    settle[2]!('c');
    settle[1]!('b');
    expect(admitted).toEqual([]);
    expect(order.isEmpty).toBe(false);
    settle[0]!('a');
    expect(admitted).toEqual(['a', 'b', 'c']);
    settle[3]!('d');
    expect(admitted).toEqual(['a', 'b', 'c', 'd']);
    expect(order.isEmpty).toBe(true);
  });

  it('admits one added while it admits (a settle inside an admission) after those before it', () => {
    const order = new ArrivalOrder<number>();
    const admitted: number[] = [];
    let settleLater: (decoding: number) => void = () => {};
    const first = order.add((decoding) => {
      admitted.push(decoding);
      settleLater = order.add((later) => admitted.push(later));
      settleLater(3);
    });
    const second = order.add((decoding) => admitted.push(decoding));
    second(2);
    first(1);
    expect(admitted).toEqual([1, 2, 3]);
    expect(order.isEmpty).toBe(true);
  });
});
