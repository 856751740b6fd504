import { ErrorCodes } from '../../errors/errorCodes.js';
import { Schema, withSchema } from '../../schemas/jsonSchema.js';
import type { ParamDecoder } from '../../schemas/ParamDecoder.js';
import { defineMethod } from '../../server/MethodDefinition.js';

/** A URL as a string (its rule is checked by the fork service). */
const urlText: ParamDecoder<string> = withSchema((value) => {
  if (typeof value !== 'string') throw new TypeError('URL string expected');
  return value;
}, Schema.string);

/**
 * anvil_setRpcUrl: a fork reads the forked chain from this URL from now on (docs/guides/forking.md#dev-methods); what it already fetched stays cached. Does nothing on a node that is not a fork, as on Anvil.
 */
export const anvilSetRpcUrl = defineMethod({
  name: 'anvil_setRpcUrl',
  summary: 'Sets the URL the fork reads the forked chain from.',
  tier: 'dedicated',
  params: [
    {
      name: 'url',
      decode: urlText,
    },
  ],
  result: { name: 'result', schema: Schema.null },
  errors: [{ code: ErrorCodes.invalidParams, when: 'the URL is not one the node can read a chain from ("invalid argument 0: …")' }],
  handler: (backend, [url]) => {
    backend.fork.setRpcUrl(url);
    return null;
  },
});
