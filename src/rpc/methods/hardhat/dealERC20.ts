import { aliasOf } from '../../server/aliasOf.js';
import { anvilDealErc20 } from '../anvil/dealERC20.js';

/** hardhat_dealERC20: the hardhat_ name of anvil_dealERC20 (Anvil serves both), same parameters and answer. */
export const hardhatDealErc20 = aliasOf(anvilDealErc20, 'hardhat_dealERC20');
