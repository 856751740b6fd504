import { describe, expect, it } from 'vitest';
import { Schema } from '../schemas/jsonSchema.js';
import { defineMethod } from './MethodDefinition.js';
import { MethodRegistry } from './MethodRegistry.js';
import { servedMethods } from './servedMethods.js';

const handler = () => true;
const primary = defineMethod({
  name: 'anvil_example',
  aliases: ['hardhat_example', 'evm_example'],
  summary: 'Does the example.',
  tier: 'dedicated',
  params: [],
  result: { name: 'done', schema: Schema.boolean },
  handler,
});
const plain = defineMethod({ name: 'eth_plain', summary: 'Plain.', tier: 'public', params: [], result: { name: 'plain', schema: Schema.string }, handler });

describe('servedMethods', () => {
  it('serves each definition, then each of its aliases with the same tier, parameters, result and handler', () => {
    const served = servedMethods([primary, plain]);
    expect(served.map((method) => method.name)).toEqual(['anvil_example', 'hardhat_example', 'evm_example', 'eth_plain']);
    for (const alias of served.slice(1, 3)) {
      expect(alias).toMatchObject({ tier: 'dedicated', params: [], result: primary.result, handler });
      expect(alias.summary).toBe('Does the example. Alias of anvil_example.');
    }
  });

  it('leaves no aliases on what it serves, so serving the list again changes nothing', () => {
    const served = servedMethods([primary, plain]);
    expect(served.every((method) => method.aliases === undefined)).toBe(true);
    expect(servedMethods(served).map((method) => method.name)).toEqual(served.map((method) => method.name));
  });

  it('lets the registry refuse an alias that names another method', () => {
    const clash = defineMethod({ ...plain, name: 'hardhat_example' });
    expect(() => new MethodRegistry(servedMethods([primary, clash]))).toThrow('method hardhat_example is registered twice');
  });
});
