import { aliasOf } from '../../server/aliasOf.js';
import { anvilSetBalance } from '../anvil/setBalance.js';

/** hardhat_setBalance: the hardhat_ name of anvil_setBalance (Anvil serves both), same parameters and answer. */
export const hardhatSetBalance = aliasOf(anvilSetBalance, 'hardhat_setBalance');
