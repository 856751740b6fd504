/**
 * Every setting of the node, each declared once: name (the flag, the SEQUIN_* variable, the
 * config-file key), kind, default, one-line doc, unit and rule. The tree's shape is the shape of
 * NodeConfig (config/nodeConfig.ts): `txpool` and `ws` are groups. The order is the order of
 * `--help` and of the README flags table. Rules between settings (the block time is a multiple of
 * the interval, …) are in config/crossSettingRules.ts.
 *
 * Adding a setting here adds its flag, variable, config-file key, help line and validation; the
 * README table test then fails until `npm run docs:flags` has documented it.
 */
import { LOG_LEVELS } from '../primitives/logger.js';
import { CHAIN_RULE_SETTINGS } from './chainRuleSettings.js';
import { FORK_MODE_SETTINGS } from './forkModeSettings.js';
import { natsServersProblem } from './natsServers.js';
import { publicUrlProblem } from './publicUrl.js';
import { bigWholeNumber, choice, etherAmount, optionalText, switchSetting, text, textList, wholeNumber } from './settingKinds.js';
import { WEB_SOCKET_SETTINGS } from './webSocketSettings.js';

/** The sequencer's mining modes (see sequencer/MiningMode.ts). */
export const MINING_MODES = ['interval', 'instant', 'manual'] as const;

export const DEFAULT_MNEMONIC = 'test test test test test test test test test test test junk';

export const NODE_SETTINGS = {
  // Loopback only by default, like Anvil: a dev node with funded keys is not for the network.
  host: text({ name: 'host', valueName: 'ADDR', default: '127.0.0.1', doc: 'interface to listen on' }),
  port: wholeNumber({ name: 'port', default: 8545, min: 0, max: 65535, doc: 'TCP port; `0` picks a free one' }),
  publicUrl: optionalText({
    name: 'public-url',
    valueName: 'URL',
    defaultDoc: 'the address listened on',
    allowed: 'http(s) URL without credentials, query or fragment',
    check: publicUrlProblem,
    doc: 'externally visible base URL: the RPC and explorer URL of the chain data the page offers wallets (`GET /chain`); see [Wallet and chain registration](#wallet-and-chain-registration)',
  }),
  dataDir: text({ name: 'data-dir', valueName: 'DIR', default: '.sequin', defaultDoc: '`./.sequin`', doc: 'LMDB data directory' }),
  ephemeral: switchSetting({ name: 'ephemeral', doc: 'keep everything in memory; nothing is written to disk' }),
  // Anvil's state files (its JSON format): a directory means <DIR>/state.json, as in Anvil.
  loadState: optionalText({
    name: 'load-state',
    valueName: 'FILE',
    defaultDoc: 'none',
    check: () => undefined,
    doc: "at start, load this state dump (Anvil's JSON, as `anvil_dumpState` or `--dump-state` writes) as one state edit; see [Dev methods](#dev-methods)",
  }),
  dumpState: optionalText({
    name: 'dump-state',
    valueName: 'FILE',
    defaultDoc: 'none',
    check: () => undefined,
    doc: "on a clean exit (SIGINT, SIGTERM), write the state to this file in Anvil's JSON format",
  }),
  state: optionalText({
    name: 'state',
    valueName: 'FILE',
    defaultDoc: 'none',
    check: () => undefined,
    doc: 'both: load this file at start if it exists, write it on exit',
  }),
  // At most 2^53-1 so that wallets, which hold chain ids in JavaScript numbers, see the same id.
  chainId: bigWholeNumber({
    name: 'chain-id',
    default: 31337n,
    min: 1n,
    max: 2n ** 53n - 1n,
    doc: 'EIP-155 chain id; a data dir remembers its chain id and refuses another',
  }),
  genesis: optionalText({
    name: 'genesis',
    valueName: 'FILE',
    defaultDoc: "Sequin's own (`--chain-id`, dev accounts)",
    allowed: 'a geth genesis.json',
    check: (path) => (path.trim() === '' ? '--genesis needs a file' : undefined),
    doc: 'start a new chain from a geth genesis file (its chain id, forks, alloc, header); see [Chains from a geth genesis file](#chains-from-a-geth-genesis-file-and-sequin-import)',
  }),
  ...CHAIN_RULE_SETTINGS,
  preconfIntervalMs: wholeNumber({ name: 'preconf-interval', unit: 'ms', default: 200, min: 10, doc: 'milliseconds between pre-confirmation sub-blocks' }),
  blockTimeMs: wholeNumber({
    name: 'block-time',
    unit: 'ms',
    default: 2000,
    min: 1000,
    minimumReason: 'block timestamps are whole seconds and must increase',
    doc: 'milliseconds between sealed blocks',
  }),
  mining: choice({
    name: 'mining',
    valueName: 'MODE',
    choices: MINING_MODES,
    default: 'interval',
    doc: 'how blocks are made: `interval` (sub-blocks every `--preconf-interval`, sealed every `--block-time`), `instant` (a submission is pre-confirmed and sealed in a block before it answers, like automine in Anvil and Hardhat: the mode for test suites) or `manual` (only on `evm_mine` / `anvil_mine`); switchable at run time, see [Mining modes](#mining-modes)',
  }),
  blockGasLimit: bigWholeNumber({
    name: 'block-gas-limit',
    unit: 'gas',
    default: 150_000_000n,
    min: 21_000n,
    doc: "gas limit of every block; a chain whose gas limit differs (another `--genesis`, a changed value) moves toward it by the protocol's step (parent / 1024) per block",
  }),
  initialBaseFee: bigWholeNumber({
    name: 'base-fee',
    unit: 'wei',
    default: 1_000_000_000n,
    min: 0n,
    doc: 'base fee of the genesis block (then EIP-1559 per sealed block)',
  }),
  mnemonic: text({
    name: 'mnemonic',
    valueName: 'WORDS',
    default: DEFAULT_MNEMONIC,
    defaultDoc: '`test test … junk`',
    allowed: '≥ 12 words',
    // The message does not echo the words: a mnemonic is a secret.
    check: (words) => (words.trim().split(/\s+/).length < 12 ? '--mnemonic must have at least 12 words' : undefined),
    doc: "BIP-39 mnemonic of the dev accounts (path `m/44'/60'/0'/0/i`)",
  }),
  nats: optionalText({
    name: 'nats',
    valueName: 'URL[,URL…]',
    defaultDoc: 'none: one node on its own, as without a fleet',
    allowed: 'comma-separated `nats://host:port` URLs of one NATS cluster',
    check: natsServersProblem,
    doc: 'NATS cluster (JetStream) of a fleet: the sequencer publishes its log there, replicas and a standby follow it; the stream keeps one copy per URL given, up to 3; see [Scale-out and failover on NATS](#scale-out-and-failover-on-nats)',
  }),
  role: choice({
    name: 'role',
    valueName: 'ROLE',
    choices: ['sequencer', 'replica', 'standby'],
    default: 'sequencer',
    doc: 'with `--nats`: `sequencer` (sequences while it holds the lease, else follows), `replica` (follows the log, serves reads, forwards writes) or `standby` (a replica that takes over when the lease lapses)',
  }),
  // The log is what a follower resumes from: it must outlast the longest time a replica may be down,
  // yet not fill the NATS servers' disks (each keeps a copy).
  natsLogMaxAgeMs: wholeNumber({
    name: 'nats-log-max-age',
    unit: 'ms',
    default: 24 * 60 * 60 * 1000,
    min: 0,
    // 90 days: JetStream takes nanoseconds, which must stay an exact JavaScript number.
    max: 90 * 24 * 60 * 60 * 1000,
    doc: 'with `--nats`: the fleet log (JetStream stream) drops messages older than this; 0 for no age limit. A follower further behind cannot resume (see [Log retention](#log-retention))',
  }),
  natsLogMaxBytes: wholeNumber({
    name: 'nats-log-max-bytes',
    unit: 'bytes',
    default: 10 * 1024 * 1024 * 1024,
    min: 0,
    doc: 'with `--nats`: the fleet log keeps at most this many bytes per copy, dropping the oldest messages; 0 for no size limit',
  }),
  accounts: wholeNumber({ name: 'accounts', default: 10, min: 0, max: 1000, doc: 'number of funded dev accounts' }),
  accountBalance: etherAmount({ name: 'balance', defaultEther: 10_000n, doc: 'genesis balance of each dev account, in ether' }),
  preinstalls: switchSetting({
    name: 'preinstalls',
    default: true,
    doc: "leave out the OP-Stack preinstalls (CREATE2 deployers, Multicall3, Permit2, EntryPoints, Safe; see [Preinstalls](#preinstalls)) from a new chain's genesis; a data dir keeps what it has",
  }),
  logLevel: choice({ name: 'log-level', valueName: 'LEVEL', choices: LOG_LEVELS, default: 'info', doc: 'how much to log (`debug` logs every RPC call)' }),
  logFormat: choice({
    name: 'log-format',
    valueName: 'FORMAT',
    choices: ['auto', 'json', 'pretty'],
    default: 'auto',
    doc: '`json` (one object per line), `pretty`, or `auto`: pretty on a terminal, JSON otherwise',
  }),
  logRpc: switchSetting({ name: 'log-rpc', doc: 'log every RPC call at `info`: method, outcome, time, request id, client, key name (like Anvil)' }),
  apiKeys: textList({
    name: 'api-key',
    valueName: 'KEY',
    environment: 'SEQUIN_API_KEYS',
    allowed: '≥ 16 URL-safe characters',
    // Keys travel in URLs (/v1/<key>); the message numbers the key rather than echoing a secret.
    check: (key, index) =>
      key.length < 16 || !/^[A-Za-z0-9._~-]+$/.test(key)
        ? `API key #${index + 1} (--api-key / SEQUIN_API_KEYS) must be at least 16 characters of A-Z a-z 0-9 . _ ~ - (it travels in URLs)`
        : undefined,
    doc: 'accept this API key for the dedicated tier; repeatable; `SEQUIN_API_KEYS=k1,k2`; keys from `sequin keys create` count too',
  }),
  publicTier: switchSetting({ name: 'public-tier', doc: 'serve `/` as the public tier even while no API key exists' }),
  trustProxy: switchSetting({
    name: 'trust-proxy',
    doc: 'take the client address from the right-most `X-Forwarded-For` entry (one reverse proxy in front)',
  }),
  publicRateLimit: wholeNumber({
    name: 'public-rate-limit',
    unit: 'calls/s',
    default: 50,
    min: 0,
    doc: 'calls per second per client address on the public tier; 0 for none',
  }),
  publicRateBurst: wholeNumber({ name: 'public-rate-burst', default: 100, min: 1, doc: 'calls a public client may save up and spend at once' }),
  dedicatedRateLimit: wholeNumber({ name: 'dedicated-rate-limit', unit: 'calls/s', default: 1000, min: 0, doc: 'calls per second per API key; 0 for none' }),
  dedicatedRateBurst: wholeNumber({ name: 'dedicated-rate-burst', default: 2000, min: 1, doc: 'calls a dedicated client may save up and spend at once' }),
  maxBodyBytes: wholeNumber({
    name: 'max-body-bytes',
    unit: 'bytes',
    default: 5 * 1024 * 1024,
    min: 1024,
    doc: "largest HTTP request body (geth's 5 MiB); larger → HTTP 413",
  }),
  // Node checks these deadlines once a second (startHttpServer), so a trickling client is cut within a second of it.
  httpReadTimeoutMs: wholeNumber({
    name: 'http-read-timeout',
    unit: 'ms',
    default: 30_000,
    min: 1000,
    doc: "time a client may take to send a whole HTTP request, headers and body (geth's 30 s); a client still sending is cut with HTTP 408",
  }),
  maxBatchLength: wholeNumber({ name: 'max-batch-length', default: 1000, min: 1, doc: "most calls in one JSON-RPC batch (geth's)" }),
  maxInflightBytes: wholeNumber({
    name: 'max-inflight-bytes',
    unit: 'bytes',
    default: 64 * 1024 * 1024,
    min: 1024,
    doc: 'request bytes held at once over all connections; past it HTTP 503 + `Retry-After`',
  }),
  maxBatchResponseBytes: wholeNumber({
    name: 'max-batch-response-bytes',
    unit: 'bytes',
    default: 25_000_000,
    min: 1024,
    doc: "largest answer to one batch (geth's); later calls get -32003 `response too large`",
  }),
  maxNestingDepth: wholeNumber({
    name: 'max-nesting-depth',
    default: 64,
    min: 8,
    minimumReason: 'requests with access lists nest 7 levels',
    doc: 'deepest nesting of arrays and objects in a request; deeper → -32600',
  }),
  rpcTimeoutMs: wholeNumber({
    name: 'rpc-timeout',
    unit: 'ms',
    default: 60_000,
    min: 1,
    doc: "time one request may take; calls still running get -32002 `request timed out` (geth's)",
  }),
  // At least the intrinsic gas of a transfer: a cap below it fails every call.
  rpcGasCap: bigWholeNumber({
    name: 'rpc-gas-cap',
    unit: 'gas',
    default: 50_000_000n,
    min: 21_000n,
    doc: "gas cap, and default gas, of `eth_call` / `eth_estimateGas` (geth's)",
  }),
  rpcEvmTimeoutMs: wholeNumber({
    name: 'rpc-evm-timeout',
    unit: 'ms',
    default: 5000,
    min: 0,
    doc: "wall-time cap of one `eth_call` / `eth_estimateGas` / `eth_createAccessList`, 0 for none (geth's `--rpc.evmtimeout`)",
  }),
  // Calls, estimates, access lists and traces run in worker threads in every storage mode, so
  // none of them holds the sequencer's thread; see README "Calls, estimates and traces".
  executionWorkers: wholeNumber({
    name: 'execution-workers',
    default: 2,
    min: 1,
    max: 64,
    doc: 'worker threads running `eth_call`, `eth_estimateGas`, `eth_createAccessList` and `debug_trace*`, scheduled fairly between clients',
  }),
  dedicatedWorkers: wholeNumber({
    name: 'dedicated-workers',
    default: 1,
    min: 0,
    doc: 'of the execution workers, how many only the dedicated tier may use (at most all but one)',
  }),
  rpcCallCache: wholeNumber({
    name: 'rpc-call-cache',
    default: 4096,
    min: 0,
    doc: 'answers of `eth_call` / `eth_estimateGas` kept for identical requests on the same block state (a sealed block, or one pending sub-block); 0 keeps none',
  }),
  rpcTraceConcurrency: wholeNumber({ name: 'rpc-trace-concurrency', default: 1, min: 1, doc: '`debug_trace*` requests running at once; more wait their turn' }),
  rpcTraceMaxBytes: wholeNumber({
    name: 'rpc-trace-max-bytes',
    unit: 'bytes',
    default: 64 * 1024 * 1024,
    min: 1024 * 1024,
    max: 512 * 1024 * 1024,
    doc: 'largest struct log (`debug_trace*` without a tracer) in bytes of JSON; larger → -32000 naming the limit',
  }),
  sendSyncTimeoutMs: wholeNumber({
    name: 'send-sync-timeout',
    unit: 'ms',
    default: 5000,
    min: 1,
    doc: 'default wait of `eth_sendRawTransactionSync` for the pre-confirmation',
  }),
  sendSyncMaxTimeoutMs: wholeNumber({
    name: 'send-sync-max-timeout',
    unit: 'ms',
    default: 30_000,
    min: 1,
    doc: 'longest wait a caller may ask of `eth_sendRawTransactionSync` (more → -32602)',
  }),
  shutdownTimeoutMs: wholeNumber({
    name: 'shutdown-timeout',
    unit: 'ms',
    default: 10_000,
    min: 0,
    doc: 'on SIGTERM / SIGINT, time the requests in flight get to be answered (new ones are refused) before connections are cut',
  }),
  /** WebSocket limits (messages share --max-body-bytes as their size limit). */
  ws: WEB_SOCKET_SETTINGS,
  rpcLogsBlockRange: wholeNumber({
    name: 'rpc-logs-block-range',
    default: 10_000,
    min: 1,
    doc: 'most blocks one `eth_getLogs` / `eth_getFilterLogs` query may span (more → -32005 `exceed maximum block range: N`)',
  }),
  rpcLogsMaxResults: wholeNumber({
    name: 'rpc-logs-max-results',
    default: 10_000,
    min: 1,
    doc: 'most logs one `eth_getLogs` / `eth_getFilterLogs` answer may hold (more → -32005 `query returned more than N results`); also the most items one `eth_getFilterChanges` poll returns',
  }),
  rpcFilterTimeoutMs: wholeNumber({
    name: 'rpc-filter-timeout',
    unit: 'ms',
    default: 5 * 60 * 1000,
    min: 1000,
    doc: "milliseconds a filter lives without an `eth_getFilterChanges` poll (geth's 5 minutes)",
  }),
  rpcFiltersPerClient: wholeNumber({
    name: 'rpc-filters-per-client',
    default: 250,
    min: 1,
    doc: 'most filters one client (its API key, or its address) may have installed; the node holds 10,000 in all',
  }),
  ...FORK_MODE_SETTINGS,
  /**
   * Tx pool limits; the names and defaults are geth's (core/txpool/legacypool). geth quietly puts
   * its default back for a zero slot count or a price bump below 1; Sequin refuses them instead.
   */
  txpool: {
    accountSlots: wholeNumber({
      name: 'txpool-account-slots',
      default: 16,
      min: 1,
      doc: 'executable txs per account spared from eviction while other accounts hold more',
    }),
    // geth: 4096 + 1024.
    globalSlots: wholeNumber({
      name: 'txpool-global-slots',
      default: 5120,
      min: 1,
      doc: 'most executable txs in the pool (then the cheapest other sender’s last is evicted, or the tx refused)',
    }),
    accountQueue: wholeNumber({ name: 'txpool-account-queue', default: 64, min: 0, doc: 'future-nonce txs per account; 0 refuses them' }),
    globalQueue: wholeNumber({
      name: 'txpool-global-queue',
      default: 1024,
      min: 0,
      doc: 'most future-nonce txs in the pool (then the cheapest queued tx of another sender is evicted, or the tx refused)',
    }),
    priceBump: wholeNumber({
      name: 'txpool-price-bump',
      unit: 'percent',
      default: 10,
      min: 1,
      minimumReason: 'a replacement must pay more than the tx it replaces',
      doc: 'fee increase (fee cap **and** tip) needed to replace a pooled tx',
    }),
    // geth's --txpool.pricelimit.
    priceLimit: bigWholeNumber({ name: 'txpool-price-limit', unit: 'wei', default: 1n, min: 0n, doc: 'minimum tip accepted; 0 accepts any' }),
  },
};
