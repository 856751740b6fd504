import { SequinError } from './SequinError.js';

/** anvil_dealERC20 / anvil_setERC20Allowance: no storage slot of the token holds the balance (or allowance) its view call returns. */
export class Erc20SlotNotFoundError extends SequinError {
  readonly kind = 'erc20SlotNotFound';

  constructor(readonly what: 'balance' | 'allowance') {
    super(`no storage slot of the token holds the ${what}`);
  }
}
