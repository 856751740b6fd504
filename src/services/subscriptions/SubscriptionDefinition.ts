import type { EventBus } from '../../events/EventBus.js';
import type { ChainEvents } from '../../sequencer/ChainEvents.js';
import type { ViewSource } from '../../sequencer/ChainViews.js';
import type { PreconfirmationProofs } from '../preconfirmations/PreconfirmationProofs.js';
import type { Notify } from './Notify.js';
import type { PerEventPayloads } from './PerEventPayloads.js';
import type { PreconfirmedPayloads } from './PreconfirmedPayloads.js';

/** What subscription sources read: the events they follow and the chain views they describe. */
export interface SubscriptionDeps {
  events: EventBus<ChainEvents>;
  views: ViewSource;
  payloads: PreconfirmedPayloads;
  /** The proven answers newPreconfBlockTransactions sends with `proof` (sequin_getPreconfirmation's). */
  proofs: PreconfirmationProofs;
  /** True when the chain's sub-blocks get signed commitments (a sequencer key signs them). */
  commitmentsSigned: () => boolean;
  /** What one event's subscribers share (its notifications, serialized once). */
  perEvent: PerEventPayloads;
}

/** A JSON Schema (for rpc.discover) as plain data. */
export type OptionsSchema = { readonly [keyword: string]: unknown };

/**
 * One eth_subscribe kind declared as data, like a method: its name, what it sends, how its
 * options are decoded, and how it starts. The registry (allSubscriptions.ts) lists every kind;
 * the request union is derived from it, so a kind cannot be declared and forgotten.
 */
export interface SubscriptionDefinition<Name extends string = string, Options = unknown> {
  name: Name;
  /** One sentence: what each notification carries. */
  summary: string;
  /** JSON Schema of the options (the second eth_subscribe parameter); omitted when it takes none. */
  optionsSchema?: OptionsSchema;
  /** Decodes the options; throws a TypeError naming what is wrong. `undefined` when none were given. */
  decodeOptions(options: unknown): Options;
  /**
   * Starts delivering to `notify` and returns the function that stops it. Throws (a domain error),
   * delivering nothing, for a request that cannot be served. What an event sends every subscriber
   * of the same options is built once per event (`deps.perEvent`) and handed to each as the same
   * batch, so a listener's work per subscriber does not grow with the event's size.
   */
  start(deps: SubscriptionDeps, options: Options, notify: Notify): () => void;
}

/** Declares a subscription kind with its name kept as a literal type. */
export function defineSubscription<const Name extends string, Options>(
  definition: SubscriptionDefinition<Name, Options>,
): SubscriptionDefinition<Name, Options> {
  return definition;
}

/** For kinds that take no options: refuses any. */
export function noOptions(name: string): (options: unknown) => Record<string, never> {
  return (options) => {
    if (options !== undefined) throw new TypeError(`${name} takes no options`);
    return {};
  };
}

/** An options object with only `allowed` keys, or undefined; throws naming the first unknown key. */
export function optionsObject(value: unknown, allowed: readonly string[]): Record<string, unknown> | undefined {
  if (value === undefined) return undefined;
  if (value === null || typeof value !== 'object' || Array.isArray(value)) throw new TypeError('options object expected');
  for (const key of Object.keys(value)) if (!allowed.includes(key)) throw new TypeError(`unknown option ${JSON.stringify(key)}`);
  return value as Record<string, unknown>;
}
