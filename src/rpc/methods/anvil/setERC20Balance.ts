import { aliasOf } from '../../server/aliasOf.js';
import { anvilDealErc20 } from './dealERC20.js';

/** anvil_setERC20Balance: Anvil's other name for anvil_dealERC20, same parameters and answer. */
export const anvilSetErc20Balance = aliasOf(anvilDealErc20, 'anvil_setERC20Balance');
