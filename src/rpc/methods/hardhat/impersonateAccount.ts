import { aliasOf } from '../../server/aliasOf.js';
import { anvilImpersonateAccount } from '../anvil/impersonateAccount.js';

/** hardhat_impersonateAccount: the hardhat_ name of anvil_impersonateAccount (Anvil serves both), same parameters and answer. */
export const hardhatImpersonateAccount = aliasOf(anvilImpersonateAccount, 'hardhat_impersonateAccount');
