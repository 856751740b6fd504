/**
 * How the node presents itself to tools that check which node they talk to (`--compat`), and the
 * peer behaviour that goes with each presentation. See docs/guides/hardhat.md for what each changes.
 *
 *   sequin   web3_clientVersion `Sequin/v…`; geth's answers throughout (a production node's)
 *   anvil    web3_clientVersion `anvil-compatible Sequin/v…`, which hardhat-network-helpers and
 *            hardhat-predeploy accept; an estimate of a value the sender cannot cover is Anvil's
 *   hardhat  web3_clientVersion `HardhatNetwork-compatible Sequin/v…`; Anvil's estimate, Hardhat's
 *            errors for calls and estimates, and, in instant mining, a send whose transaction fails
 *            is mined and answered with Hardhat's error (its throwOnTransactionFailures)
 *   auto     `hardhat` for a node started with `--mining instant` (the mode for test suites),
 *            `sequin` otherwise
 *
 * The choice is made once, at start: switching the mining mode at run time does not change it.
 */

/** The values `--compat` takes. */
export const COMPAT_MODES = ['auto', 'sequin', 'anvil', 'hardhat'] as const;

/** How the node presents itself, once `auto` is resolved. */
export type Compatibility = Exclude<(typeof COMPAT_MODES)[number], 'auto'>;

/** The presentation a node started with `compat` and `mining` takes. */
export function resolveCompatibility(compat: (typeof COMPAT_MODES)[number], mining: string): Compatibility {
  if (compat !== 'auto') return compat;
  return mining === 'instant' ? 'hardhat' : 'sequin';
}

/**
 * web3_clientVersion's answer. Tools accept a development node by the prefix (`HardhatNetwork`,
 * `anvil`, compared in lower case); the rest says which node it really is.
 */
export function clientVersionOf(compatibility: Compatibility, sequinClientVersion: string): string {
  if (compatibility === 'hardhat') return `HardhatNetwork-compatible ${sequinClientVersion}`;
  if (compatibility === 'anvil') return `anvil-compatible ${sequinClientVersion}`;
  return sequinClientVersion;
}

/** Whether estimates of a value the sender cannot cover are answered as Hardhat and Anvil answer them. */
export function estimatesUncoveredValue(compatibility: Compatibility): boolean {
  return compatibility !== 'sequin';
}
