import { Schema } from '../../schemas/jsonSchema.js';
import { defineMethod } from '../../server/MethodDefinition.js';

/** web3_clientVersion: "Sequin/v<version>/<platform>/node<version>". */
export const clientVersion = defineMethod({
  name: 'web3_clientVersion',
  summary: 'Returns the client name and version.',
  tier: 'public',
  params: [],
  result: { name: 'clientVersion', schema: Schema.string },
  handler: (backend) => backend.node.clientVersion(),
});
