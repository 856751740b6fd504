import type { BlockEnvironment } from '../BlockEnvironment.js';

/**
 * geth's block overrides (`eth_call`'s fourth parameter, `eth_estimateGas`'s, `debug_traceCall`'s
 * `blockOverrides`, each block of `eth_simulateV1`): header fields the call sees instead of the
 * block's. `difficulty` is accepted and has no effect after the merge (PREVRANDAO reads
 * `prevRandao`). `beaconRoot` and `withdrawals` only mean something to eth_simulateV1; the other
 * methods refuse them.
 */
export interface BlockOverrides {
  number?: bigint;
  difficulty?: bigint;
  time?: bigint;
  gasLimit?: bigint;
  feeRecipient?: Uint8Array;
  prevRandao?: Uint8Array;
  baseFeePerGas?: bigint;
  blobBaseFee?: bigint;
  beaconRoot?: Uint8Array;
  /** EIP-4895 withdrawals of a simulated block: [index, validatorIndex, address, amount in gwei]. */
  withdrawals?: Array<{ index: bigint; validatorIndex: bigint; address: Uint8Array; amount: bigint }>;
}

/** The environment a call at a block runs in once `overrides` replace some of its fields. */
export function applyBlockOverrides(environment: BlockEnvironment, overrides: BlockOverrides | undefined): BlockEnvironment {
  if (overrides === undefined) return environment;
  const overridden: BlockEnvironment = { ...environment };
  if (overrides.number !== undefined) overridden.number = overrides.number;
  if (overrides.time !== undefined) overridden.timestamp = overrides.time;
  if (overrides.gasLimit !== undefined) overridden.gasLimit = overrides.gasLimit;
  if (overrides.feeRecipient !== undefined) overridden.coinbase = overrides.feeRecipient;
  if (overrides.prevRandao !== undefined) overridden.prevRandao = overrides.prevRandao;
  if (overrides.baseFeePerGas !== undefined) overridden.baseFeePerGas = overrides.baseFeePerGas;
  if (overrides.blobBaseFee !== undefined) overridden.blobBaseFee = overrides.blobBaseFee;
  return overridden;
}
