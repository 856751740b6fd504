import { hexToBytes } from '../../primitives/hex.js';
import { type BloomBits, bloomBitsOf, bloomHas } from './bloom.js';
import type { LogCriteria } from './logCriteria.js';

/**
 * Decides whether a log matches a filter's or a subscription's criteria, with geth's rules
 * (eth/filters filterLogs): the emitter is one of `addresses` (if any are given); the log has at
 * least as many topics as the criteria have positions; and at each constrained position its topic
 * is one of the alternatives. {@link mayBeIn} answers the same question for a whole block from its bloom, so
 * blocks that cannot hold a match are skipped without reading their receipts.
 */
export class LogMatcher {
  private readonly addresses: ReadonlySet<string> | undefined;
  private readonly topics: (ReadonlySet<string> | null)[];
  private readonly addressBits: BloomBits[];
  private readonly topicBits: (BloomBits[] | null)[];

  constructor(criteria: LogCriteria) {
    // geth: no addresses, or an empty list, means any emitter.
    this.addresses = criteria.addresses && criteria.addresses.length > 0 ? new Set(criteria.addresses) : undefined;
    this.topics = criteria.topics.map((alternatives) => (alternatives && alternatives.length > 0 ? new Set(alternatives) : null));
    this.addressBits = (criteria.addresses ?? []).map((address) => bloomBitsOf(hexToBytes(address)));
    this.topicBits = this.topics.map((alternatives) => (alternatives ? [...alternatives].map((topic) => bloomBitsOf(hexToBytes(topic))) : null));
  }

  /** False when the block with this logs bloom certainly holds no matching log (an empty bloom: no logs at all). */
  mayBeIn(bloom: Uint8Array): boolean {
    if (!bloom.some((byte) => byte !== 0)) return false;
    if (this.addresses && !this.addressBits.some((bits) => bloomHas(bloom, bits))) return false;
    for (const alternatives of this.topicBits) if (alternatives && !alternatives.some((bits) => bloomHas(bloom, bits))) return false;
    return true;
  }

  /** True when `log` (lower-case hex, as stored) matches. */
  matches(log: { readonly address: string; readonly topics: readonly string[] }): boolean {
    if (this.addresses && !this.addresses.has(log.address)) return false;
    if (this.topics.length > log.topics.length) return false;
    for (let position = 0; position < this.topics.length; position++) {
      const alternatives = this.topics[position];
      if (alternatives && !alternatives.has(log.topics[position]!)) return false;
    }
    return true;
  }
}
