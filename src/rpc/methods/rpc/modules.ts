import { defineMethod } from '../../server/MethodDefinition.js';

/** The API version rpc_modules reports for every namespace (geth reports "1.0" throughout). */
const NAMESPACE_VERSION = '1.0';

/** rpc_modules (geth): the namespaces this server serves, each with version "1.0", derived from the registered methods. */
export const modules = defineMethod({
  name: 'rpc_modules',
  summary: 'Returns the served API namespaces and their versions.',
  tier: 'public',
  params: [],
  result: { name: 'modules', schema: { type: 'object', additionalProperties: { type: 'string' } } },
  handler: (_backend, _params, _context, server) => {
    const namespaces = new Set(server.methods.names().map(namespaceOf));
    return Object.fromEntries([...namespaces].sort().map((namespace) => [namespace, NAMESPACE_VERSION]));
  },
});

/** "eth" for eth_call, "rpc" for rpc.discover. */
export function namespaceOf(method: string): string {
  return method.split(/[_.]/, 1)[0]!;
}
