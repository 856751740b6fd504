import { anvilNumber } from '../../schemas/anvilParams.js';
import { Schema } from '../../schemas/jsonSchema.js';
import { defineMethod } from '../../server/MethodDefinition.js';

/** anvil_setBlockTimestampInterval: each next block `seconds` after its parent (at least 1). Answers null, as Anvil. */
export const anvilSetBlockTimestampInterval = defineMethod({
  name: 'anvil_setBlockTimestampInterval',
  summary: "Makes each next block's timestamp its parent's plus the given seconds.",
  tier: 'dedicated',
  params: [{ name: 'seconds', decode: anvilNumber }],
  result: { name: 'null', schema: Schema.null },
  handler: async (backend, [seconds]) => {
    await backend.time.setBlockTimestampInterval(seconds);
    return null;
  },
});
