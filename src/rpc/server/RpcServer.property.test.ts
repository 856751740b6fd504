import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { testBackend, testMethods } from '../../testing/testMethods.js';
import { RpcServer } from './RpcServer.js';

/**
 * Fuzzes the envelope: whatever the body, `handle` resolves, and answers with well-formed
 * JSON-RPC responses, one per non-notification, or no body when every element was a notification.
 */

const MAX_BATCH = 8;
// test_sleep would sleep for whatever number the fuzzer picks.
const server = new RpcServer({
  methods: testMethods.filter((method) => method.name !== 'test_sleep'),
  backend: testBackend,
  maxBatchLength: MAX_BATCH,
});
const methodNames = testMethods.map((method) => method.name).filter((name) => name !== 'test_sleep');

/** Message-shaped objects: mostly plausible, with every member sometimes wrong or missing. */
const messageArbitrary = fc.record(
  {
    jsonrpc: fc.oneof(fc.constant('2.0'), fc.jsonValue()),
    id: fc.oneof(fc.integer(), fc.string(), fc.constant(null), fc.jsonValue()),
    method: fc.oneof(fc.constantFrom(...methodNames, 'eth_nope', 'toString', '__proto__'), fc.jsonValue()),
    params: fc.oneof(fc.array(fc.jsonValue(), { maxLength: 4 }), fc.jsonValue()),
  },
  { requiredKeys: [] },
);

const bodyArbitrary = fc.oneof(
  fc.string({ unit: 'binary' }),
  fc.json(),
  messageArbitrary.map((message) => JSON.stringify(message)),
  fc.array(fc.oneof(messageArbitrary, fc.jsonValue()), { maxLength: MAX_BATCH + 2 }).map((batch) => JSON.stringify(batch)),
);

function isNotification(message: unknown): boolean {
  if (typeof message !== 'object' || message === null || Array.isArray(message)) return false;
  const fields = message as Record<string, unknown>;
  return fields.jsonrpc === '2.0' && !('id' in fields) && typeof fields.method === 'string' && fields.method !== '';
}

function expectResponse(response: unknown): void {
  expect(typeof response === 'object' && response !== null && !Array.isArray(response)).toBe(true);
  const fields = response as Record<string, unknown>;
  expect(fields.jsonrpc).toBe('2.0');
  expect(fields.id === null || typeof fields.id === 'string' || typeof fields.id === 'number').toBe(true);
  expect(Object.keys(fields).sort()).toEqual('result' in fields ? ['id', 'jsonrpc', 'result'] : ['error', 'id', 'jsonrpc']);
  if ('error' in fields) {
    const error = fields.error as Record<string, unknown>;
    expect(Number.isInteger(error.code)).toBe(true);
    expect(typeof error.message).toBe('string');
  }
}

/** How many responses a parsed request must get, or 'oneError' for envelope-level failures. */
function expectedCount(body: string): number | 'oneError' {
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    return 'oneError';
  }
  if (!Array.isArray(parsed)) return isNotification(parsed) ? 0 : 1;
  if (parsed.length === 0 || parsed.length > MAX_BATCH) return 'oneError';
  return parsed.filter((message) => !isNotification(message)).length;
}

describe('RpcServer fuzz', () => {
  it('always answers with well-formed JSON-RPC', async () => {
    await fc.assert(
      fc.asyncProperty(bodyArbitrary, async (body) => {
        const reply = await server.handle(body, { tier: 'public' });
        expect([200, 403]).toContain(reply.status);
        const expected = expectedCount(body);
        if (expected === 0) {
          expect(reply.body).toBeUndefined();
          return;
        }
        expect(reply.body).toBeTypeOf('string');
        const parsed: unknown = JSON.parse(reply.body as string);
        const responses = Array.isArray(parsed) ? parsed : [parsed];
        if (expected !== 'oneError') expect(responses).toHaveLength(expected);
        else expect(responses).toHaveLength(1);
        for (const response of responses) expectResponse(response);
      }),
      { numRuns: 2000 },
    );
  });
});
