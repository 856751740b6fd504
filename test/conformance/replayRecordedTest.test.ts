import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createResultValidators } from './createResultValidators.js';
import { parseRecordedTest } from './parseRecordedTest.js';
import { httpSender, replayRecordedTest, type SendRequest } from './replayRecordedTest.js';

const validators = createResultValidators({
  methods: [{ name: 'eth_capabilities', result: { schema: { type: 'object', required: ['head'], properties: { head: { type: 'string' } } } } }],
});

/** A node stand-in answering each request body from a table (unknown bodies get a parse error). */
function cannedNode(answers: Record<string, string>): SendRequest & { received: string[] } {
  const received: string[] = [];
  const send = async (body: string) => {
    received.push(body);
    return answers[body] ?? '{"jsonrpc":"2.0","id":null,"error":{"code":-32700,"message":"parse error"}}';
  };
  return Object.assign(send, { received });
}

const request = '{"jsonrpc":"2.0","id":1,"method":"eth_chainId"}';

describe('replayRecordedTest', () => {
  it('passes an exact answer and sends the request byte for byte', async () => {
    const test = parseRecordedTest('eth_chainId/get-chain-id', `>> ${request}\n<< {"jsonrpc":"2.0","id":1,"result":"0xc72dd9d5e883e"}`);
    const node = cannedNode({ [request]: '{"id":1,"jsonrpc":"2.0","result":"0xc72dd9d5e883e"}\n' });
    expect(await replayRecordedTest(test, node, validators)).toEqual({ name: 'eth_chainId/get-chain-id', method: 'eth_chainId', status: 'passed' });
    expect(node.received).toEqual([request]);
  });

  it('fails a different answer with the differences', async () => {
    const test = parseRecordedTest('eth_chainId/get-chain-id', `>> ${request}\n<< {"jsonrpc":"2.0","id":1,"result":"0xc72dd9d5e883e"}`);
    const outcome = await replayRecordedTest(test, cannedNode({ [request]: '{"jsonrpc":"2.0","id":1,"result":"0x7a69"}' }), validators);
    expect(outcome.status).toBe('failed');
    expect(outcome.failure).toBe('exchange 1: the answer differs from the recording:\nresult: got "0x7a69", want "0xc72dd9d5e883e"');
  });

  it('ignores error wording when both sides carry a message', async () => {
    const test = parseRecordedTest(
      'eth_call/reverts',
      `>> ${request}\n<< {"jsonrpc":"2.0","id":1,"error":{"code":3,"message":"execution reverted: x","data":"0x"}}`,
    );
    const node = cannedNode({ [request]: '{"jsonrpc":"2.0","id":1,"error":{"code":3,"message":"reverted","data":"0x"}}' });
    expect((await replayRecordedTest(test, node, validators)).status).toBe('passed');
  });

  it('judges a speconly success by the schema only, and a speconly error exactly', async () => {
    const capabilities = '{"jsonrpc":"2.0","id":1,"method":"eth_capabilities"}';
    const text = `// speconly: checked by schema\n>> ${capabilities}\n<< {"jsonrpc":"2.0","id":1,"result":{"head":"0x1","other":1}}`;
    const test = parseRecordedTest('eth_capabilities/get-capabilities', text);
    const valid = cannedNode({ [capabilities]: '{"jsonrpc":"2.0","id":7,"result":{"head":"anything"}}' });
    expect((await replayRecordedTest(test, valid, validators)).status).toBe('passed-by-schema');
    const invalid = await replayRecordedTest(test, cannedNode({ [capabilities]: '{"jsonrpc":"2.0","id":1,"result":{"head":1}}' }), validators);
    expect(invalid.status).toBe('failed');
    expect(invalid.failure).toBe('exchange 1: the result does not conform to the eth_capabilities result schema:\n/head must be string');
    const error = await replayRecordedTest(
      test,
      cannedNode({ [capabilities]: '{"jsonrpc":"2.0","id":1,"error":{"code":-32601,"message":"method not found"}}' }),
      validators,
    );
    expect(error.status).toBe('failed');
    expect(error.failure).toContain('result: missing');
  });

  it('fails a speconly method the spec has no result schema for', async () => {
    const test = parseRecordedTest(
      'eth_unknown/x',
      '// speconly: yes\n>> {"jsonrpc":"2.0","id":1,"method":"eth_unknown"}\n<< {"jsonrpc":"2.0","id":1,"result":1}',
    );
    const node = cannedNode({ '{"jsonrpc":"2.0","id":1,"method":"eth_unknown"}': '{"jsonrpc":"2.0","id":1,"result":1}' });
    expect((await replayRecordedTest(test, node, validators)).failure).toBe('exchange 1: no result schema for speconly method eth_unknown in the spec');
  });

  it('fails on an answer that is not JSON, a transport error, and a request without a recorded response', async () => {
    const test = parseRecordedTest('m/t', `>> ${request}\n<< {}`);
    expect((await replayRecordedTest(test, cannedNode({ [request]: '<html>' }), validators)).failure).toBe('exchange 1: the answer is not JSON: <html>');
    const broken: SendRequest = async () => {
      throw new Error('connect ECONNREFUSED');
    };
    expect((await replayRecordedTest(test, broken, validators)).failure).toBe('exchange 1: request failed: connect ECONNREFUSED');
    const dangling = parseRecordedTest('m/t', `>> ${request}\n<< {}\n>> ${request}`);
    expect((await replayRecordedTest(dangling, cannedNode({ [request]: '{}' }), validators)).failure).toBe(
      'the last answer has no recorded response to compare with',
    );
  });

  it('stops at the first mismatching exchange', async () => {
    const second = '{"jsonrpc":"2.0","id":2,"method":"eth_chainId"}';
    const test = parseRecordedTest('m/t', `>> ${request}\n<< {"id":1}\n>> ${second}\n<< {"id":2}`);
    const node = cannedNode({ [request]: '{"id":0}', [second]: '{"id":2}' });
    const outcome = await replayRecordedTest(test, node, validators);
    expect(outcome.failure).toBe('exchange 1: the answer differs from the recording:\nid: got 0, want 1');
    expect(node.received).toEqual([request]);
  });
});

describe('httpSender', () => {
  let url = '';
  const bodies: Array<{ body: string; contentType: string | undefined }> = [];
  const server = createServer((request, response) => {
    let body = '';
    request.setEncoding('utf8').on('data', (chunk: string) => (body += chunk));
    request.on('end', () => {
      bodies.push({ body, contentType: request.headers['content-type'] });
      // hive reads the body whatever the status: a refusal with a JSON-RPC body is still an answer.
      response.writeHead(403, { 'content-type': 'application/json' }).end('{"jsonrpc":"2.0","id":1,"error":{"code":-32004,"message":"no"}}');
    });
  });
  beforeAll(async () => {
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('POSTs the exact bytes as application/json and returns the body of any status', async () => {
    const body = '{"jsonrpc":"2.0","id":1,"method":"eth_chainId","params":[ ]}';
    expect(await httpSender(url)(body)).toBe('{"jsonrpc":"2.0","id":1,"error":{"code":-32004,"message":"no"}}');
    expect(bodies).toEqual([{ body, contentType: 'application/json' }]);
  });
});
