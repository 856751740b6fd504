import type { ChainStore } from '../../chain/ChainStore.js';
import type { ChainEvents } from '../../events/ChainEvents.js';
import type { EventBus } from '../../events/EventBus.js';
import type { JsonObject } from '../../rpc/backend.js';
import type { Notify } from '../../rpc/server/SubscriptionSession.js';
import type { Sequencer } from '../../sequencer/Sequencer.js';
import type { ChainLogSource } from '../logs/ChainLogSource.js';
import type { PreconfirmedPayloads } from './PreconfirmedPayloads.js';

/** What subscription sources read: the events they follow and the chain they describe. */
export interface SubscriptionDeps {
  events: EventBus<ChainEvents>;
  chain: ChainStore;
  sequencer: Sequencer;
  /** Blocks as log queries read them (bloom, then logs on demand), shared with eth_getLogs and filters. */
  logSource: ChainLogSource;
  /** A pooled or stored transaction in RPC shape (for newPendingTransactions with full). */
  transactionByHash(hash: string): JsonObject | null;
  payloads: PreconfirmedPayloads;
}

/** Starts one subscription: delivers to `notify` until the returned function is called. */
export type SubscriptionSource<R> = (deps: SubscriptionDeps, request: R, notify: Notify) => () => void;
