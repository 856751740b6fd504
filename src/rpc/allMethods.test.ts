// The registered methods as a whole: every parameter decoder carries a JSON Schema, and the
// discovery methods (rpc.discover, rpc_modules) describe exactly what the registry serves.

import { describe, expect, it } from 'vitest';
import { testBackend } from '../testing/testMethods.js';
import { ALL_METHODS } from './allMethods.js';
import { schemaOf } from './schemas/jsonSchema.js';
import type { OpenRpcDocument } from './server/openRpcDocument.js';
import { RpcServer } from './server/RpcServer.js';

const server = new RpcServer({ methods: ALL_METHODS, backend: testBackend, maxBatchLength: 10 });

async function call<T>(method: string, params: unknown[] = []): Promise<T> {
  const reply = await server.handle(JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }), { tier: 'public' });
  const response = JSON.parse(reply.body!) as { result?: T; error?: unknown };
  if (response.error) throw new Error(JSON.stringify(response.error));
  return response.result as T;
}

describe('method definitions', () => {
  it.each(ALL_METHODS.map((method) => [method.name, method] as const))('%s: every parameter decoder has a schema', (_name, method) => {
    for (const param of method.params) expect(schemaOf(param.decode), `${method.name} param ${param.name}`).toBeDefined();
  });
});

describe('rpc.discover', () => {
  it('is an OpenRPC 1.2.6 document listing exactly the registered methods, in order', async () => {
    const document = await call<OpenRpcDocument>('rpc.discover');
    expect(document.openrpc).toBe('1.2.6');
    expect(document.info).toEqual({ title: 'Sequin JSON-RPC', version: expect.stringMatching(/^\d+\.\d+\.\d+/) });
    expect(document.methods.map((method) => method.name)).toEqual(ALL_METHODS.map((method) => method.name));
  });

  it("describes each method from its definition: summary, tier, params' names, requiredness and decoder schemas, result", async () => {
    const document = await call<OpenRpcDocument>('rpc.discover');
    for (const [index, definition] of ALL_METHODS.entries()) {
      const described = document.methods[index]!;
      expect(described.summary).toBe(definition.summary);
      expect(described['x-access-tier']).toBe(definition.tier);
      expect(described.params).toEqual(definition.params.map((param) => ({ name: param.name, required: !param.optional, schema: schemaOf(param.decode) })));
      expect(described.result.name).toEqual(expect.any(String));
    }
    const getLogs = document.methods.find((method) => method.name === 'eth_getLogs')!;
    expect(getLogs.params).toEqual([{ name: 'filter', required: true, schema: expect.objectContaining({ type: 'object' }) }]);
    expect(getLogs.result.schema).toMatchObject({ type: 'array', items: { title: 'log' } });
    const estimate = document.methods.find((method) => method.name === 'eth_estimateGas')!;
    expect(estimate.params.map((param) => [param.name, param.required])).toEqual([
      ['transaction', true],
      ['block', false],
      ['stateOverrides', false],
      ['blockOverrides', false],
    ]);
  });
});

describe('rpc_modules', () => {
  it('lists the namespace of every registered method, each at version 1.0, and nothing else', async () => {
    const modules = await call<Record<string, string>>('rpc_modules');
    const namespaces = new Set(ALL_METHODS.map((method) => method.name.split(/[_.]/)[0]));
    expect(Object.keys(modules).sort()).toEqual([...namespaces].sort());
    expect(Object.values(modules).every((version) => version === '1.0')).toBe(true);
    expect(modules).toMatchObject({ eth: '1.0', net: '1.0', web3: '1.0', txpool: '1.0', chain: '1.0', rpc: '1.0' });
  });
});
