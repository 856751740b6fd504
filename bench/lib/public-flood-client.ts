/**
 * A public-tier flood, run as its own process by workloads/public-flood.ts (so generating it
 * does not slow the dedicated client being measured in the harness):
 *
 *   node --import tsx bench/lib/public-flood-client.ts <url> <durationMs> <connections> <addresses>
 *
 * `connections` keep-alive loops POST to `url` as fast as they are answered, each request a
 * batch of 10 heavy reads (full latest block, balances, a call), claiming one of `addresses`
 * client addresses via X-Forwarded-For (the node runs with --trust-proxy). Stops by itself after
 * `durationMs` and prints `{"requests":N,"byStatus":{...}}` on stdout.
 */
import http from 'node:http';

const [url, durationText, connectionsText, addressesText] = process.argv.slice(2);
if (!url || !durationText || !connectionsText || !addressesText) throw new Error('usage: public-flood-client.ts <url> <durationMs> <connections> <addresses>');
const target = new URL(url);
const deadline = performance.now() + Number(durationText);
const agent = new http.Agent({ keepAlive: true, maxSockets: Number(connectionsText) });
const batch = JSON.stringify([
  { jsonrpc: '2.0', id: 1, method: 'eth_getBlockByNumber', params: ['latest', true] },
  ...Array.from({ length: 8 }, (_, i) => ({
    jsonrpc: '2.0',
    id: i + 2,
    method: 'eth_getBalance',
    params: [`0x${(i + 1).toString(16).padStart(40, '0')}`, 'latest'],
  })),
  { jsonrpc: '2.0', id: 10, method: 'eth_call', params: [{ to: `0x${'00'.repeat(19)}01`, data: '0x' }, 'latest'] },
]);
const byStatus: Record<string, number> = {};
let requests = 0;

function post(address: string): Promise<void> {
  return new Promise((resolve) => {
    const request = http.request(
      {
        host: target.hostname,
        port: target.port,
        path: target.pathname,
        method: 'POST',
        agent,
        headers: { 'content-type': 'application/json', 'x-forwarded-for': address },
        timeout: 10_000,
      },
      (response) => {
        response.resume();
        response.on('end', () => {
          byStatus[response.statusCode ?? 0] = (byStatus[response.statusCode ?? 0] ?? 0) + 1;
          resolve();
        });
      },
    );
    request.on('error', () => {
      byStatus.error = (byStatus.error ?? 0) + 1;
      resolve();
    });
    request.on('timeout', () => request.destroy());
    request.end(batch);
  });
}

await Promise.all(
  Array.from({ length: Number(connectionsText) }, async (_, connection) => {
    for (let i = 0; performance.now() < deadline; i++) {
      requests++;
      await post(`198.18.0.${((connection + i) % Number(addressesText)) + 1}`);
    }
  }),
);
agent.destroy();
process.stdout.write(`${JSON.stringify({ requests, byStatus })}\n`);
