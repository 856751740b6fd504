import { Schema } from '../../schemas/jsonSchema.js';
import { defineMethod } from '../../server/MethodDefinition.js';

/** anvil_removeBlockTimestampInterval: back to the clock; true when an interval was set. */
export const anvilRemoveBlockTimestampInterval = defineMethod({
  name: 'anvil_removeBlockTimestampInterval',
  summary: 'Removes anvil_setBlockTimestampInterval; returns whether one was set.',
  tier: 'dedicated',
  params: [],
  result: { name: 'removed', schema: Schema.boolean },
  handler: (backend) => backend.time.removeBlockTimestampInterval(),
});
