import { DEFAULT_MNEMONIC, type NodeConfig } from '../config/nodeConfig.js';
import { LOG_LEVELS } from '../primitives/logger.js';

/** One command-line flag: its name, value kind, help text and how it sets the config. */
export interface FlagSpec {
  name: string;
  /** 'boolean' flags take no value. */
  kind: 'string' | 'boolean';
  valueName?: string;
  help: string;
  /**
   * The flag may be given several times; each value is applied in turn. Its environment variable
   * (see `environment`) and config-file value may then list several, comma-separated or as an array.
   */
  multiple?: boolean;
  /** The environment variable, when it is not SEQUIN_<NAME>. */
  environment?: string;
  apply: (config: NodeConfig, value: string | boolean) => void;
}

/**
 * Every flag of `sequin`. Each is also settable as the environment variable SEQUIN_<NAME>
 * (upper case, dashes as underscores, e.g. SEQUIN_BLOCK_TIME=1000) and as a key of the JSON
 * config file given with --config (camel or kebab case, e.g. "blockTime" or "block-time").
 * Precedence: flag > environment > config file > default.
 */
export const FLAGS: FlagSpec[] = [
  { name: 'host', kind: 'string', valueName: 'ADDR', help: 'interface to listen on (default 127.0.0.1)', apply: (c, v) => (c.host = String(v)) },
  { name: 'port', kind: 'string', valueName: 'N', help: 'TCP port, 0 for any free port (default 8545)', apply: (c, v) => (c.port = integer('port', v)) },
  {
    name: 'public-url',
    kind: 'string',
    valueName: 'URL',
    help: 'externally visible http(s) base URL, used in the chain data the web page offers wallets (default: the address the node listens on)',
    apply: (c, v) => (c.publicUrl = String(v)),
  },
  { name: 'data-dir', kind: 'string', valueName: 'DIR', help: 'LMDB data directory (default ./.sequin)', apply: (c, v) => (c.dataDir = String(v)) },
  { name: 'ephemeral', kind: 'boolean', help: 'keep everything in memory; nothing is written to disk', apply: (c, v) => (c.ephemeral = bool(v)) },
  { name: 'chain-id', kind: 'string', valueName: 'N', help: 'EIP-155 chain id (default 31337)', apply: (c, v) => (c.chainId = bigint('chain-id', v)) },
  {
    name: 'preconf-interval',
    kind: 'string',
    valueName: 'MS',
    help: 'milliseconds between pre-confirmation sub-blocks (default 200)',
    apply: (c, v) => (c.preconfIntervalMs = integer('preconf-interval', v)),
  },
  {
    name: 'block-time',
    kind: 'string',
    valueName: 'MS',
    help: 'milliseconds between sealed blocks, ≥ 1000 and a multiple of the interval (default 2000)',
    apply: (c, v) => (c.blockTimeMs = integer('block-time', v)),
  },
  {
    name: 'block-gas-limit',
    kind: 'string',
    valueName: 'GAS',
    help: 'gas limit of every block (default 150000000)',
    apply: (c, v) => (c.blockGasLimit = bigint('block-gas-limit', v)),
  },
  {
    name: 'base-fee',
    kind: 'string',
    valueName: 'WEI',
    help: 'base fee of the genesis block (default 1000000000)',
    apply: (c, v) => (c.initialBaseFee = bigint('base-fee', v)),
  },
  {
    name: 'mnemonic',
    kind: 'string',
    valueName: 'WORDS',
    help: `BIP-39 mnemonic of the dev accounts (default "${DEFAULT_MNEMONIC}")`,
    apply: (c, v) => (c.mnemonic = String(v)),
  },
  {
    name: 'accounts',
    kind: 'string',
    valueName: 'N',
    help: 'number of funded dev accounts (default 10)',
    apply: (c, v) => (c.accounts = integer('accounts', v)),
  },
  {
    name: 'balance',
    kind: 'string',
    valueName: 'ETH',
    help: 'genesis balance of each dev account in ether (default 10000)',
    apply: (c, v) => (c.accountBalance = bigint('balance', v) * 10n ** 18n),
  },
  {
    name: 'log-level',
    kind: 'string',
    valueName: 'LEVEL',
    help: `one of ${LOG_LEVELS.join(', ')} (default info)`,
    apply: (c, v) => (c.logLevel = logLevel(v)),
  },
  {
    name: 'log-format',
    kind: 'string',
    valueName: 'FORMAT',
    help: 'json, pretty, or auto: pretty on a terminal, else json (default auto)',
    apply: (c, v) => (c.logFormat = logFormat(v)),
  },
  {
    name: 'log-rpc',
    kind: 'boolean',
    help: 'log every RPC call at info level: method, duration, outcome, client (default off)',
    apply: (c, v) => (c.logRpc = bool(v)),
  },
  {
    name: 'api-key',
    kind: 'string',
    valueName: 'KEY',
    multiple: true,
    environment: 'SEQUIN_API_KEYS',
    help: 'accept this API key for the dedicated tier (repeatable; SEQUIN_API_KEYS=k1,k2); keys from `sequin keys create` count too',
    apply: (c, v) => c.apiKeys.push(String(v)),
  },
  {
    name: 'public-tier',
    kind: 'boolean',
    help: 'serve / as the public tier even while no API key exists (default: only once one does)',
    apply: (c, v) => (c.publicTier = bool(v)),
  },
  {
    name: 'trust-proxy',
    kind: 'boolean',
    help: "take the client's IP from the right-most X-Forwarded-For entry (one reverse proxy in front)",
    apply: (c, v) => (c.trustProxy = bool(v)),
  },
  {
    name: 'public-rate-limit',
    kind: 'string',
    valueName: 'N',
    help: 'calls per second per IP on the public tier, 0 for none (default 50)',
    apply: (c, v) => (c.publicRateLimit = integer('public-rate-limit', v)),
  },
  {
    name: 'public-rate-burst',
    kind: 'string',
    valueName: 'N',
    help: 'calls a public client may spend at once (default 100)',
    apply: (c, v) => (c.publicRateBurst = integer('public-rate-burst', v)),
  },
  {
    name: 'dedicated-rate-limit',
    kind: 'string',
    valueName: 'N',
    help: 'calls per second per API key, 0 for none (default 1000)',
    apply: (c, v) => (c.dedicatedRateLimit = integer('dedicated-rate-limit', v)),
  },
  {
    name: 'dedicated-rate-burst',
    kind: 'string',
    valueName: 'N',
    help: 'calls a dedicated client may spend at once (default 2000)',
    apply: (c, v) => (c.dedicatedRateBurst = integer('dedicated-rate-burst', v)),
  },
  {
    name: 'max-body-bytes',
    kind: 'string',
    valueName: 'N',
    help: 'largest HTTP request body (default 5242880)',
    apply: (c, v) => (c.maxBodyBytes = integer('max-body-bytes', v)),
  },
  {
    name: 'max-batch-length',
    kind: 'string',
    valueName: 'N',
    help: 'most calls in one JSON-RPC batch (default 1000)',
    apply: (c, v) => (c.maxBatchLength = integer('max-batch-length', v)),
  },
  {
    name: 'max-inflight-bytes',
    kind: 'string',
    valueName: 'N',
    help: 'request bytes held at once across all connections; past it HTTP 503 (default 67108864)',
    apply: (c, v) => (c.maxInflightBytes = integer('max-inflight-bytes', v)),
  },
  {
    name: 'max-batch-response-bytes',
    kind: 'string',
    valueName: 'N',
    help: 'largest answer to one batch; later calls get -32003 (default 25000000)',
    apply: (c, v) => (c.maxBatchResponseBytes = integer('max-batch-response-bytes', v)),
  },
  {
    name: 'max-nesting-depth',
    kind: 'string',
    valueName: 'N',
    help: 'deepest nesting of arrays and objects in a request (default 64)',
    apply: (c, v) => (c.maxNestingDepth = integer('max-nesting-depth', v)),
  },
  {
    name: 'rpc-timeout',
    kind: 'string',
    valueName: 'MS',
    help: 'time one request may take; unfinished calls get -32002 (default 60000)',
    apply: (c, v) => (c.rpcTimeoutMs = integer('rpc-timeout', v)),
  },
  {
    name: 'rpc-gas-cap',
    kind: 'string',
    valueName: 'GAS',
    help: 'gas cap (and default gas) of eth_call and eth_estimateGas (default 50000000)',
    apply: (c, v) => (c.rpcGasCap = bigint('rpc-gas-cap', v)),
  },
  {
    name: 'rpc-evm-timeout',
    kind: 'string',
    valueName: 'MS',
    help: 'wall-time cap of eth_call and eth_estimateGas, 0 for none; LMDB storage only (default 5000)',
    apply: (c, v) => (c.rpcEvmTimeoutMs = integer('rpc-evm-timeout', v)),
  },
  {
    name: 'ws-max-connections',
    kind: 'string',
    valueName: 'N',
    help: 'most open WebSocket connections (default 1000)',
    apply: (c, v) => (c.ws.maxConnections = integer('ws-max-connections', v)),
  },
  {
    name: 'ws-max-connections-per-ip',
    kind: 'string',
    valueName: 'N',
    help: 'most open WebSocket connections from one client address (default 100)',
    apply: (c, v) => (c.ws.maxConnectionsPerIp = integer('ws-max-connections-per-ip', v)),
  },
  {
    name: 'ws-max-subscriptions',
    kind: 'string',
    valueName: 'N',
    help: 'most subscriptions on one WebSocket connection (default 100)',
    apply: (c, v) => (c.ws.maxSubscriptions = integer('ws-max-subscriptions', v)),
  },
  {
    name: 'ws-max-buffered-bytes',
    kind: 'string',
    valueName: 'N',
    help: 'bytes queued for a WebSocket client before it is dropped as a slow consumer (default 16777216)',
    apply: (c, v) => (c.ws.maxBufferedBytes = integer('ws-max-buffered-bytes', v)),
  },
  {
    name: 'ws-ping-interval',
    kind: 'string',
    valueName: 'MS',
    help: 'milliseconds between WebSocket liveness pings, 0 to disable (default 30000)',
    apply: (c, v) => (c.ws.pingIntervalMs = integer('ws-ping-interval', v)),
  },
  {
    name: 'send-sync-timeout',
    kind: 'string',
    valueName: 'MS',
    help: 'default wait of eth_sendRawTransactionSync for a pre-confirmation (default 5000)',
    apply: (c, v) => (c.sendSyncTimeoutMs = integer('send-sync-timeout', v)),
  },
  {
    name: 'send-sync-max-timeout',
    kind: 'string',
    valueName: 'MS',
    help: 'longest wait a caller may ask of eth_sendRawTransactionSync (default 30000)',
    apply: (c, v) => (c.sendSyncMaxTimeoutMs = integer('send-sync-max-timeout', v)),
  },
  {
    name: 'rpc-logs-block-range',
    kind: 'string',
    valueName: 'N',
    help: 'most blocks one eth_getLogs query may span (default 10000)',
    apply: (c, v) => (c.rpcLogsBlockRange = integer('rpc-logs-block-range', v)),
  },
  {
    name: 'rpc-logs-max-results',
    kind: 'string',
    valueName: 'N',
    help: 'most logs one eth_getLogs answer may hold (default 10000)',
    apply: (c, v) => (c.rpcLogsMaxResults = integer('rpc-logs-max-results', v)),
  },
  {
    name: 'rpc-filters-per-client',
    kind: 'string',
    valueName: 'N',
    help: 'most filters one client (API key, or address) may have installed (default 250)',
    apply: (c, v) => (c.rpcFiltersPerClient = integer('rpc-filters-per-client', v)),
  },
  {
    name: 'rpc-filter-timeout',
    kind: 'string',
    valueName: 'MS',
    help: 'milliseconds a filter lives without eth_getFilterChanges (default 300000)',
    apply: (c, v) => (c.rpcFilterTimeoutMs = integer('rpc-filter-timeout', v)),
  },
  {
    name: 'txpool-account-slots',
    kind: 'string',
    valueName: 'N',
    help: 'executable txs guaranteed per account (default 16)',
    apply: (c, v) => (c.txpool.accountSlots = integer('txpool-account-slots', v)),
  },
  {
    name: 'txpool-global-slots',
    kind: 'string',
    valueName: 'N',
    help: 'executable txs in the whole pool (default 5120)',
    apply: (c, v) => (c.txpool.globalSlots = integer('txpool-global-slots', v)),
  },
  {
    name: 'txpool-account-queue',
    kind: 'string',
    valueName: 'N',
    help: 'future-nonce txs per account (default 64)',
    apply: (c, v) => (c.txpool.accountQueue = integer('txpool-account-queue', v)),
  },
  {
    name: 'txpool-global-queue',
    kind: 'string',
    valueName: 'N',
    help: 'future-nonce txs in the whole pool (default 1024)',
    apply: (c, v) => (c.txpool.globalQueue = integer('txpool-global-queue', v)),
  },
  {
    name: 'txpool-price-bump',
    kind: 'string',
    valueName: 'PERCENT',
    help: 'minimum fee increase to replace a pooled tx (default 10)',
    apply: (c, v) => (c.txpool.priceBump = integer('txpool-price-bump', v)),
  },
  {
    name: 'txpool-price-limit',
    kind: 'string',
    valueName: 'WEI',
    help: 'minimum tip accepted into the pool (default 1)',
    apply: (c, v) => (c.txpool.priceLimit = bigint('txpool-price-limit', v)),
  },
];

function integer(name: string, value: string | boolean): number {
  const text = String(value).trim();
  if (!/^\d+$/.test(text)) throw new Error(`--${name} expects a whole number, got "${value}"`);
  return Number(text);
}

function bigint(name: string, value: string | boolean): bigint {
  const text = String(value).trim();
  if (!/^(\d+|0x[0-9a-fA-F]+)$/.test(text)) throw new Error(`--${name} expects a whole number, got "${value}"`);
  return BigInt(text);
}

function bool(value: string | boolean): boolean {
  if (typeof value === 'boolean') return value;
  if (/^(1|true|yes|on)$/i.test(value)) return true;
  if (/^(0|false|no|off|)$/i.test(value)) return false;
  throw new Error(`expected true or false, got "${value}"`);
}

function logFormat(value: string | boolean): NodeConfig['logFormat'] {
  const format = String(value);
  if (format !== 'auto' && format !== 'json' && format !== 'pretty') throw new Error(`--log-format must be one of auto, json, pretty, got "${value}"`);
  return format;
}

function logLevel(value: string | boolean): NodeConfig['logLevel'] {
  const level = String(value) as NodeConfig['logLevel'];
  if (!(LOG_LEVELS as readonly string[]).includes(level)) throw new Error(`--log-level must be one of ${LOG_LEVELS.join(', ')}, got "${value}"`);
  return level;
}
