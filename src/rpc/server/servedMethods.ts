import type { MethodDefinition } from './MethodDefinition.js';

/**
 * Every name a server answers to, from the method definitions: each definition, followed by one
 * copy of it per alias (same tier, parameters, result and handler; its summary names the method it
 * aliases). The copies have no aliases of their own, so serving the list again changes nothing.
 */
export function servedMethods(definitions: readonly MethodDefinition[]): MethodDefinition[] {
  return definitions.flatMap(({ aliases = [], ...definition }) => [
    definition,
    ...aliases.map((alias) => ({ ...definition, name: alias, summary: `${definition.summary} Alias of ${definition.name}.` })),
  ]);
}
