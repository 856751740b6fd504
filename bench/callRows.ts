/**
 * The bench's rows for calls and estimates that must execute (the transfer-estimate and eth-call
 * workloads, exactly as `npm run bench` runs them) on Sequin builds and Hardhat 3 at once,
 * repeated with the nodes taking turns (order reversed every repetition), so a change in the
 * machine's load falls on every node alike: a same-run comparison on a shared machine, where one
 * `npm run bench` measures each node once, minutes apart.
 *
 *   node --import tsx bench/callRows.ts [repetitions] [sequin checkout …] [--no-hardhat] [--floor] [--sends]
 *
 * Checkouts need dist/ built (default: this one; e.g. a copy of the build before a change). Every
 * node starts once (LMDB, as `npm start` runs Sequin) and stays up, so later repetitions find it
 * warmer, alike for all. Progress and each workload's cells go to stderr; stdout gets, per metric
 * and node, the median of the repetitions with the min–max, and each Sequin's ratio to Hardhat per
 * repetition (rates: Sequin ÷ Hardhat; CPU: Hardhat ÷ Sequin, the bench's "higher is better" sense).
 * `--sends` runs the send rows instead: the burst (20 senders, one request in flight each) and the
 * batched burst, whose first repetition finds every node just started, as the bench does.
 * `--floor` adds the engine floors (peers/engineFloor.ts): the least a server built on
 * @ethereumjs/vm, node:http and LMDB does per call and estimate, with the stock engine and with
 * the engine as Sequin runs it; with `--sends`, per transaction sent, mined on Sequin's 200 ms
 * grid, without and with each block's state root; measured by the same workloads.
 */
import { workloadContext } from './lib/workloadContext.js';
import * as engineFloor from './peers/engineFloor.js';
import * as hardhat from './peers/hardhat.js';
import * as sequin from './peers/sequin.js';
import type { Peer } from './peers/types.js';
import { batchedBurst } from './workloads/batchedBurst.js';
import { burst } from './workloads/burst.js';
import { ethCall } from './workloads/eth-call.js';
import { transferEstimate } from './workloads/transfer-estimate.js';
import type { WorkloadContext } from './workloads/types.js';

const HARDHAT = 'Hardhat 3';
/** Sequin's sub-block interval, the grid the send floors mine on. */
const GRID_MS = 200;

const args = process.argv.slice(2);
const repetitions = Number(args.find((arg) => /^\d+$/.test(arg)) ?? 3);
const roots = args.filter((arg) => !/^\d+$/.test(arg) && !arg.startsWith('--'));
const withHardhat = !args.includes('--no-hardhat');
const withFloor = args.includes('--floor');
const sends = args.includes('--sends');
const WORKLOADS = sends ? [burst, batchedBurst] : [transferEstimate, ethCall];

/** The workloads read the token at 'latest': wait until its deployment is in a sealed block. */
async function tokenSealed(ctx: WorkloadContext): Promise<void> {
  const token = await ctx.token();
  for (let attempt = 0; attempt < 100; attempt++) {
    if ((await ctx.rpc.call<string>('eth_getCode', [token, 'latest'])) !== '0x') return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('the bench token is not in a sealed block after 10 s');
}

const nodes: Array<{ label: string; peer: Peer; ctx?: WorkloadContext }> = [];
try {
  for (const root of roots.length > 0 ? roots : [undefined]) nodes.push({ label: `Sequin ${root ?? '.'}`, peer: await sequin.start([], [], root) });
  if (withHardhat) nodes.push({ label: HARDHAT, peer: await hardhat.start() });
  const floorVariants: engineFloor.FloorVariant[] = sends ? [{ gridMs: GRID_MS }, { gridMs: GRID_MS, stateRoots: true }] : [{}, { sequinWrappers: true }];
  const floors = withFloor ? await Promise.all(floorVariants.map((variant) => engineFloor.start(variant))) : [];
  for (const floor of floors) nodes.push({ label: floor.name, peer: floor });
  for (const node of nodes) {
    node.ctx = workloadContext(node.peer, false);
    // A floor deployed the token itself.
    const floor = floors.find((peer) => peer === node.peer);
    if (floor) node.ctx.token = () => Promise.resolve(floor.token);
    await tokenSealed(node.ctx);
  }
  /** metric id → node label → value of each repetition. */
  const values = new Map<string, Map<string, number[]>>();
  for (let repetition = 0; repetition < repetitions; repetition++) {
    const order = repetition % 2 === 0 ? nodes : [...nodes].reverse();
    for (const node of order) {
      for (const workload of WORKLOADS) {
        const measured = await workload.run(node.ctx!);
        for (const [id, cell] of Object.entries(measured)) {
          console.error(
            `repetition ${repetition + 1}, ${node.label}, ${id}: ${'value' in cell ? `${cell.value.toFixed(2)} (${cell.note ?? ''})` : cell.error}`,
          );
          if (!('value' in cell)) continue;
          if (!values.has(id)) values.set(id, new Map());
          const byNode = values.get(id)!;
          byNode.set(node.label, [...(byNode.get(node.label) ?? []), cell.value]);
        }
      }
    }
  }
  const label = (id: string) => WORKLOADS.flatMap((workload) => workload.metrics).find((metric) => metric.id === id)!;
  for (const [id, byNode] of values) {
    const metric = label(id);
    console.log(metric.label);
    const hardhatValues = byNode.get(HARDHAT);
    for (const [node, list] of byNode) {
      const ratios =
        node !== HARDHAT && hardhatValues && !id.endsWith('CpuRatio')
          ? `  vs Hardhat per repetition ${list.map((value, index) => (metric.better === 'higher' ? value / hardhatValues[index]! : hardhatValues[index]! / value).toFixed(2)).join(', ')}`
          : '';
      console.log(`  ${node.padEnd(24)} ${summary(list, metric.digits ?? 0)}${ratios}`);
    }
  }
} finally {
  for (const node of nodes) {
    node.ctx?.rpc.close();
    await node.peer.stop();
  }
}

function summary(list: readonly number[], digits: number): string {
  const sorted = [...list].sort((a, b) => a - b);
  const median = sorted[Math.floor(sorted.length / 2)]!;
  return `${median.toFixed(digits)} (${sorted[0]!.toFixed(digits)}–${sorted.at(-1)!.toFixed(digits)})`;
}
