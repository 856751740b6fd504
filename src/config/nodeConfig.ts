/**
 * The node's configuration and its defaults. Every field has a CLI flag, a SEQUIN_* environment
 * variable and a config-file key (see cli/flags.ts, which documents each one).
 */
export interface NodeConfig {
  /** Interface to listen on. Default 127.0.0.1 (loopback only, like Anvil). */
  host: string;
  /** TCP port; 0 picks a free one. Default 8545. */
  port: number;
  /**
   * Externally visible base URL (e.g. https://rpc.example.com behind a proxy), used in the chain
   * data the web page offers to wallets. Default undefined: the address the node listens on.
   */
  publicUrl: string | undefined;
  /** Directory of the LMDB database. Default ./.sequin. Ignored when `ephemeral`. */
  dataDir: string;
  /** Keep everything in memory; nothing is written to disk. Default false. */
  ephemeral: boolean;
  /** EIP-155 chain id. Default 31337. */
  chainId: bigint;
  /** Milliseconds between pre-confirmation sub-blocks. Default 200. */
  preconfIntervalMs: number;
  /** Milliseconds between sealed blocks. Default 2000 (10 sub-blocks). */
  blockTimeMs: number;
  /** Gas limit of every block. Default 150,000,000. */
  blockGasLimit: bigint;
  /** Base fee of the genesis block in wei. Default 1 gwei. */
  initialBaseFee: bigint;
  /** BIP-39 mnemonic of the dev accounts. Default the well-known "test test … junk". */
  mnemonic: string;
  /** Number of dev accounts derived from the mnemonic (m/44'/60'/0'/0/i). Default 10. */
  accounts: number;
  /** Genesis balance of each dev account in wei. Default 10,000 ETH. */
  accountBalance: bigint;
  /** Log level: silent, error, warn, info, debug. Default info. */
  logLevel: LogLevel;
  /** Log lines as JSON, pretty text, or 'auto': pretty when stderr is a terminal, else JSON. Default auto. */
  logFormat: LogFormat;
  /** Log every RPC call at info level (method, duration, outcome, client), like Anvil. Default false (debug level only). */
  logRpc: boolean;
  /**
   * API keys accepted besides those in the database (`--api-key`, repeatable; `SEQUIN_API_KEYS`,
   * comma-separated). At least 16 URL-safe characters each. Default none.
   */
  apiKeys: string[];
  /** Make `/` the public tier even while no API key exists. Default false. */
  publicTier: boolean;
  /** Believe the right-most X-Forwarded-For entry as the client's address (one reverse proxy in front). Default false. */
  trustProxy: boolean;
  /** Calls per second each IP address may make on the public tier; 0 for no limit. Default 50. */
  publicRateLimit: number;
  /** Calls a public client may save up and spend at once. Default 100. */
  publicRateBurst: number;
  /** Calls per second each API key may make; 0 for no limit. Default 1000. */
  dedicatedRateLimit: number;
  /** Calls a dedicated client may save up and spend at once. Default 2000. */
  dedicatedRateBurst: number;
  /** Largest HTTP request body in bytes. Default 5 MiB (geth's). */
  maxBodyBytes: number;
  /** Most calls in one JSON-RPC batch. Default 1000 (geth's). */
  maxBatchLength: number;
  /**
   * Request bytes held at once across all HTTP bodies and WebSocket messages being served; past
   * it requests get HTTP 503 / -32005 "server busy". Default 64 MiB.
   */
  maxInflightBytes: number;
  /** Largest answer to one batch in bytes; later calls get -32003. Default 25,000,000 (geth's). */
  maxBatchResponseBytes: number;
  /** Deepest nesting of arrays and objects in a request body. Default 64. */
  maxNestingDepth: number;
  /** Time one request may take, in ms; calls still running then get -32002 "request timed out". Default 60000. */
  rpcTimeoutMs: number;
  /** Gas cap of eth_call / eth_estimateGas, and their default gas. Default 50,000,000 (geth's). */
  rpcGasCap: bigint;
  /**
   * Wall-time cap of one eth_call / eth_estimateGas in ms (geth's --rpc.evmtimeout); 0 for none.
   * Default 5000. Enforced with LMDB storage, where calls run in a worker thread; ephemeral
   * nodes run calls on the main thread, capped by gas only.
   */
  rpcEvmTimeoutMs: number;
  /** Default wait of eth_sendRawTransactionSync when the caller gives none, in ms. Default 5000. */
  sendSyncTimeoutMs: number;
  /** Longest wait a caller may ask of eth_sendRawTransactionSync, in ms. Default 30000. */
  sendSyncMaxTimeoutMs: number;
  /** Most blocks one eth_getLogs / eth_getFilterLogs query may span. Default 10,000. */
  rpcLogsBlockRange: number;
  /** Most logs one eth_getLogs / eth_getFilterLogs answer may hold (and one eth_getFilterChanges poll returns). Default 10,000. */
  rpcLogsMaxResults: number;
  /** How long a filter lives without an eth_getFilterChanges poll, in ms (geth's 5 minutes). Default 300,000. */
  rpcFilterTimeoutMs: number;
  /** Most filters one client (API key, or address) may have installed. Default 250. */
  rpcFiltersPerClient: number;
  /** Tx pool limits (geth's defaults). */
  txpool: TxPoolLimits;
  /** WebSocket limits. */
  ws: WebSocketSettings;
}

/** WebSocket transport limits (messages share --max-body-bytes as their size limit). */
export interface WebSocketSettings {
  /** Open connections in total. Default 1000. */
  maxConnections: number;
  /** Open connections from one client address. Default 100. */
  maxConnectionsPerIp: number;
  /** Open subscriptions per connection. Default 100. */
  maxSubscriptions: number;
  /** Bytes queued for one client before it is dropped as a slow consumer. Default 16 MiB. */
  maxBufferedBytes: number;
  /** Milliseconds between liveness pings; a client missing one whole interval is cut. 0 disables. Default 30000. */
  pingIntervalMs: number;
}

export type LogLevel = 'silent' | 'error' | 'warn' | 'info' | 'debug';
export type LogFormat = 'auto' | 'json' | 'pretty';

/** Tx pool limits; the names and defaults are geth's (core/txpool/legacypool). */
export interface TxPoolLimits {
  /** Executable txs guaranteed per account. Default 16. */
  accountSlots: number;
  /** Executable txs across all accounts. Default 5120 (geth: 4096 + 1024). */
  globalSlots: number;
  /** Non-executable (future-nonce) txs per account. Default 64. */
  accountQueue: number;
  /** Non-executable txs across all accounts. Default 1024. */
  globalQueue: number;
  /** Minimum fee bump, in percent, to replace a pending tx. Default 10. */
  priceBump: number;
  /** Minimum tip (wei) accepted into the pool. Default 1 (geth's --txpool.pricelimit). */
  priceLimit: bigint;
}

export const DEFAULT_MNEMONIC = 'test test test test test test test test test test test junk';

/** The defaults of every setting; see {@link NodeConfig} for what each means. */
export function defaultNodeConfig(): NodeConfig {
  return {
    host: '127.0.0.1',
    port: 8545,
    publicUrl: undefined,
    dataDir: '.sequin',
    ephemeral: false,
    chainId: 31337n,
    preconfIntervalMs: 200,
    blockTimeMs: 2000,
    blockGasLimit: 150_000_000n,
    initialBaseFee: 1_000_000_000n,
    mnemonic: DEFAULT_MNEMONIC,
    accounts: 10,
    accountBalance: 10_000n * 10n ** 18n,
    logLevel: 'info',
    logFormat: 'auto',
    logRpc: false,
    apiKeys: [],
    publicTier: false,
    trustProxy: false,
    publicRateLimit: 50,
    publicRateBurst: 100,
    dedicatedRateLimit: 1000,
    dedicatedRateBurst: 2000,
    maxBodyBytes: 5 * 1024 * 1024,
    maxBatchLength: 1000,
    maxBatchResponseBytes: 25_000_000,
    maxInflightBytes: 64 * 1024 * 1024,
    maxNestingDepth: 64,
    rpcTimeoutMs: 60_000,
    rpcGasCap: 50_000_000n,
    sendSyncTimeoutMs: 5000,
    sendSyncMaxTimeoutMs: 30_000,
    rpcEvmTimeoutMs: 5000,
    rpcLogsBlockRange: 10_000,
    rpcLogsMaxResults: 10_000,
    rpcFilterTimeoutMs: 5 * 60 * 1000,
    rpcFiltersPerClient: 250,
    txpool: {
      accountSlots: 16,
      globalSlots: 5120,
      accountQueue: 64,
      globalQueue: 1024,
      priceBump: 10,
      priceLimit: 1n,
    },
    ws: {
      maxConnections: 1000,
      maxConnectionsPerIp: 100,
      maxSubscriptions: 100,
      maxBufferedBytes: 16 * 1024 * 1024,
      pingIntervalMs: 30_000,
    },
  };
}
