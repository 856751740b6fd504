import { aliasOf } from '../../server/aliasOf.js';
import { anvilDumpState } from '../anvil/dumpState.js';

/** hardhat_dumpState: the hardhat_ name of anvil_dumpState (Anvil serves both), same parameters and answer. */
export const hardhatDumpState = aliasOf(anvilDumpState, 'hardhat_dumpState');
