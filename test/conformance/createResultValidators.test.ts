import { describe, expect, it } from 'vitest';
import { createResultValidators } from './createResultValidators.js';

const quantity = { type: 'string', pattern: '^0x(0|[1-9a-f][0-9a-f]*)$' };

describe('createResultValidators', () => {
  it('validates a result against the method result schema', () => {
    const validators = createResultValidators({
      methods: [{ name: 'eth_blockNumber', result: { schema: quantity } }, { name: 'eth_noResult' }],
    });
    expect([...validators.keys()]).toEqual(['eth_blockNumber']);
    const validate = validators.get('eth_blockNumber')!;
    expect(validate('0x1a')).toEqual([]);
    expect(validate('0x01')).toEqual(['(result) must match pattern "^0x(0|[1-9a-f][0-9a-f]*)$"']);
    expect(validate(26)).toEqual(['(result) must be string']);
  });

  it('resolves $ref into the document components', () => {
    const validators = createResultValidators({
      methods: [
        {
          name: 'eth_getThing',
          result: {
            schema: { type: 'object', required: ['number'], properties: { number: { $ref: '#/components/schemas/uint' } }, additionalProperties: false },
          },
        },
      ],
      components: { schemas: { uint: quantity } },
    });
    const validate = validators.get('eth_getThing')!;
    expect(validate({ number: '0x0' })).toEqual([]);
    expect(validate({ number: 'zero' })).toEqual(['/number must match pattern "^0x(0|[1-9a-f][0-9a-f]*)$"']);
    expect(validate({ number: '0x0', extra: 1 })).toEqual(['(result) must NOT have additional properties']);
  });

  it('uses draft 2019-09 keywords (dependentRequired, unevaluatedProperties)', () => {
    const validators = createResultValidators({
      methods: [
        {
          name: 'm',
          result: {
            schema: {
              type: 'object',
              properties: { a: {} },
              dependentRequired: { a: ['b'] },
              allOf: [{ properties: { b: {} } }],
              unevaluatedProperties: false,
            },
          },
        },
      ],
    });
    const validate = validators.get('m')!;
    expect(validate({ a: 1, b: 2 })).toEqual([]);
    expect(validate({ a: 1 })).toEqual(['(result) must have property b when property a is present']);
    expect(validate({ b: 1, c: 2 })).toEqual(['(result) must NOT have unevaluated properties']);
  });
});
