/**
 * Floors under Sequin's per-request CPU that are Node's, not Sequin's (issue 28), measured on
 * this machine with the bench's own client:
 *
 * - http:   a bare node:http server (a child process) that parses a JSON-RPC body and answers a
 *           32-byte result, driven by 8 keep-alive clients (`lib/rpc.ts`) as the bench drives the
 *           nodes: the server's CPU per request over all its threads (`lib/threadCpu.ts`). Again with
 *           --busy µs of work per request (the server spins that long before it answers, as a node
 *           runs its EVM): the requests then come at a node's rate, and what the server spends per
 *           request beside the work is Node's HTTP at that rate (the clients sleep between answers,
 *           so each answer also wakes one);
 * - worker: a worker round trip in this process (post a message, get one back: two thread
 *           wake-ups), of a bare number, of a distinct eth_call's job as objects with Uint8Arrays
 *           and bigints, and of the same job with its byte fields as hex text: the process's CPU
 *           (process.cpuUsage, all threads) per round trip.
 *
 *   node --import tsx bench/floors.ts [--requests N] [--rounds N] [--busy µs,…]   (default --busy 150)
 */
import { spawn } from 'node:child_process';
import { Worker } from 'node:worker_threads';
import { RpcClient } from './lib/rpc.js';
import { cpuPerRequest, cpuSpent, threadCpu } from './lib/threadCpu.js';

const SERVER = `
const http = require('node:http');
const BUSY_MS = Number(process.env.FLOOR_BUSY_US ?? 0) / 1000;
const server = http.createServer((req, res) => {
  const chunks = [];
  req.on('data', (chunk) => chunks.push(chunk));
  req.on('end', () => {
    const { id } = JSON.parse(Buffer.concat(chunks).toString('utf8'));
    for (const until = performance.now() + BUSY_MS; performance.now() < until; );
    const body = JSON.stringify({ jsonrpc: '2.0', id, result: '0x' + '00'.repeat(32) });
    res.writeHead(200, { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(body) });
    res.end(body);
  });
});
server.listen(0, '127.0.0.1', () => console.log('http://127.0.0.1:' + server.address().port));
`;

const bytes = (length: number): Uint8Array => Uint8Array.from({ length }, (_, index) => (index * 7) & 0xff);
const hex = (length: number): string => 'ab'.repeat(length);
/** A distinct balanceOf job's shape (CallJob), its byte fields made by `field`. */
const jobOf = (field: (length: number) => unknown) => ({
  kind: 'call',
  request: { from: field(20), to: field(20), data: field(36) },
  version: Number.MAX_SAFE_INTEGER,
  epoch: 0,
  gasCap: 50_000_000n,
  environment: {
    number: 5n,
    timestamp: 1_764_000_000n,
    gasLimit: 30_000_000n,
    baseFeePerGas: 875_000_000n,
    coinbase: field(20),
    parentHash: field(32),
    difficulty: 0n,
    prevRandao: field(32),
    excessBlobGas: 0n,
    parentBeaconBlockRoot: field(32),
  },
});
const KINDS = { number: () => 1, objects: () => jobOf(bytes), hex: () => jobOf(hex) } as const;
type Kind = keyof typeof KINDS;
/** The worker: answers a number with a number, a job with 32 bytes as a Uint8Array or as hex, as a call worker answers. */
const WORKER = `
const { parentPort } = require('node:worker_threads');
const answers = { number: () => 1, objects: () => new Uint8Array(32).fill(7), hex: () => 'ab'.repeat(32) };
parentPort.on('message', ({ id, kind }) => parentPort.postMessage({ id, ok: true, value: answers[kind]() }));
`;

function parseArgs(argv: readonly string[]): { requests: number; rounds: number; busy: number[] } {
  const options = { requests: 10_000, rounds: 3, busy: [150] };
  for (let index = 0; index < argv.length; index++) {
    if (argv[index] === '--requests') options.requests = Number(argv[++index]);
    else if (argv[index] === '--rounds') options.rounds = Number(argv[++index]);
    else if (argv[index] === '--busy') options.busy = argv[++index]!.split(',').map(Number);
    else throw new Error(`usage: floors.ts [--requests N] [--rounds N] [--busy µs,…]   (bad argument: ${argv[index]})`);
  }
  return options;
}

async function httpFloor(requests: number, rounds: number, busyUs = 0): Promise<void> {
  const child = spawn(process.execPath, ['-e', SERVER], { stdio: ['ignore', 'pipe', 'inherit'], env: { ...process.env, FLOOR_BUSY_US: String(busyUs) } });
  try {
    const url = await new Promise<string>((resolve) => child.stdout!.once('data', (chunk: Buffer) => resolve(chunk.toString().trim())));
    const client = new RpcClient(url);
    const params = [{ to: `0x${'11'.repeat(20)}`, data: `0x70a08231${'00'.repeat(32)}` }, 'latest'];
    const loop = async (count: number) => {
      let left = count;
      await Promise.all(
        Array.from({ length: 8 }, async () => {
          while (left-- > 0) await client.call('eth_call', params);
        }),
      );
    };
    await loop(requests / 2);
    for (let round = 0; round < rounds; round++) {
      const before = threadCpu(child.pid!);
      const started = performance.now();
      await loop(requests);
      const rate = requests / ((performance.now() - started) / 1000);
      const cpu = cpuPerRequest(child.pid!, cpuSpent(before, threadCpu(child.pid!)), requests);
      if (busyUs === 0) console.log(`http   bare node:http JSON-RPC server: ${cpu.total.toFixed(0)} µs CPU per request (${rate.toFixed(0)}/s)`);
      else
        console.log(
          `http   bare node:http JSON-RPC server spinning ${busyUs} µs per request: ${cpu.total.toFixed(0)} µs CPU per request, ${(cpu.total - busyUs).toFixed(0)} beside the work (${rate.toFixed(0)}/s)`,
        );
    }
  } finally {
    child.kill();
  }
}

async function workerFloor(requests: number, rounds: number): Promise<void> {
  const worker = new Worker(WORKER, { eval: true });
  const roundTrip = (kind: Kind) =>
    new Promise((resolve) => {
      worker.once('message', resolve);
      worker.postMessage({ id: 1, kind, job: KINDS[kind]() });
    });
  try {
    for (let round = 0; round < rounds; round++) {
      for (const kind of Object.keys(KINDS) as Kind[]) {
        for (let count = 0; count < requests / 10; count++) await roundTrip(kind);
        const before = process.cpuUsage();
        for (let count = 0; count < requests; count++) await roundTrip(kind);
        const used = process.cpuUsage(before);
        console.log(`worker round trip, ${kind.padEnd(7)}: ${((used.user + used.system) / requests).toFixed(1)} µs CPU`);
      }
    }
  } finally {
    await worker.terminate();
  }
}

const { requests, rounds, busy } = parseArgs(process.argv.slice(2));
await httpFloor(requests, rounds);
for (const busyUs of busy) await httpFloor(requests / 2, rounds, busyUs);
await workerFloor(requests * 2, rounds);
process.exit(0);
