import type { MethodDefinition } from './MethodDefinition.js';

/**
 * The same method under another name (Anvil serves its methods under their hardhat_ and evm_
 * names too): same tier, parameters and handler. Its summary names the method it aliases.
 */
export function aliasOf(method: MethodDefinition, name: string): MethodDefinition {
  return { ...method, name, summary: `${method.summary} Alias of ${method.name}.` };
}
