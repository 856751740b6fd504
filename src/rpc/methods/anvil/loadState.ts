import { ErrorCodes } from '../../errors/errorCodes.js';
import { data } from '../../schemas/decoders.js';
import { Schema } from '../../schemas/jsonSchema.js';
import { defineMethod } from '../../server/MethodDefinition.js';

/**
 * anvil_loadState: loads a dump (gzipped or plain JSON, Anvil's or Sequin's) as one
 * state edit: each account's balance and code, the larger nonce, its slots. Answers true;
 * -32602 `Failed to decode state dump` for anything else.
 */
export const anvilLoadState = defineMethod({
  name: 'anvil_loadState',
  aliases: ['hardhat_loadState'],
  summary: 'Loads a state dump.',
  tier: 'dedicated',
  params: [{ name: 'state', decode: data }],
  result: { name: 'done', schema: Schema.boolean },
  errors: [{ code: ErrorCodes.invalidParams, when: 'the dump cannot be read: "Failed to decode state dump"' }],
  handler: (backend, [state]) => backend.dev.dumps.loadState(state),
});
