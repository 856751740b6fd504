import { aliasOf } from '../../server/aliasOf.js';
import { anvilSetNonce } from '../anvil/setNonce.js';

/** evm_setAccountNonce: Ganache's name, which Anvil serves for anvil_setNonce, same parameters and answer. */
export const evmSetAccountNonce = aliasOf(anvilSetNonce, 'evm_setAccountNonce');
