import { describe, expect, it } from 'vitest';
import { decodeSubscriptionKind } from './subscriptionKind.js';

describe('subscription names', () => {
  it("names every kind geth clients use plus the pre-confirmation ones (Sequin's and Base's names), and refuses others like geth", () => {
    for (const kind of [
      'newHeads',
      'logs',
      'newPendingTransactions',
      'newPreconfBlockTransactions',
      'newPreconfLogs',
      'newPreconfSubBlocks',
      'newFlashblockTransactions',
      'newFlashblocks',
      'pendingLogs',
    ])
      expect(decodeSubscriptionKind(kind)).toBe(kind);
    expect(() => decodeSubscriptionKind('syncing')).toThrow('no "syncing" subscription in eth namespace');
    expect(() => decodeSubscriptionKind(1)).toThrow('subscription name (string) expected');
  });
});
