import { aliasOf } from '../../server/aliasOf.js';
import { anvilAutoImpersonateAccount } from '../anvil/autoImpersonateAccount.js';

/** hardhat_autoImpersonateAccount: the hardhat_ name of anvil_autoImpersonateAccount (Anvil serves both), same parameters and answer. */
export const hardhatAutoImpersonateAccount = aliasOf(anvilAutoImpersonateAccount, 'hardhat_autoImpersonateAccount');
