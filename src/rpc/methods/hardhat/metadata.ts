import { aliasOf } from '../../server/aliasOf.js';
import { anvilMetadata } from '../anvil/metadata.js';

/** hardhat_metadata: the hardhat_ name of anvil_metadata (Anvil serves both), same parameters and answer. */
export const hardhatMetadata = aliasOf(anvilMetadata, 'hardhat_metadata');
