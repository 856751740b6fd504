import { logs } from './logs.js';
import { newFlashblocks } from './newFlashblocks.js';
import { newFlashblockTransactions } from './newFlashblockTransactions.js';
import { newHeads } from './newHeads.js';
import { newPendingTransactions } from './newPendingTransactions.js';
import { newPreconfBlockTransactions } from './newPreconfBlockTransactions.js';
import { newPreconfLogs } from './newPreconfLogs.js';
import { newPreconfSubBlocks } from './newPreconfSubBlocks.js';
import { pendingLogs } from './pendingLogs.js';
import type { SubscriptionDefinition } from './SubscriptionDefinition.js';

/**
 * Every eth_subscribe kind the node serves, listed explicitly (as methods are): one file and one
 * entry per kind. The kind names and the request union below are derived from this list.
 */
export const ALL_SUBSCRIPTIONS = [
  newHeads,
  logs,
  newPreconfLogs,
  newPendingTransactions,
  newPreconfBlockTransactions,
  newPreconfSubBlocks,
  // Base's flashblocks names (docs/flashblocks.md): the same streams in Base's shapes.
  newFlashblockTransactions,
  newFlashblocks,
  pendingLogs,
] as const;

type Definition = (typeof ALL_SUBSCRIPTIONS)[number];

/** The name of a subscription kind. */
export type SubscriptionKind = Definition['name'];

/** What eth_subscribe asked for, decoded: the kind and its decoded options. */
export type SubscriptionRequest = Definition extends infer D
  ? D extends SubscriptionDefinition<infer Name, infer Options>
    ? { kind: Name } & Options
    : never
  : never;

/** The definition of `kind`. */
export function subscriptionDefinition(kind: SubscriptionKind): SubscriptionDefinition<SubscriptionKind, unknown> {
  return ALL_SUBSCRIPTIONS.find((definition) => definition.name === kind) as SubscriptionDefinition<SubscriptionKind, unknown>;
}
