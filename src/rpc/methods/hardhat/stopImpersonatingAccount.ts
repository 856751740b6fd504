import { aliasOf } from '../../server/aliasOf.js';
import { anvilStopImpersonatingAccount } from '../anvil/stopImpersonatingAccount.js';

/** hardhat_stopImpersonatingAccount: the hardhat_ name of anvil_stopImpersonatingAccount (Anvil serves both), same parameters and answer. */
export const hardhatStopImpersonatingAccount = aliasOf(anvilStopImpersonatingAccount, 'hardhat_stopImpersonatingAccount');
