/**
 * Block selectors accepted by read methods: a named tag, a number, or a block hash.
 * Named tags: "latest" = last sealed block, "pending" = latest plus pre-confirmed sub-blocks,
 * "safe" / "finalized" = the last sealed block too (a single sequencer has no reorgs),
 * "earliest" = genesis.
 */
export type BlockTagName = 'latest' | 'pending' | 'safe' | 'finalized' | 'earliest';

export type BlockSelector =
  | { kind: 'tag'; tag: BlockTagName }
  | { kind: 'number'; number: bigint }
  | { kind: 'hash'; hash: string; requireCanonical?: boolean };

/** A block number or a named tag: a selector without the hash form (log filter bounds). */
export type BlockNumberOrTag = Exclude<BlockSelector, { kind: 'hash' }>;

export const BLOCK_TAG_NAMES: readonly BlockTagName[] = ['latest', 'pending', 'safe', 'finalized', 'earliest'];

/** True for the named tags. */
export function isBlockTagName(value: unknown): value is BlockTagName {
  return typeof value === 'string' && (BLOCK_TAG_NAMES as readonly string[]).includes(value);
}
