import { aliasOf } from '../../server/aliasOf.js';
import { anvilDropTransaction } from '../anvil/dropTransaction.js';

/** hardhat_dropTransaction: the hardhat_ name of anvil_dropTransaction (Anvil serves both), same parameters and answer. */
export const hardhatDropTransaction = aliasOf(anvilDropTransaction, 'hardhat_dropTransaction');
