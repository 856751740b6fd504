import { randomBytes } from 'node:crypto';
import type { Common } from '@ethereumjs/common';
import { EMPTY_TRIE_ROOT } from '../../chain/trieRoot.js';
import { codeOf } from '../../execution/StateReader.js';
import type { BlockSelector } from '../../primitives/blockTag.js';
import { bytesToHex, type Hex, toQuantity } from '../../primitives/hex.js';
import type { ViewSource } from '../../sequencer/ChainViews.js';
import type { BlockSelection } from '../BlockSelection.js';
import type { StateQueries } from '../state/StateQueries.js';

const ZERO_HASH = `0x${'00'.repeat(32)}`;
const EMPTY_CODE_HASH: Hex = '0xc5d2460186f7233c927e7db2dcc703c0e500b653ca82273b7bfad8045d85a470';

/** The snapshots anvil_metadata lists: id (a quantity) → [block number, block hash]. Filled in by whoever serves evm_snapshot. */
export type SnapshotList = () => Record<string, [number, Hex]>;

/** What the node reports about itself. */
export interface DevNodeInfoParts {
  common: Common;
  chainId: bigint;
  /** web3_clientVersion's string, and the bare version. */
  clientVersion: string;
  version: string;
  views: ViewSource;
  selection: BlockSelection;
  state: Pick<StateQueries, 'getProof'>;
  /** eth_gasPrice's suggestion. */
  gasPrice: () => bigint;
  snapshots?: SnapshotList;
  /** Fork mode: what the node forked (the URL redacted), for `forkConfig`. */
  fork?: () => { forkUrl: string; forkBlockNumber: number; forkRetryBackoff: number } | undefined;
  /** Fork mode: the forked chain and block, for anvil_metadata's `forkedNetwork`. */
  forkedNetwork?: () => { chainId: number; forkBlockNumber: number; forkBlockHash: string } | undefined;
}

/**
 * anvil_nodeInfo, anvil_metadata / hardhat_metadata, anvil_getGenesisTime, eth_getAccount and
 * eth_getAccountInfo, in Anvil's shapes (what viem, hardhat-viem and Hardhat Ignition read to
 * recognise a dev chain). The instance id is new for every process, as Hardhat's and Anvil's
 * are; tools use it to notice that the node they talk to was restarted.
 */
/** anvil_nodeInfo's answer, in Anvil's shape. */
export interface AnvilNodeInfo {
  currentBlockNumber: Hex;
  currentBlockTimestamp: number;
  currentBlockHash: Hex;
  hardFork: string;
  transactionOrder: 'fees';
  environment: { baseFee: Hex; chainId: number; gasLimit: Hex; gasPrice: Hex };
  forkConfig: { forkUrl: string | null; forkBlockNumber: number | null; forkRetryBackoff: number | null };
}

/** anvil_metadata's (and hardhat_metadata's) answer: Hardhat's fields and Anvil's additions. */
export interface AnvilMetadata {
  clientVersion: string;
  clientSemver: string;
  chainId: number;
  instanceId: Hex;
  latestBlockNumber: number;
  latestBlockHash: Hex;
  forkedNetwork: { chainId: number; forkBlockNumber: number; forkBlockHash: string } | null;
  snapshots: ReturnType<SnapshotList>;
}

/** eth_getAccount's answer: the account as the state trie holds it. */
export interface RpcAccount {
  nonce: Hex;
  balance: Hex;
  storageRoot: Hex;
  codeHash: Hex;
}

/** eth_getAccountInfo's answer (Anvil). */
export interface RpcAccountInfo {
  balance: Hex;
  nonce: Hex;
  code: Hex;
}

export class DevNodeInfo {
  private readonly instanceId: Hex = bytesToHex(randomBytes(32));

  constructor(private readonly parts: DevNodeInfoParts) {}

  /** anvil_nodeInfo: the head block, the hardfork, how the pool orders, the next block's environment, and the fork (if any). */
  nodeInfo(): AnvilNodeInfo {
    const { views, common, chainId, gasPrice } = this.parts;
    const view = views.current();
    const hardfork = common.hardfork();
    return {
      currentBlockNumber: view.head.number,
      currentBlockTimestamp: Number(BigInt(view.head.timestamp)),
      currentBlockHash: view.head.hash,
      hardFork: hardfork.charAt(0).toUpperCase() + hardfork.slice(1),
      // The pool picks the highest effective tip first (nonce order per sender).
      transactionOrder: 'fees',
      environment: {
        baseFee: toQuantity(view.open.baseFeePerGas),
        chainId: Number(chainId),
        gasLimit: toQuantity(view.open.gasLimit),
        gasPrice: toQuantity(gasPrice()),
      },
      forkConfig: this.parts.fork?.() ?? { forkUrl: null, forkBlockNumber: null, forkRetryBackoff: null },
    };
  }

  /** anvil_metadata and hardhat_metadata: Hardhat's fields (clientVersion, chainId, instanceId, latestBlockNumber, latestBlockHash, forkedNetwork) and Anvil's additions. */
  metadata(): AnvilMetadata {
    const { views, chainId, clientVersion, version, snapshots } = this.parts;
    const view = views.current();
    return {
      clientVersion,
      clientSemver: version,
      chainId: Number(chainId),
      instanceId: this.instanceId,
      latestBlockNumber: view.headNumber,
      latestBlockHash: view.head.hash,
      forkedNetwork: this.parts.forkedNetwork?.() ?? null,
      snapshots: snapshots?.() ?? {},
    };
  }

  /**
   * anvil_getGenesisTime: the genesis block's timestamp, in seconds. A fork's chain starts at the
   * forked block (the blocks below it are the origin's), so that block's timestamp stands in for it.
   */
  genesisTime(): number {
    const view = this.parts.views.current();
    const first = view.block(this.parts.fork?.()?.forkBlockNumber ?? 0);
    if (!first) throw new Error('the chain holds no first block');
    return Number(BigInt(first.timestamp));
  }

  /** eth_getAccount: the account as the state trie holds it; an absent account reads as an empty one (as in geth and Anvil). */
  async getAccount(address: Uint8Array, block: BlockSelector): Promise<RpcAccount> {
    const proof = await this.parts.state.getProof(address, [], block);
    const absent = proof.codeHash === ZERO_HASH;
    return {
      nonce: proof.nonce,
      balance: proof.balance,
      storageRoot: absent ? bytesToHex(EMPTY_TRIE_ROOT) : proof.storageHash,
      codeHash: absent ? EMPTY_CODE_HASH : proof.codeHash,
    };
  }

  /** eth_getAccountInfo (Anvil): balance, nonce and code, from one view. */
  getAccountInfo(address: Uint8Array, block: BlockSelector): RpcAccountInfo {
    const state = this.parts.selection.stateAt(this.parts.views.current(), block);
    const id = Buffer.from(address).toString('hex');
    const account = state.account(id);
    return { balance: toQuantity(account?.balance ?? 0n), nonce: toQuantity(account?.nonce ?? 0n), code: bytesToHex(codeOf(state, id)) };
  }
}
