import { ErrorCodes } from '../../errors/errorCodes.js';
import { anvilNumber } from '../../schemas/anvilParams.js';
import { Schema } from '../../schemas/jsonSchema.js';
import { defineMethod } from '../../server/MethodDefinition.js';

/**
 * anvil_setNextBlockTimestamp: the exact timestamp of the next
 * block; it must exceed the previous block's (-32602 "Timestamp error: …"); the clock continues
 * from it. Answers null, as Anvil.
 */
export const anvilSetNextBlockTimestamp = defineMethod({
  name: 'anvil_setNextBlockTimestamp',
  aliases: ['evm_setNextBlockTimestamp'],
  summary: 'Sets the exact timestamp of the next block.',
  tier: 'dedicated',
  params: [{ name: 'timestamp', decode: anvilNumber }],
  result: { name: 'null', schema: Schema.null },
  errors: [{ code: ErrorCodes.invalidParams, when: 'the timestamp is not after the previous block\'s: "Timestamp error: …"' }],
  handler: async (backend, [timestamp]) => {
    await backend.time.setNextBlockTimestamp(timestamp);
    return null;
  },
});
