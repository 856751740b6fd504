import { aliasOf } from '../../server/aliasOf.js';
import { anvilSetStorageAt } from '../anvil/setStorageAt.js';

/** hardhat_setStorageAt: the hardhat_ name of anvil_setStorageAt (Anvil serves both), same parameters and answer. */
export const hardhatSetStorageAt = aliasOf(anvilSetStorageAt, 'hardhat_setStorageAt');
