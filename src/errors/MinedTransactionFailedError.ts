import type { Hex } from '../primitives/hex.js';
import { SequinError } from './SequinError.js';

/**
 * A transaction that was mined but failed (status 0), reported to its sender as an error: what
 * Hardhat's node does in automine (its default `throwOnTransactionFailures`), and Sequin in instant
 * mining when it presents itself as Hardhat's node (`--compat hardhat`). The transaction stays in
 * its block; `hash` names it. `vmError` is the EVM's failure in geth's words (`execution reverted`,
 * `out of gas`, `invalid opcode`, …) and `returnData` what the execution returned (the revert bytes).
 */
export class MinedTransactionFailedError extends SequinError {
  readonly kind = 'minedTransactionFailed';

  constructor(
    readonly hash: Hex,
    readonly vmError: string,
    readonly returnData: Uint8Array,
  ) {
    super(`transaction ${hash} was mined and failed: ${vmError}`);
  }
}
