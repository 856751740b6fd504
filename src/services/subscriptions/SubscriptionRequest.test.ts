import { describe, expect, it } from 'vitest';
import { toSubscriptionRequest } from './SubscriptionRequest.js';

describe('subscription requests', () => {
  it('decodes newPreconfBlockTransactions options: a boolean, or { full, after }', () => {
    expect(toSubscriptionRequest('newPreconfBlockTransactions', undefined)).toEqual({ kind: 'newPreconfBlockTransactions', full: false, after: undefined });
    expect(toSubscriptionRequest('newPreconfBlockTransactions', true)).toEqual({ kind: 'newPreconfBlockTransactions', full: true, after: undefined });
    expect(
      toSubscriptionRequest('newPreconfBlockTransactions', { full: true, after: { blockNumber: '0x5', transactionIndex: '0x0', subBlockIndex: '0x0' } }),
    ).toEqual({
      kind: 'newPreconfBlockTransactions',
      full: true,
      after: { blockNumber: 5n, transactionIndex: 0n },
    });
  });

  it.each([
    ['newPreconfBlockTransactions', { full: 'yes' }, 'full: boolean expected'],
    ['newPreconfBlockTransactions', { fool: true }, 'unknown option "fool"'],
    ['newPreconfBlockTransactions', { after: { blockNumber: '0x5' } }, 'after: blockNumber and transactionIndex are required'],
    ['newPreconfBlockTransactions', { after: { blockNumber: '0x05', transactionIndex: '0x0' } }, 'hex number with leading zero digits'],
    ['newHeads', {}, 'newHeads takes no options'],
    ['newPendingTransactions', 'yes', 'newPendingTransactions takes one boolean (full transactions)'],
    ['logs', { address: '0x1', fromBlock: '0x1' }, 'unknown option "fromBlock"'],
  ] as const)('%s with %j fails: %s', (kind, options, message) => {
    expect(() => toSubscriptionRequest(kind, options)).toThrow(message);
  });
});
