import { filterId } from '../../schemas/decoders.js';
import { Schema } from '../../schemas/jsonSchema.js';
import { defineMethod } from '../../server/MethodDefinition.js';

/** eth_uninstallFilter: removes a filter; true when it existed. */
export const uninstallFilter = defineMethod({
  name: 'eth_uninstallFilter',
  summary: 'Removes a filter; returns whether it existed.',
  tier: 'public',
  params: [{ name: 'filterId', decode: filterId }],
  result: { name: 'removed', schema: Schema.boolean },
  handler: (backend, [id]) => backend.logs.uninstallFilter(id),
});
