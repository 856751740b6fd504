import { readFileSync } from 'node:fs';
import { ChainStore } from '../chain/ChainStore.js';
import { TrieNodeStore } from '../execution/TrieNodeStore.js';
import { createChainCommon } from '../config/chainCommon.js';
import { type DevAccount, deriveDevAccounts } from '../config/devAccounts.js';
import type { NodeConfig } from '../config/nodeConfig.js';
import { validateConfig } from '../config/validateConfig.js';
import type { ChainEvents } from '../events/ChainEvents.js';
import { EventBus } from '../events/EventBus.js';
import { createExecutionVm } from '../execution/createExecutionVm.js';
import { VmPool } from '../execution/VmPool.js';
import { WorldState } from '../execution/WorldState.js';
import { hexToBytes } from '../primitives/hex.js';
import { createLogger, type Logger } from '../primitives/logger.js';
import { ALL_METHODS } from '../rpc/methodRegistry.js';
import { RpcServer } from '../rpc/server/RpcServer.js';
import { type HttpServerHandle, startHttpServer } from '../rpc/transports/http.js';
import { bootChain } from '../sequencer/bootChain.js';
import { type Clock, systemClock } from '../sequencer/Clock.js';
import { Sequencer } from '../sequencer/Sequencer.js';
import { openStorage } from '../storage/openStorage.js';
import { PoolJournal } from '../txpool/PoolJournal.js';
import { TransactionIntake } from '../txpool/TransactionIntake.js';
import { TxPool } from '../txpool/TxPool.js';
import { NodeBackend } from './NodeBackend.js';
import { toRpcLogger } from './rpcLogger.js';

/** The tip eth_maxPriorityFeePerGas suggests: 1 gwei, like Hardhat and Anvil. */
const SUGGESTED_TIP = 1_000_000_000n;
/** Fees go to the zero address: a dev sequencer has no operator account by default. */
const COINBASE = new Uint8Array(20);

/** A running node. */
export interface SequinNode {
  url: string;
  port: number;
  accounts: DevAccount[];
  backend: NodeBackend;
  events: EventBus<ChainEvents>;
  /** Stops serving, finishes the sub-block in progress, and closes the database. Safe to call twice. */
  stop(): Promise<void>;
}

/**
 * Builds and starts a node: opens storage, boots the chain (genesis or recovery), restores
 * the pool from its journal, starts the sequencer, then serves JSON-RPC. Throws with a clear
 * message for invalid configuration or a data directory of another chain.
 */
export async function startNode(config: NodeConfig, options: { clock?: Clock; logger?: Logger } = {}): Promise<SequinNode> {
  const problems = validateConfig(config);
  if (problems.length > 0) throw new Error(`invalid configuration:\n  ${problems.join('\n  ')}`);
  const clock = options.clock ?? systemClock;
  const logger = options.logger ?? createLogger(config.logLevel);
  const common = createChainCommon(config.chainId);
  const accounts = deriveDevAccounts(config.mnemonic, config.accounts);
  const storage = openStorage(config);
  try {
    const chain = new ChainStore(storage);
    const world = new WorldState(storage);
    const trieNodes = new TrieNodeStore(storage);
    const events = new EventBus<ChainEvents>((error) => logger.error('event listener failed', { error }));
    const { openBlock, createdGenesis } = await bootChain({
      common,
      storage,
      chain,
      world,
      trieNodes,
      now: clock.now(),
      genesis: {
        chainId: config.chainId,
        allocations: accounts.map((account) => ({ address: account.address, balance: config.accountBalance })),
        gasLimit: config.blockGasLimit,
        baseFeePerGas: config.initialBaseFee,
        coinbase: COINBASE,
      },
    });
    const pool = new TxPool(world, config.txpool);
    const journal = new PoolJournal(storage);
    const intake = new TransactionIntake({ common, chainId: config.chainId, blockGasLimit: config.blockGasLimit, minTip: config.txpool.priceLimit }, pool, journal, storage, events, logger);
    const restored = await intake.restore();
    const blockHash = (number: bigint) => {
      const block = chain.blockByNumber(Number(number));
      return block ? hexToBytes(block.hash) : undefined;
    };
    const sequencer = new Sequencer(
      {
        common,
        settings: { preconfIntervalMs: config.preconfIntervalMs, blockTimeMs: config.blockTimeMs, blockGasLimit: config.blockGasLimit, coinbase: COINBASE },
        storage,
        chain,
        world,
        pool,
        journal,
        events,
        execution: await createExecutionVm(common, world, blockHash),
        trieNodes,
        clock,
        logger,
      },
      openBlock,
    );
    const backend = new NodeBackend({
      common,
      chainId: config.chainId,
      version: packageVersion(),
      storage,
      chain,
      world,
      pool,
      intake,
      sequencer,
      calls: new VmPool(() => createExecutionVm(common, world, blockHash)),
      blockGasLimit: config.blockGasLimit,
      coinbase: COINBASE,
      rpcGasCap: config.rpcGasCap,
      suggestedTip: SUGGESTED_TIP,
      devKeys: new Map(accounts.map((account) => [account.address.slice(2), hexToBytes(account.privateKey)])),
    });
    const rpc = new RpcServer({ methods: ALL_METHODS, backend, maxBatchLength: config.maxBatchLength, logger: toRpcLogger(logger) });
    sequencer.start();
    let http: HttpServerHandle;
    try {
      http = await startHttpServer({
        host: config.host,
        port: config.port,
        rpc,
        maxBodyBytes: config.maxBodyBytes,
        logger: toRpcLogger(logger),
        // No API keys exist yet: like Anvil, a local node serves every method to everyone.
        onRequest: (_request, context) => ({ ...context, tier: 'dedicated' }),
      });
    } catch (error) {
      await sequencer.stop();
      throw error;
    }
    logger.info(createdGenesis ? 'created genesis block' : 'resumed chain', {
      head: chain.head()!.number,
      preconfirmedTxs: openBlock.transactions.length,
      pooledTxs: restored.restored,
      droppedTxs: restored.dropped,
      storage: config.ephemeral ? 'memory' : config.dataDir,
    });
    let stopping: Promise<void> | undefined;
    return {
      url: http.url,
      port: http.port,
      accounts,
      backend,
      events,
      stop: () => {
        stopping ??= (async () => {
          await http.close();
          await sequencer.stop();
          await storage.close();
        })();
        return stopping;
      },
    };
  } catch (error) {
    await storage.close().catch(() => {});
    throw error;
  }
}

let cachedVersion: string | undefined;

/** The package version, for web3_clientVersion. */
function packageVersion(): string {
  if (cachedVersion) return cachedVersion;
  try {
    const manifest = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version?: string };
    cachedVersion = manifest.version ?? '0.0.0';
  } catch {
    cachedVersion = '0.0.0';
  }
  return cachedVersion;
}
