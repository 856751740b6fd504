/**
 * The engine floor (lib/engineFloorServer.ts): not a node, the least a JSON-RPC server built on
 * @ethereumjs/vm, node:http and LMDB does per call, estimate and transaction sent, run as a peer so
 * that the bench's own workloads measure it beside Sequin and Hardhat in the same run
 * (bench/callRows.ts --floor, bench/instantRows.ts). It deploys the bench token itself and
 * announces its address with its URL.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Address } from 'viem';
import { spawnTracked, stopTracked } from '../lib/process.js';
import { now } from '../lib/time.js';
import type { Peer } from './types.js';

const SERVER = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../lib/engineFloorServer.ts');
const LISTENING = /Listening on (http:\/\/\S+) token (0x[0-9a-fA-F]{40})/;

/** Which floor: the stock engine or Sequin's interpreter wrappers on it; with state roots in mined blocks or not. */
export interface FloorVariant {
  sequinWrappers?: boolean;
  stateRoots?: boolean;
  /** Sends mined on a grid of this many ms (as Sequin pre-confirms), else each at once. */
  gridMs?: number;
}

/** Its name in reports, e.g. "Engine floor (stock)". */
export function floorName(variant: FloorVariant): string {
  const grid = variant.gridMs ? `, ${variant.gridMs} ms grid` : '';
  return `Engine floor (${variant.sequinWrappers ? "Sequin's wrappers" : 'stock'}${variant.stateRoots ? ', state roots' : ''}${grid})`;
}

/** Starts the floor server on this Node; resolves once it listens, with its token's address. */
export async function start(variant: FloorVariant = {}): Promise<Peer & { token: Address }> {
  const t0 = now();
  const args = [
    '--import',
    'tsx',
    SERVER,
    ...(variant.sequinWrappers ? ['--sequin-wrappers'] : []),
    ...(variant.stateRoots ? ['--state-roots'] : []),
    ...(variant.gridMs ? ['--grid', String(variant.gridMs)] : []),
  ];
  const tracked = spawnTracked(process.execPath, args, { env: process.env });
  const stop = () => stopTracked(tracked);
  try {
    const [url, token] = await new Promise<[string, Address]>((resolve, reject) => {
      let output = '';
      const timer = setTimeout(() => reject(new Error(`the engine floor did not listen within 60 s:\n${tracked.tail()}`)), 60_000);
      tracked.child.stdout?.on('data', (chunk: Buffer) => {
        output += chunk.toString('utf8');
        const match = LISTENING.exec(output);
        if (!match) return;
        clearTimeout(timer);
        resolve([match[1]!, match[2] as Address]);
      });
      tracked.child.once('exit', () => reject(new Error(`the engine floor exited:\n${tracked.tail()}`)));
    });
    return { name: floorName(variant), url, pid: tracked.child.pid!, startupMs: now() - t0, stop, token };
  } catch (error) {
    await stop();
    throw error;
  }
}
