/**
 * Instant mining's row (serial submit → receipt, as workloads/instantMining.ts measures it) on
 * Sequin, Hardhat 3 and the engine floors (peers/engineFloor.ts: stock @ethereumjs/vm, one durable
 * LMDB commit per block, nothing else; then also each block's state root), in alternating rounds
 * so that a change in the machine's load falls on all alike. Each round sends `count` pre-signed transfers one at a time from a
 * sender no other round uses on that node, polling the receipt after each send until it is
 * there; prints each node's p50 and p99 per round on stderr, then the median of the rounds'
 * p50s with the min–max, and each node's ratio to Hardhat's p50 round by round.
 *
 *   node --import tsx bench/instantRows.ts [rounds] [--count N]
 *
 * Sequin runs as the bench starts it (LMDB data directory) and is switched to instant mining with
 * evm_setAutomine, as the bench's workload does.
 */
import { benchAccounts } from './lib/accounts.js';
import { RpcClient } from './lib/rpc.js';
import { pendingNonces, signTx } from './lib/sign.js';
import { percentile } from './lib/stats.js';
import * as engineFloor from './peers/engineFloor.js';
import * as hardhat from './peers/hardhat.js';
import * as sequin from './peers/sequin.js';
import type { Peer } from './peers/types.js';
import { RECIPIENT, serialSendTimes } from './workloads/instantMining.js';

const HARDHAT = 'Hardhat 3';

const args = process.argv.slice(2);
const rounds = Number(args.find((arg) => /^\d+$/.test(arg)) ?? 3);
const countAt = args.indexOf('--count');
const count = countAt >= 0 ? Number(args[countAt + 1]) : 300;

/** p50 and p99 of `count` serial sends from `sender`, each until its receipt is seen. */
async function serialSends(rpc: RpcClient, senderIndex: number): Promise<{ p50: number; p99: number }> {
  const sender = benchAccounts()[senderIndex]!;
  const [nonce] = await pendingNonces(rpc, [sender]);
  const signed = await Promise.all(Array.from({ length: count }, (_, offset) => signTx(sender, nonce! + offset, RECIPIENT)));
  const times = await serialSendTimes(rpc, signed);
  return { p50: percentile(times, 50), p99: percentile(times, 99) };
}

const nodes: Array<{ label: string; peer: Peer; rpc?: RpcClient }> = [];
try {
  nodes.push({ label: 'Sequin', peer: await sequin.start() });
  nodes.push({ label: HARDHAT, peer: await hardhat.start() });
  for (const stateRoots of [false, true]) {
    const peer = await engineFloor.start({ stateRoots });
    nodes.push({ label: peer.name, peer });
  }
  for (const node of nodes) {
    node.rpc = new RpcClient(node.peer.url);
    await node.rpc.call('evm_setAutomine', [true]);
  }
  const p50s = new Map<string, number[]>();
  for (let round = 0; round < rounds; round++) {
    const order = round % 2 === 0 ? nodes : [...nodes].reverse();
    for (const node of order) {
      // The last accounts, one per round: no round waits behind another's nonces.
      const { p50, p99 } = await serialSends(node.rpc!, benchAccounts().length - 1 - round);
      console.error(`round ${round + 1}, ${node.label}: p50 ${p50.toFixed(2)} ms, p99 ${p99.toFixed(2)} ms`);
      p50s.set(node.label, [...(p50s.get(node.label) ?? []), p50]);
    }
  }
  const hardhatP50s = p50s.get(HARDHAT)!;
  console.log(`Instant mining: serial submit → receipt p50 (ms), ${count} sends per round, ${rounds} rounds`);
  for (const [label, list] of p50s) {
    const sorted = [...list].sort((a, b) => a - b);
    const ratios = label === HARDHAT ? '' : `  ÷ Hardhat per round ${list.map((p50, round) => (p50 / hardhatP50s[round]!).toFixed(2)).join(', ')}`;
    console.log(`  ${label.padEnd(36)} ${sorted[Math.floor(sorted.length / 2)]!.toFixed(2)} (${sorted[0]!.toFixed(2)}–${sorted.at(-1)!.toFixed(2)})${ratios}`);
  }
} finally {
  for (const node of nodes) {
    node.rpc?.close();
    await node.peer.stop();
  }
}
