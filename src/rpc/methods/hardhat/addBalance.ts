import { aliasOf } from '../../server/aliasOf.js';
import { anvilAddBalance } from '../anvil/addBalance.js';

/** hardhat_addBalance: the hardhat_ name of anvil_addBalance (Anvil serves both), same parameters and answer. */
export const hardhatAddBalance = aliasOf(anvilAddBalance, 'hardhat_addBalance');
