/**
 * The fork whose rules Sequin's own chain runs (`--hardfork`, Anvil's flag and Hardhat's `hardfork`):
 * one fork for every block, from genesis. A chain from a geth genesis file (`--genesis`) follows the
 * file's schedule instead, so the flag does not apply to it.
 *
 *   new chain            --hardfork, else DEFAULT_HARDFORK (Ethereum's current fork)
 *   existing data dir    the fork it recorded at genesis; one made before the record existed ran
 *                        Prague (Sequin's only fork then); a different --hardfork is refused
 *
 * Names are the forks' lower-case names as Anvil and Hardhat take them, each with @ethereumjs/common's
 * name of its rules (`merge` is Paris, as in Anvil; `latest` is the default, as in Anvil).
 */
import type { ForkName } from './ChainSpec.js';

/** The forks Sequin's own chain can run, newest first: `--hardfork` NAME → @ethereumjs rules. */
export const CHAIN_HARDFORKS = {
  osaka: 'osaka',
  prague: 'prague',
  cancun: 'cancun',
  shanghai: 'shanghai',
  paris: 'paris',
  merge: 'paris',
  london: 'london',
  berlin: 'berlin',
  latest: 'osaka',
} as const satisfies Record<string, ForkName>;

/** A name `--hardfork` takes. */
export type ChainHardforkName = keyof typeof CHAIN_HARDFORKS;

/** The rules a chain of Sequin's own runs. */
export type ChainHardfork = (typeof CHAIN_HARDFORKS)[ChainHardforkName];

/** Ethereum mainnet's current fork (Fusaka's execution side): a new chain's rules unless `--hardfork` says otherwise. */
export const DEFAULT_HARDFORK: ChainHardfork = 'osaka';

/** What a data directory written before the fork was recorded ran: Prague, Sequin's only fork until then. */
export const UNRECORDED_HARDFORK: ChainHardfork = 'prague';

/** The rules `--hardfork NAME` selects. */
export function hardforkOfName(name: ChainHardforkName): ChainHardfork {
  return CHAIN_HARDFORKS[name];
}

/**
 * The fork a chain runs: the one its data directory recorded (`recorded`), when it has a chain, else
 * the one asked for, else the default. Throws, naming both, when `--hardfork` asks for another fork than
 * an existing chain's: a chain's past blocks ran under its rules, which a restart cannot change.
 */
export function chainHardfork(options: {
  requested: ChainHardforkName | undefined;
  recorded: string | undefined;
  /** Whether the data directory already holds a chain. */
  hasChain: boolean;
}): ChainHardfork {
  const requested = options.requested === undefined ? undefined : hardforkOfName(options.requested);
  if (!options.hasChain) return requested ?? DEFAULT_HARDFORK;
  const existing = (options.recorded as ChainHardfork | undefined) ?? UNRECORDED_HARDFORK;
  if (requested !== undefined && requested !== existing) {
    throw new Error(
      `the data directory holds a chain running ${existing}, not ${requested}; start without --hardfork (or with --hardfork ${existing}), or use another --data-dir`,
    );
  }
  return existing;
}
