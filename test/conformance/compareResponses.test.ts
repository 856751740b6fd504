import { describe, expect, it } from 'vitest';
import { compareResponses, type Json } from './compareResponses.js';

const envelope = (body: Record<string, Json>): Json => ({ jsonrpc: '2.0', id: 1, ...body });

describe('compareResponses (hive rpc-compat rules)', () => {
  it('matches equal documents whatever the key order', () => {
    const outcome = compareResponses({ id: 1, result: { b: '0x2', a: '0x1' }, jsonrpc: '2.0' }, envelope({ result: { a: '0x1', b: '0x2' } }));
    expect(outcome).toEqual({ match: true, differences: [], errorMessagesRemoved: false });
  });

  it.each<[string, Json, Json, string]>([
    ['hex case', '0xAB', '0xab', 'result: got "0xAB", want "0xab"'],
    ['leading zeros', '0x01', '0x1', 'result: got "0x01", want "0x1"'],
    ['a number for a string', 1, '0x1', 'result: got 1, want "0x1"'],
    ['null for a value', null, '0x1', 'result: got null, want "0x1"'],
  ])('compares strings exactly: %s', (_case, actual, expected, difference) => {
    const outcome = compareResponses(envelope({ result: actual }), envelope({ result: expected }));
    expect(outcome.match).toBe(false);
    expect(outcome.differences).toEqual([difference]);
  });

  it('compares numbers as numbers', () => {
    expect(compareResponses(JSON.parse('{"id":1.0,"result":1e2}') as Json, JSON.parse('{"id":1,"result":100}') as Json).match).toBe(true);
  });

  it('reports missing and extra keys and array items', () => {
    const outcome = compareResponses(envelope({ result: { a: 1, extra: true, list: [1, 2, 3] } }), envelope({ result: { a: 1, wanted: 'x', list: [1, 2] } }));
    expect(outcome.differences).toEqual(['result.wanted: missing, want "x"', 'result.list[2]: unexpected 3', 'result.extra: unexpected true']);
  });

  it('removes error messages only where both sides have one', () => {
    const expected = envelope({ error: { code: -32000, message: 'nonce too low: address 0x…' } });
    expect(compareResponses(envelope({ error: { code: -32000, message: 'nonce too low' } }), expected)).toEqual({
      match: true,
      differences: [],
      errorMessagesRemoved: true,
    });
    // The code still counts.
    expect(compareResponses(envelope({ error: { code: -32602, message: 'x' } }), expected).differences).toEqual(['error.code: got -32602, want -32000']);
    // An error without a message keeps the expected message as a difference.
    expect(compareResponses(envelope({ error: { code: -32000 } }), expected).differences).toEqual([
      'error.message: missing, want "nonce too low: address 0x…"',
    ]);
    // data still counts after the message is gone.
    const withData = envelope({ error: { code: 3, message: 'execution reverted', data: '0x01' } });
    expect(compareResponses(envelope({ error: { code: 3, message: 'reverted', data: '0x02' } }), withData).differences).toEqual([
      'error.data: got "0x02", want "0x01"',
    ]);
  });

  it('an error where a result is expected fails, messages and all', () => {
    const outcome = compareResponses(
      envelope({ error: { code: -32601, message: 'the method eth_config does not exist/is not available' } }),
      envelope({ result: '0x1' }),
    );
    expect(outcome.errorMessagesRemoved).toBe(false);
    expect(outcome.differences).toEqual([
      'result: missing, want "0x1"',
      'error: unexpected {"code":-32601,"message":"the method eth_config does not exist/is not available"}',
    ]);
  });

  it('removes nested error messages (eth_simulateV1 calls[].error) but not errors inside an error', () => {
    const expected = envelope({
      result: [{ calls: [{ status: '0x0', error: { code: 3, message: 'execution reverted: boom' } }, { status: '0x1' }] }],
      error: { code: 1, message: 'outer', data: { error: { message: 'inner' } } },
    });
    const actual = envelope({
      result: [{ calls: [{ status: '0x0', error: { code: 3, message: 'reverted' } }, { status: '0x1' }] }],
      error: { code: 1, message: 'different outer', data: { error: { message: 'different inner' } } },
    });
    const outcome = compareResponses(actual, expected);
    expect(outcome.errorMessagesRemoved).toBe(true);
    expect(outcome.differences).toEqual(['error.data.error.message: got "different inner", want "inner"']);
  });

  it('does not modify its inputs', () => {
    const actual = envelope({ error: { code: 1, message: 'a' } });
    const expected = envelope({ error: { code: 1, message: 'b' } });
    compareResponses(actual, expected);
    expect(actual).toEqual(envelope({ error: { code: 1, message: 'a' } }));
    expect(expected).toEqual(envelope({ error: { code: 1, message: 'b' } }));
  });
});
