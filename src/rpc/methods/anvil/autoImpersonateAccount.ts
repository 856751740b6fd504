import { boolean } from '../../schemas/decoders.js';
import { Schema } from '../../schemas/jsonSchema.js';
import { defineMethod } from '../../server/MethodDefinition.js';

/**
 * anvil_autoImpersonateAccount: with true, every address is impersonated.
 * Answers null.
 */
export const anvilAutoImpersonateAccount = defineMethod({
  name: 'anvil_autoImpersonateAccount',
  aliases: ['hardhat_autoImpersonateAccount'],
  summary: 'Impersonates every address (true) or only those named (false).',
  tier: 'dedicated',
  params: [{ name: 'enabled', decode: boolean }],
  result: { name: 'null', schema: Schema.null },
  handler: (backend, [enabled]) => {
    backend.dev.impersonation.setAutoImpersonate(enabled);
    return null;
  },
});
