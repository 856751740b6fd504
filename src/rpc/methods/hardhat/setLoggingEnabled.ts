import { aliasOf } from '../../server/aliasOf.js';
import { anvilSetLoggingEnabled } from '../anvil/setLoggingEnabled.js';

/** hardhat_setLoggingEnabled: the hardhat_ name of anvil_setLoggingEnabled (Anvil serves both), same parameters and answer. */
export const hardhatSetLoggingEnabled = aliasOf(anvilSetLoggingEnabled, 'hardhat_setLoggingEnabled');
