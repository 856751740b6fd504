import { SequinError } from './SequinError.js';

/** eth_estimateGas: the call runs out of gas even with all the gas the sender may have (`allowance`). */
export class GasAllowanceExceededError extends SequinError {
  readonly kind = 'gasAllowanceExceeded';

  constructor(readonly allowance: bigint) {
    super(`gas required exceeds allowance (${allowance})`);
  }
}
