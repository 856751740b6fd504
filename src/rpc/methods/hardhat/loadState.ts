import { aliasOf } from '../../server/aliasOf.js';
import { anvilLoadState } from '../anvil/loadState.js';

/** hardhat_loadState: the hardhat_ name of anvil_loadState (Anvil serves both), same parameters and answer. */
export const hardhatLoadState = aliasOf(anvilLoadState, 'hardhat_loadState');
