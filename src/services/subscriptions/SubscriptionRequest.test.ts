import { describe, expect, it } from 'vitest';
import { toSubscriptionRequest } from './SubscriptionRequest.js';

describe('subscription requests', () => {
  it('decodes newPreconfBlockTransactions options: a boolean, or { full, proof, after }', () => {
    expect(toSubscriptionRequest('newPreconfBlockTransactions', undefined)).toEqual({
      kind: 'newPreconfBlockTransactions',
      full: false,
      proof: false,
      after: undefined,
    });
    expect(toSubscriptionRequest('newPreconfBlockTransactions', true)).toEqual({
      kind: 'newPreconfBlockTransactions',
      full: true,
      proof: false,
      after: undefined,
    });
    expect(
      toSubscriptionRequest('newPreconfBlockTransactions', { full: true, after: { blockNumber: '0x5', transactionIndex: '0x0', subBlockIndex: '0x0' } }),
    ).toEqual({
      kind: 'newPreconfBlockTransactions',
      full: true,
      proof: false,
      after: { blockNumber: 5n, transactionIndex: 0n },
    });
    // Proven answers (issue 26) are full transactions: proof needs full.
    expect(toSubscriptionRequest('newPreconfBlockTransactions', { full: true, proof: true })).toMatchObject({ full: true, proof: true });
    expect(() => toSubscriptionRequest('newPreconfBlockTransactions', { proof: true })).toThrow('proof: needs full: true');
  });

  it("decodes Base's names: newFlashblockTransactions takes a boolean or { full }, pendingLogs a filter, newFlashblocks nothing", () => {
    expect(toSubscriptionRequest('newFlashblockTransactions', undefined)).toEqual({ kind: 'newFlashblockTransactions', full: false });
    expect(toSubscriptionRequest('newFlashblockTransactions', true)).toEqual({ kind: 'newFlashblockTransactions', full: true });
    expect(toSubscriptionRequest('newFlashblockTransactions', { full: true })).toEqual({ kind: 'newFlashblockTransactions', full: true });
    expect(toSubscriptionRequest('newFlashblocks', undefined)).toEqual({ kind: 'newFlashblocks' });
    expect(toSubscriptionRequest('pendingLogs', undefined)).toEqual({ kind: 'pendingLogs', criteria: { addresses: undefined, topics: [] } });
    expect(toSubscriptionRequest('pendingLogs', { address: `0x${'AB'.repeat(20)}` })).toEqual({
      kind: 'pendingLogs',
      criteria: { addresses: [`0x${'ab'.repeat(20)}`], topics: [] },
    });
  });

  it.each([
    ['newFlashblockTransactions', { full: 1 }, 'full: boolean expected'],
    ['newFlashblockTransactions', { after: {} }, 'unknown option "after"'],
    ['newFlashblocks', true, 'newFlashblocks takes no options'],
    ['pendingLogs', { address: '0x1' }, 'invalid address'],
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
