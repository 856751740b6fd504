import { address, data } from '../../schemas/decoders.js';
import { Schema, withSchema } from '../../schemas/jsonSchema.js';
import type { ParamDecoder } from '../../schemas/ParamDecoder.js';
import { defineMethod } from '../../server/MethodDefinition.js';
import { MethodErrors } from '../methodErrors.js';

/** geth's third parameter, the account's passphrase: dev accounts are always unlocked, so any string is accepted and ignored. */
const passphrase: ParamDecoder<string | undefined> = withSchema((value) => {
  if (value !== undefined && typeof value !== 'string') throw new TypeError('string expected');
  return value;
}, Schema.string);

/**
 * personal_sign (geth, MetaMask, Anvil): params [data, address] — the reverse of eth_sign — and
 * the same EIP-191 signature. Dedicated tier.
 */
export const personalSign = defineMethod({
  name: 'personal_sign',
  summary: 'Signs an EIP-191 personal message with a dev account of the node (params: data, address).',
  tier: 'dedicated',
  params: [
    { name: 'data', decode: data },
    { name: 'address', decode: address },
    { name: 'passphrase', decode: passphrase, optional: true },
  ],
  result: { name: 'signature', schema: Schema.data },
  errors: [MethodErrors.unknownAccount],
  handler: (backend, [message, signer]) => backend.transactions.signMessage(signer, message),
});
