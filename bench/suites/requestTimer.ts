/**
 * Where a suite's time goes, request by request: a JSON-RPC proxy on the suite's port that forwards
 * every request to the node behind it and keeps, per method, how many came and how long each took
 * from the proxy's read of the request to its read of the answer (`--suite-requests`). The same
 * proxy stands before every node, so its own cost (~0.1–0.2 ms per request here) is in every row
 * alike. A JSON-RPC batch counts under `batch:<first method>`.
 *
 * Why not the nodes' own figures: `hardhat node` and Anvil report none per method, and a suite that
 * sends requests concurrently (hardhat-ethers sends `hardhat_metadata` beside its sends) makes each
 * node's own view differ from what the client waits for.
 *
 * With SEQUIN_BENCH_REQUEST_LOG=<file>, each request is also appended to the file as a JSON line
 * (`{ at, ms, request, answer }`, times in ms from the proxy's start): the sequence a suite sends.
 */
import { appendFileSync } from 'node:fs';
import { Agent, createServer, type IncomingMessage, request, type Server, type ServerResponse } from 'node:http';
import { percentile } from '../lib/stats.js';

/** Per method: the number of requests and each one's time in ms. */
export type RequestTimes = Map<string, number[]>;

/** A running proxy: `times` fills as requests pass. */
export interface RequestTimer {
  times: RequestTimes;
  close(): Promise<void>;
}

/** Listens on 127.0.0.1:`port` and forwards to `upstream` (http://host:port). */
export function startRequestTimer(port: number, upstream: string): Promise<RequestTimer> {
  const target = new URL(upstream);
  const agent = new Agent({ keepAlive: true, maxSockets: 64 });
  const times: RequestTimes = new Map();
  const log = process.env.SEQUIN_BENCH_REQUEST_LOG;
  const opened = performance.now();
  const server: Server = createServer((incoming, outgoing) => forward(incoming, outgoing));

  function forward(incoming: IncomingMessage, outgoing: ServerResponse): void {
    const chunks: Buffer[] = [];
    incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
    incoming.on('end', () => {
      const body = Buffer.concat(chunks);
      const method = methodOf(body);
      const started = performance.now();
      const upstreamRequest = request(
        {
          host: target.hostname,
          port: target.port,
          path: target.pathname,
          method: 'POST',
          agent,
          headers: { 'content-type': incoming.headers['content-type'] ?? 'application/json', 'content-length': body.length },
        },
        (answer) => {
          const answerChunks: Buffer[] = [];
          answer.on('data', (chunk: Buffer) => answerChunks.push(chunk));
          answer.on('end', () => {
            const list = times.get(method) ?? [];
            list.push(performance.now() - started);
            times.set(method, list);
            const answerBody = Buffer.concat(answerChunks);
            if (log) {
              const at = (started - opened).toFixed(2);
              const ms = (performance.now() - started).toFixed(3);
              appendFileSync(log, `{"at":${at},"ms":${ms},"request":${body.toString('utf8')},"answer":${answerBody.toString('utf8')}}\n`);
            }
            outgoing.writeHead(answer.statusCode ?? 502, { 'content-type': 'application/json', 'content-length': answerBody.length });
            outgoing.end(answerBody);
          });
        },
      );
      upstreamRequest.on('error', (error) => {
        outgoing.writeHead(502, { 'content-type': 'text/plain' });
        outgoing.end(String(error));
      });
      upstreamRequest.end(body);
    });
  }

  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () =>
      resolve({
        times,
        close: () =>
          new Promise<void>((done) => {
            agent.destroy();
            server.closeAllConnections();
            server.close(() => done());
          }),
      }),
    );
  });
}

/** The request's method name, `batch:<first>` for a batch, `?` for a body that is not JSON-RPC. */
function methodOf(body: Buffer): string {
  try {
    const parsed = JSON.parse(body.toString('utf8')) as { method?: unknown } | Array<{ method?: unknown }>;
    if (Array.isArray(parsed)) return `batch:${String(parsed[0]?.method)}`;
    return typeof parsed.method === 'string' ? parsed.method : '?';
  } catch {
    return '?';
  }
}

/** One line per method: count, p50 and total (s) for every node side by side, by the largest total first. */
export function requestTimesTable(nodes: ReadonlyArray<{ node: string; times: RequestTimes }>, rows = 20): string {
  const total = (list: readonly number[] | undefined) => (list ?? []).reduce((sum, ms) => sum + ms, 0);
  const methods = new Set(nodes.flatMap(({ times }) => [...times.keys()]));
  const largest = (method: string) => Math.max(...nodes.map(({ times }) => total(times.get(method))));
  const ordered = [...methods].sort((a, b) => largest(b) - largest(a));
  const cell = (list: number[] | undefined) =>
    list === undefined || list.length === 0 ? '— | — | —' : `${list.length} | ${percentile(list, 50).toFixed(2)} | ${(total(list) / 1000).toFixed(1)}`;
  const header = nodes.map(({ node }) => `${node}: requests | p50 (ms) | total (s)`).join(' | ');
  const align = nodes.map(() => '---: | ---: | ---:').join(' | ');
  const lines = ordered.slice(0, rows).map((method) => `| \`${method}\` | ${nodes.map(({ times }) => cell(times.get(method))).join(' | ')} |`);
  const sums = `| all | ${nodes.map(({ times }) => `${[...times.values()].reduce((n, list) => n + list.length, 0)} | | ${([...times.values()].reduce((sum, list) => sum + total(list), 0) / 1000).toFixed(1)}`).join(' | ')} |`;
  return [`| method | ${header} |`, `| --- | ${align} |`, ...lines, sums].join('\n');
}
