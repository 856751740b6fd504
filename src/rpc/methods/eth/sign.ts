import { address, data } from '../../schemas/decoders.js';
import { Schema } from '../../schemas/jsonSchema.js';
import { defineMethod } from '../../server/MethodDefinition.js';
import { MethodErrors } from '../methodErrors.js';

/**
 * eth_sign (geth, Anvil): params [address, data]. Signs keccak256("\x19Ethereum Signed
 * Message:\n" ‖ len(data) ‖ data) with a dev account; answers the 65-byte r ‖ s ‖ v (v = 27/28).
 * An address the node holds no key for is -32000 `unknown account`. Dedicated tier, like every
 * method that uses the dev accounts' keys.
 */
export const sign = defineMethod({
  name: 'eth_sign',
  summary: 'Signs an EIP-191 personal message with a dev account of the node (params: address, data).',
  tier: 'dedicated',
  params: [
    { name: 'address', decode: address },
    { name: 'data', decode: data },
  ],
  result: { name: 'signature', schema: Schema.data },
  errors: [MethodErrors.unknownAccount],
  handler: (backend, [signer, message]) => backend.transactions.signMessage(signer, message),
});
