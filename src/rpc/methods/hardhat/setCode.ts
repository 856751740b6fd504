import { aliasOf } from '../../server/aliasOf.js';
import { anvilSetCode } from '../anvil/setCode.js';

/** hardhat_setCode: the hardhat_ name of anvil_setCode (Anvil serves both), same parameters and answer. */
export const hardhatSetCode = aliasOf(anvilSetCode, 'hardhat_setCode');
