import { boolean } from '../../schemas/decoders.js';
import { Schema } from '../../schemas/jsonSchema.js';
import { defineMethod } from '../../server/MethodDefinition.js';

/**
 * anvil_setLoggingEnabled: true logs every RPC call at info
 * level, as `--log-rpc` does (Anvil's per-call log); false logs them at debug level only. Answers
 * null.
 */
export const anvilSetLoggingEnabled = defineMethod({
  name: 'anvil_setLoggingEnabled',
  aliases: ['hardhat_setLoggingEnabled'],
  summary: 'Turns the per-call RPC log on or off.',
  tier: 'dedicated',
  params: [{ name: 'enabled', decode: boolean }],
  result: { name: 'null', schema: Schema.null },
  handler: (backend, [enabled]) => {
    backend.dev.logging.setEnabled(enabled);
    return null;
  },
});
