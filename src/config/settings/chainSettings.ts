import { bigWholeNumber, choice, optionalText, text, wholeNumber } from '../settingKinds.js';

/** The sequencer's mining modes (see sequencer/MiningMode.ts). */
export const MINING_MODES = ['interval', 'instant', 'manual'] as const;

/** The dev accounts' mnemonic unless --mnemonic says otherwise: Anvil's and Hardhat's. */
export const DEFAULT_MNEMONIC = 'test test test test test test test test test test test junk';

/** The chain: its id or genesis file, its pace (sub-blocks, blocks, mining mode), gas, fees and the dev accounts' mnemonic. */
export const CHAIN_SETTINGS = {
  // At most 2^53-1 so that wallets, which hold chain ids in JavaScript numbers, see the same id.
  chainId: bigWholeNumber({
    name: 'chain-id',
    default: 31337n,
    min: 1n,
    max: 2n ** 53n - 1n,
    doc: 'EIP-155 chain id; a data dir remembers its chain id and refuses another',
  }),
  genesis: optionalText({
    name: 'genesis',
    valueName: 'FILE',
    defaultDoc: "Sequin's own (`--chain-id`, dev accounts)",
    allowed: 'a geth genesis.json',
    check: (path) => (path.trim() === '' ? '--genesis needs a file' : undefined),
    doc: 'start a new chain from a geth genesis file (its chain id, forks, alloc, header); see [Chains from a geth genesis file](../guides/geth-genesis-and-import.md)',
  }),
  preconfIntervalMs: wholeNumber({ name: 'preconf-interval', unit: 'ms', default: 200, min: 10, doc: 'milliseconds between pre-confirmation sub-blocks' }),
  blockTimeMs: wholeNumber({
    name: 'block-time',
    unit: 'ms',
    default: 2000,
    min: 1000,
    minimumReason: 'block timestamps are whole seconds and must increase',
    doc: 'milliseconds between sealed blocks',
  }),
  mining: choice({
    name: 'mining',
    valueName: 'MODE',
    choices: MINING_MODES,
    default: 'interval',
    doc: 'how blocks are made: `interval` (sub-blocks every `--preconf-interval`, sealed every `--block-time`), `instant` (a submission is pre-confirmed and sealed in a block before it answers, like automine in Anvil and Hardhat: the mode for test suites) or `manual` (only on `evm_mine` / `anvil_mine`); switchable at run time, see [Mining modes](../guides/mining-modes.md)',
  }),
  blockGasLimit: bigWholeNumber({
    name: 'block-gas-limit',
    unit: 'gas',
    default: 150_000_000n,
    min: 21_000n,
    doc: "gas limit of every block; a chain whose gas limit differs (another `--genesis`, a changed value) moves toward it by the protocol's step (parent / 1024) per block",
  }),
  initialBaseFee: bigWholeNumber({
    name: 'base-fee',
    unit: 'wei',
    default: 1_000_000_000n,
    min: 0n,
    doc: 'base fee of the genesis block (then EIP-1559 per sealed block)',
  }),
  mnemonic: text({
    name: 'mnemonic',
    valueName: 'WORDS',
    default: DEFAULT_MNEMONIC,
    defaultDoc: '`test test … junk`',
    allowed: '≥ 12 words',
    // The message does not echo the words: a mnemonic is a secret.
    check: (words) => (words.trim().split(/\s+/).length < 12 ? '--mnemonic must have at least 12 words' : undefined),
    doc: "BIP-39 mnemonic of the dev accounts (path `m/44'/60'/0'/0/i`)",
  }),
};
