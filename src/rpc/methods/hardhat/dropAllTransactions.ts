import { aliasOf } from '../../server/aliasOf.js';
import { anvilDropAllTransactions } from '../anvil/dropAllTransactions.js';

/** hardhat_dropAllTransactions: the hardhat_ name of anvil_dropAllTransactions (Anvil serves both), same parameters and answer. */
export const hardhatDropAllTransactions = aliasOf(anvilDropAllTransactions, 'hardhat_dropAllTransactions');
