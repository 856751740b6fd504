/**
 * A serial probe of what a Hardhat fixture-heavy suite sends, per request, against Sequin builds and Hardhat 3 in
 * alternating rounds (so machine load affects all alike): eth_sendTransaction (instant-mined) then its
 * receipt, eth_getBlockByNumber, evm_snapshot, evm_revert, hardhat_mine of one block, and a fixture's contract
 * cycle on an ERC-20 (`contract`: snapshot, an instant-mined token transfer of a new amount, eth_call balanceOf then
 * allowance at "latest" on the new block, `tokenCall` and `tokenCallAgain`, revert, balanceOf again,
 * `callAfterRevert`, which the node may answer from its call cache), distinct balanceOf calls back to back
 * (`distinctCall`; PROBE_WARM=N distinct calls first, to see the execution worker's JIT warm-up), distinct
 * transfer estimates back to back (`distinctEstimate`, a new recipient each), and bursts of 10
 * concurrent hardhat_setCode as hardhat-predeploy sends them (`setCode`: each request's time). Prints one JSON line
 * per node per round (each kind's median ms, and the node's CPU over all its threads per round of each loop,
 * µs: it hardly moves with the machine's load), then each figure's median of rounds with the min–max.
 *
 *   node --import tsx bench/instantProbe.ts [rounds] [sequin repo root …] [--hardhat]
 *
 * Each Sequin root needs dist/ built; Sequin runs `--mining instant` on an LMDB data directory (durable), or
 * `--ephemeral` with PROBE_STORAGE=memory; PROBE_COUNT requests of each kind (default 200); PROBE_NODE_ARGS go to
 * Sequin's node (e.g. --cpu-prof);
 * PROBE_ONLY=send|read|revert|mine|contract|setCode runs one loop alone; PROBE_THREADS=1 prints each loop's CPU per
 * thread (µs per round) on stderr; PROBE_SEND=erc20 makes every send an ERC-20 `transfer` (the bench's
 * token, deployed first with eth_sendTransaction) instead of a value transfer, as a Hardhat suite's sends
 * are contract calls.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { encodeFunctionData, type Hex, parseAbi } from 'viem';
import { ERC20_ABI, tokenCreationCode } from './lib/erc20.js';
import { spawnTracked, stopTracked } from './lib/process.js';
import { RpcClient } from './lib/rpc.js';
import { cpuSpent, threadCpu } from './lib/threadCpu.js';
import { now } from './lib/time.js';
import * as hardhat from './peers/hardhat.js';

const args = process.argv.slice(2);
const rounds = Number(args.find((arg) => /^\d+$/.test(arg)) ?? 3);
const roots = args.filter((arg) => !/^\d+$/.test(arg) && !arg.startsWith('--'));
const withHardhat = args.includes('--hardhat');
const COUNT = Number(process.env.PROBE_COUNT ?? 200);
const FROM = '0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266';
const TO = '0x000000000000000000000000000000000000bEEF';
const TOKEN_ABI = parseAbi([
  'function transfer(address to, uint256 value) returns (bool)',
  'function balanceOf(address owner) view returns (uint256)',
  'function allowance(address owner, address spender) view returns (uint256)',
]);

async function startSequin(root: string) {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'sequin-probe-'));
  const extra = process.env.PROBE_NODE_ARGS ? process.env.PROBE_NODE_ARGS.split(' ') : [];
  const tracked = spawnTracked(
    process.execPath,
    [
      ...extra,
      'bin/sequin.js',
      ...(process.env.PROBE_STORAGE === 'memory' ? ['--ephemeral'] : ['--data-dir', dataDir]),
      '--port',
      '0',
      '--accounts',
      '20',
      '--log-level',
      'warn',
      '--mining',
      'instant',
    ],
    { cwd: root, env: process.env },
  );
  const url = await new Promise<string>((resolve, reject) => {
    let buffered = '';
    tracked.child.stdout?.on('data', (chunk: Buffer) => {
      buffered += chunk.toString();
      const match = /Listening on (http:\/\/[^\s/]+)/.exec(buffered);
      if (match) resolve(match[1]!);
    });
    tracked.child.once('exit', () => reject(new Error(`exited: ${tracked.tail()}`)));
  });
  return {
    url,
    pid: tracked.child.pid!,
    stop: async () => {
      await stopTracked(tracked);
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

const median = (values: number[]) => {
  const sorted = values.slice().sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
};

async function timed(samples: number[], work: () => Promise<unknown>) {
  const started = now();
  await work();
  samples.push(now() - started);
}

/** Times `count` rounds of `step` (each `step` times its own requests into `samples`); the node's CPU (every thread, µs) per round. */
async function loop(pid: number, count: number, step: () => Promise<void>): Promise<number> {
  const before = threadCpu(pid);
  for (let i = 0; i < count; i++) await step();
  const spent = cpuSpent(before, threadCpu(pid));
  if (process.env.PROBE_THREADS && count > 0)
    console.error(JSON.stringify([...spent.values()].filter(({ ms }) => ms > 0).map(({ name, ms }) => [name, Math.round((1000 * ms) / count)])));
  let ms = 0;
  for (const { ms: thread } of spent.values()) ms += thread;
  return (1000 * ms) / count;
}

/** The bench's ERC-20, deployed from FROM (which holds its supply); the send of one token unit to TO. */
async function tokenTransfer(rpc: RpcClient) {
  const hash = await rpc.call<Hex>('eth_sendTransaction', [{ from: FROM, data: tokenCreationCode(), gas: '0x1e8480' }]);
  const receipt = await rpc.call<{ contractAddress: Hex | null } | null>('eth_getTransactionReceipt', [hash]);
  if (!receipt?.contractAddress) throw new Error('the token was not deployed');
  const data = encodeFunctionData({ abi: ERC20_ABI, functionName: 'transfer', args: [TO, 1n] });
  return { from: FROM, to: receipt.contractAddress, data, gas: '0x186a0' };
}

async function probe(url: string, pid: number): Promise<Record<string, number>> {
  const rpc = new RpcClient(url, { maxSockets: 1 });
  const kinds: Record<string, number[]> = {
    sendReceipt: [],
    send: [],
    receipt: [],
    blockByNumber: [],
    call: [],
    snapshot: [],
    revert: [],
    mine: [],
    tokenSend: [],
    tokenCall: [],
    tokenCallAgain: [],
    distinctCall: [],
    distinctEstimate: [],
    setCode: [],
    callAfterRevert: [],
  };
  const cpu: Record<string, number> = {};
  const only = process.env.PROBE_ONLY;
  const runs = (kind: string) => (only === undefined || only === kind ? COUNT : 0);
  try {
    const tx = process.env.PROBE_SEND === 'erc20' ? await tokenTransfer(rpc) : { from: FROM, to: TO, value: '0x1', gas: '0x5208' };
    for (let i = 0; i < 30; i++) await rpc.call('eth_getTransactionReceipt', [await rpc.call('eth_sendTransaction', [tx])]); // warm-up
    let hash = '';
    cpu.sendReceipt = await loop(pid, runs('send'), async () => {
      const started = now();
      await timed(kinds.send!, async () => {
        hash = await rpc.call<string>('eth_sendTransaction', [tx]);
      });
      await timed(kinds.receipt!, () => rpc.call('eth_getTransactionReceipt', [hash]));
      kinds.sendReceipt!.push(now() - started);
    });
    cpu.blockByNumber = await loop(pid, runs('read'), () => timed(kinds.blockByNumber!, () => rpc.call('eth_getBlockByNumber', ['latest', false])));
    cpu.call = await loop(pid, runs('read'), () => timed(kinds.call!, () => rpc.call('eth_call', [{ to: TO, data: '0x' }, 'latest'])));
    // A fixture's cycle: snapshot, a transaction, back to the snapshot (the transaction's CPU counts in the revert's).
    cpu.snapshotSendRevert = await loop(pid, runs('revert'), async () => {
      let id = '';
      await timed(kinds.snapshot!, async () => {
        id = await rpc.call<string>('evm_snapshot', []);
      });
      await rpc.call('eth_sendTransaction', [tx]);
      await timed(kinds.revert!, () => rpc.call('evm_revert', [id]));
    });
    cpu.mine = await loop(pid, runs('mine'), () => timed(kinds.mine!, () => rpc.call('hardhat_mine', ['0x1'])));
    if (runs('contract') > 0) {
      const { to: token } = await tokenTransfer(rpc);
      // Each cycle transfers another amount, so its block, and the calls' state, is new (no answer cached by the node).
      let amount = 0n;
      const transfer = () => ({
        from: FROM,
        to: token,
        gas: '0x186a0',
        data: encodeFunctionData({ abi: TOKEN_ABI, functionName: 'transfer', args: [TO, ++amount] }),
      });
      const balanceOf = { from: FROM, to: token, data: encodeFunctionData({ abi: TOKEN_ABI, functionName: 'balanceOf', args: [FROM] }) };
      const allowance = { from: FROM, to: token, data: encodeFunctionData({ abi: TOKEN_ABI, functionName: 'allowance', args: [FROM, TO] }) };
      for (let i = 0; i < Number(process.env.PROBE_WARM ?? 0); i++) {
        const data = encodeFunctionData({ abi: TOKEN_ABI, functionName: 'balanceOf', args: [`0x${(i + 1e6).toString(16).padStart(40, '0')}`] });
        await rpc.call('eth_call', [{ from: FROM, to: token, data }, 'latest']);
      }
      // Distinct calls back to back (a new holder each time, so no answer is cached), on one state.
      let holder = 0;
      cpu.distinctCall = await loop(pid, COUNT, async () => {
        const data = encodeFunctionData({ abi: TOKEN_ABI, functionName: 'balanceOf', args: [`0x${(++holder).toString(16).padStart(40, '0')}`] });
        await timed(kinds.distinctCall!, () => rpc.call('eth_call', [{ from: FROM, to: token, data }, 'latest']));
      });
      // Distinct transfer estimates back to back (a new recipient each time), as hardhat-ethers sends before a transaction.
      cpu.distinctEstimate = await loop(pid, COUNT, async () => {
        const data = encodeFunctionData({ abi: TOKEN_ABI, functionName: 'transfer', args: [`0x${(++holder).toString(16).padStart(40, '0')}`, 1n] });
        await timed(kinds.distinctEstimate!, () => rpc.call('eth_estimateGas', [{ from: FROM, to: token, data }, 'latest']));
      });
      // A fixture-based test's cycle on a contract (the transfer's and the revert's CPU count in the cycle's).
      cpu.contractCycle = await loop(pid, COUNT, async () => {
        const id = await rpc.call<string>('evm_snapshot', []);
        await timed(kinds.tokenSend!, () => rpc.call('eth_sendTransaction', [transfer()]));
        await timed(kinds.tokenCall!, () => rpc.call('eth_call', [balanceOf, 'latest']));
        await timed(kinds.tokenCallAgain!, () => rpc.call('eth_call', [allowance, 'latest']));
        await rpc.call('evm_revert', [id]);
        await timed(kinds.callAfterRevert!, () => rpc.call('eth_call', [balanceOf, 'latest']));
      });
    }
    // hardhat-predeploy's start: ten hardhat_setCode at once, each at its own address (a burst per round).
    const burst = new RpcClient(url, { maxSockets: 10 });
    try {
      const bursts = Math.ceil(runs('setCode') / 10);
      cpu.setCodeBurst = await loop(pid, bursts, async () => {
        const code = `0x60${(kinds.setCode!.length % 256).toString(16).padStart(2, '0')}60005260206000f3`;
        await Promise.all(
          Array.from({ length: 10 }, (_, index) =>
            timed(kinds.setCode!, () => burst.call('hardhat_setCode', [`0x${(0xc0de00 + index).toString(16).padStart(40, '0')}`, code])),
          ),
        );
      });
    } finally {
      burst.close();
    }
  } finally {
    rpc.close();
  }
  const medians = Object.entries(kinds)
    .filter(([, samples]) => samples.length > 0)
    .map(([kind, samples]) => [kind, Number(median(samples).toFixed(3))]);
  const cpus = Object.entries(cpu)
    .filter(([, micros]) => Number.isFinite(micros))
    .map(([kind, micros]) => [`cpuUs.${kind}`, Math.round(micros)]);
  return Object.fromEntries([...medians, ...cpus]);
}

const results: Record<string, Array<Record<string, number>>> = {};
for (let round = 0; round < rounds; round++) {
  const order = [...roots.map((root) => ({ name: root, start: () => startSequin(root) })), ...(withHardhat ? [{ name: 'hardhat', start: hardhat.start }] : [])];
  if (round % 2 === 1) order.reverse();
  for (const node of order) {
    const peer = await node.start();
    try {
      const measured = await probe(peer.url, peer.pid);
      (results[node.name] ??= []).push(measured);
      console.log(JSON.stringify({ round, node: node.name, ...measured }));
    } finally {
      await peer.stop();
    }
  }
}
for (const [name, list] of Object.entries(results)) {
  const summary = Object.fromEntries(
    Object.keys(list[0]!).map((kind) => {
      const values = list.map((entry) => entry[kind]!);
      return [kind, `${median(values).toFixed(2)} (${Math.min(...values).toFixed(2)}–${Math.max(...values).toFixed(2)})`];
    }),
  );
  console.log(name, JSON.stringify(summary));
}
process.exit(0);
