/**
 * An OP Stack chain as Sequin runs it (`--network optimism | base | base-sepolia`): its chain ids, the
 * activation times of OP's own hard forks (layered on Ethereum's: Canyon brings Shanghai, Ecotone Cancun,
 * Isthmus Prague), its EIP-1559 parameters, and what its SystemConfig on L1 would hand the L1-attributes
 * deposit (fee scalars, batcher) — the values the simulated L1 starts from.
 *
 * The presets (OP_NETWORKS) say where each figure comes from. A local chain starts "now", so every fork
 * of a preset is active from its genesis; the real activation times still decide the rules of older
 * blocks of a forked OP chain (replays and traces of its history).
 */
import type { Hex } from '../../primitives/hex.js';

/** OP's hard forks after Bedrock, in activation order (Bedrock is every OP chain's first block). */
export const OP_FORKS = ['regolith', 'canyon', 'ecotone', 'fjord', 'granite', 'holocene', 'isthmus', 'jovian'] as const;
export type OpFork = (typeof OP_FORKS)[number];

/** The `--network` choices: Ethereum (Sequin's own chain) or an OP Stack chain. */
export const NETWORKS = ['ethereum', 'optimism', 'base', 'base-sepolia'] as const;
export type Network = (typeof NETWORKS)[number];
export type OpNetwork = Exclude<Network, 'ethereum'>;

/** EIP-1559 as an OP chain configures it (op-geth's `optimism` chain config; from Holocene, the block header's extraData). */
export interface OpEip1559 {
  elasticity: bigint;
  /** The base fee change denominator from Canyon on. */
  denominator: bigint;
  /** Before Canyon. */
  denominatorPreCanyon: bigint;
  /** Jovian: the base fee never goes below this (wei). */
  minBaseFee: bigint;
}

/** The values L1's SystemConfig gives the L1-attributes deposit (see execution/opStack/l1Attributes.ts). */
export interface OpSystemConfig {
  baseFeeScalar: number;
  blobBaseFeeScalar: number;
  operatorFeeScalar: number;
  operatorFeeConstant: bigint;
  /** Jovian; 0 is read as the default, 400. */
  daFootprintGasScalar: number;
  /** The batcher address (the attributes carry it as a 32-byte hash). */
  batcher: Hex;
}

/** The chain's L1 contracts its L2 predeploys point at (the bridges' and messenger's `otherBridge` / `otherMessenger`). */
export interface OpL1Contracts {
  crossDomainMessenger: Hex;
  standardBridge: Hex;
  erc721Bridge: Hex;
}

export interface OpStackChain {
  network: OpNetwork;
  /** The chain id a new chain of this network gets (`--chain-id` left at its default). */
  chainId: bigint;
  /** Its L1's chain id (the ERC-721 factory's remote chain). */
  l1ChainId: bigint;
  /** Activation timestamp of each OP fork (0: from genesis). */
  forks: Readonly<Record<OpFork, bigint>>;
  eip1559: OpEip1559;
  systemConfig: OpSystemConfig;
  l1Contracts: OpL1Contracts;
}

/** Whether `fork` is active at `timestamp` on `chain`. */
export function isOpForkActive(chain: OpStackChain, fork: OpFork, timestamp: bigint): boolean {
  return timestamp >= chain.forks[fork];
}

/** The latest OP fork active at `timestamp` (`bedrock` before Regolith). */
export function opForkAt(chain: OpStackChain, timestamp: bigint): OpFork | 'bedrock' {
  let active: OpFork | 'bedrock' = 'bedrock';
  for (const fork of OP_FORKS) if (timestamp >= chain.forks[fork]) active = fork;
  return active;
}
