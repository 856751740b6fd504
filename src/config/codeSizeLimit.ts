/**
 * `--disable-code-size-limit` (Anvil's flag; Hardhat's `allowUnlimitedContractSize`): contracts of any
 * size, for test suites that deploy unoptimised or instrumented code. It lifts both limits, as Anvil and
 * Hardhat do: EIP-170's 24,576 bytes of deployed code and EIP-3860's 49,152 bytes of init code (whose
 * per-word gas is still charged). The chain's Common carries it, as a parameter override, so every
 * place that reads the limits (the EVM, transaction decoding, calls in worker threads) sees the same.
 */
import type { ParamsDict } from '@ethereumjs/common';

/** A limit no code reaches: the largest exact JavaScript integer (ethereumjs compares with Number() and BigInt()). */
const UNLIMITED = Number.MAX_SAFE_INTEGER;

/**
 * The parameter override that lifts both limits; apply it after every package's own table. EIP-170's
 * limit is a parameter of Spurious Dragon's meta-EIP (607) in @ethereumjs/evm, EIP-3860's of its own.
 */
export const UNLIMITED_CODE_SIZE: ParamsDict = {
  607: { maxCodeSize: UNLIMITED },
  3860: { maxInitCodeSize: UNLIMITED },
};

/** EIP-170's limit on deployed code, in bytes. */
export const MAX_CODE_SIZE = 24_576;
/** EIP-3860's limit on init code, in bytes. */
export const MAX_INIT_CODE_SIZE = 49_152;
