import { sequinVersion } from '../../../config/sequinVersion.js';
import { defineMethod } from '../../server/MethodDefinition.js';
import { openRpcDocument } from '../../server/openRpcDocument.js';

/**
 * rpc.discover (OpenRPC service discovery): an OpenRPC 1.2.6 document of every method this
 * server serves, generated from the method definitions (names, summaries, parameter decoders'
 * schemas), so it always matches what is served.
 */
export const discover = defineMethod({
  name: 'rpc.discover',
  summary: 'Returns the OpenRPC document describing every served method.',
  tier: 'public',
  params: [],
  result: { name: 'openrpcDocument', schema: { type: 'object', required: ['openrpc', 'info', 'methods'] } },
  handler: (_backend, _params, _context, server) => openRpcDocument(server.methods.definitions(), sequinVersion()),
});
