import { describe, expect, it } from 'vitest';
import { parseRecordedTest } from './parseRecordedTest.js';

describe('parseRecordedTest', () => {
  it('reads the description, the speconly mark and the messages in order', () => {
    const text = [
      '// gets the node capabilities',
      '// speconly: client response is only checked for schema validity.',
      '',
      '>> {"jsonrpc":"2.0","id":1,"method":"eth_capabilities"}  ',
      '<< {"jsonrpc":"2.0","id":1,"result":{}}',
      '// a comment after the first message is ignored',
      '>>{"jsonrpc":"2.0","id":2,"method":"eth_chainId"}',
      '<< {"jsonrpc":"2.0","id":2,"result":"0x1"}',
      '',
    ].join('\n');
    expect(parseRecordedTest('eth_capabilities/get-capabilities', text)).toEqual({
      name: 'eth_capabilities/get-capabilities',
      method: 'eth_capabilities',
      description: 'gets the node capabilities\nspeconly: client response is only checked for schema validity.',
      speconly: true,
      messages: [
        { direction: 'request', json: '{"jsonrpc":"2.0","id":1,"method":"eth_capabilities"}' },
        { direction: 'response', json: '{"jsonrpc":"2.0","id":1,"result":{}}' },
        { direction: 'request', json: '{"jsonrpc":"2.0","id":2,"method":"eth_chainId"}' },
        { direction: 'response', json: '{"jsonrpc":"2.0","id":2,"result":"0x1"}' },
      ],
    });
  });

  it('keeps the request text byte for byte (no re-serialisation)', () => {
    const request = '{"jsonrpc":"2.0","id":1,"method":"eth_getBlockByNumber","params":["0x0" , true]}';
    expect(parseRecordedTest('m/t', `>> ${request}\n<< {}`).messages[0]!.json).toBe(request);
  });

  it('is not speconly when the mark is not at the start of a description line', () => {
    expect(parseRecordedTest('m/t', '// this is not speconly: really\n>> {}\n<< {}').speconly).toBe(false);
  });

  it.each([
    ['a stray line', '>> {}\nhello\n<< {}', 'm/t.io line 2: neither a comment nor a message: hello'],
    ['invalid JSON', '>> {"a":\n<< {}', 'm/t.io line 1: invalid JSON'],
    ['a response before any request', '<< {}', 'm/t.io line 1: response before request'],
    ['two responses to one request', '>> {}\n<< {}\n<< {}', 'm/t.io line 3: response before request'],
  ])('rejects %s, naming the line', (_case, text, message) => {
    expect(() => parseRecordedTest('m/t', text)).toThrow(message);
  });
});
