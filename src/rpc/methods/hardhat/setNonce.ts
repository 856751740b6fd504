import { aliasOf } from '../../server/aliasOf.js';
import { anvilSetNonce } from '../anvil/setNonce.js';

/** hardhat_setNonce: the hardhat_ name of anvil_setNonce (Anvil serves both), same parameters and answer. */
export const hardhatSetNonce = aliasOf(anvilSetNonce, 'hardhat_setNonce');
