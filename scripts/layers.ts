/**
 * The layers of src/ and web/, declared once: scripts/check-layers.ts enforces them (`npm run check`)
 * and scripts/layersTable.ts draws them into docs/ARCHITECTURE.md (`npm run docs:layers`;
 * test/docs/layersTable.test.ts fails while the page differs). Each tree lists its layers bottom-up;
 * a layer may import its own files and the layers below it that its rule names.
 *
 * Adding a layer is one entry in a tree's list, at its height; layers above that take "everything
 * below" see it at once, the others name it when they need it.
 */

/** One layer: a folder (or files) of a tree, what it holds and the lower layers it may import. */
export interface LayerRule {
  /** The layer's name; also its path below the tree's root unless `paths` says otherwise. */
  layer: string;
  /** Folders or files of the layer, relative to the root; a file belongs to the layer of its longest match. */
  paths?: readonly string[];
  /** Lower layers this one may import: named, or all of them. */
  imports: readonly string[] | 'everything below';
  /** What the layer holds, one line of Markdown (the architecture page's table). */
  holds: string;
}

/** A source tree checked on its own: its root, its layers bottom-up and its test-support folder. */
export interface SourceTree {
  root: string;
  layers: readonly LayerRule[];
  /** The folder of test factories: it may import anything; product code may not import it. */
  testSupport?: { path: string; holds: string };
}

export const SOURCE: SourceTree = {
  root: 'src',
  layers: [
    {
      layer: 'primitives',
      imports: [],
      holds: 'hex and quantity codecs, block tags, keccak (WebAssembly), secp256k1 (native), BIP-32, EIP-55 checksums, JSON with big integers, the logger',
    },
    {
      layer: 'errors',
      imports: ['primitives'],
      holds:
        "`SequinError`, the one base of the domain errors (after viem's `BaseError`), and the errors themselves, one file each; no JSON-RPC code (rpc/errors/ gives each its code and geth's words)",
    },
    {
      layer: 'config',
      imports: ['primitives', 'errors'],
      holds:
        'the settings, each declared once (`nodeSettings.ts`), and `NodeConfig`; chain specs, geth genesis files, the hard-fork schedule (`ScheduledCommon`, fork ids); dev accounts; preinstalls',
    },
    {
      layer: 'events',
      imports: ['primitives'],
      holds: "the typed event bus (`EventBus`); the node's events are declared by their publisher (`sequencer/ChainEvents.ts`)",
    },
    {
      layer: 'storage',
      imports: ['primitives', 'errors', 'config'],
      holds:
        'the `Storage` interface, its LMDB and in-memory backends, the guard that refuses writes on a failing disk, the data directory lock, versioned state keys',
    },
    {
      layer: 'chain',
      imports: 'everything below',
      holds:
        'the records of blocks, transactions, receipts and sub-blocks and their keys (`ChainReader`, `ChainWriter`); headers, roots, base fee and gas limit; checks of a block against its parent; RLP chain files',
    },
    {
      layer: 'execution',
      imports: 'everything below',
      holds:
        'the EVM (`@ethereumjs/vm` over a flat state): state readers, the world state, transactions and blocks (`block/`), calls and estimates on the main thread first with a deadline (all of them in instant or manual mining, a share and 2 ms each beside the sub-block grid) and in worker threads (`callWorker/`, `scheduling/`, `executionDeadline.ts`), tracing, proofs, simulation, fork-mode state',
    },
    {
      layer: 'txpool',
      imports: 'everything below',
      holds: "admission with geth's rules and words (`decodeRawTransaction`, `TxPool`), the pool journal, `TransactionIntake`",
    },
    {
      layer: 'sequencer',
      imports: 'everything below',
      holds:
        'the one writer of chain and state: `Sequencer` (mining modes, the schedule), `BlockProducer` (sub-blocks, seals, state edits, rewinds), the chain views every read takes, boot and chain import',
    },
    // The read side and the submission path: they read chain views, never write chain or state.
    {
      layer: 'services',
      imports: 'everything below',
      holds:
        'what the RPC methods ask, answered from one chain view: blocks, state, calls, traces, logs and filters, subscriptions, fees, simulation, dev controls, fork history; the submission path',
    },
    // The edge: transports, access (its key store), metrics and the methods, which see the node
    // only through rpc/backend.ts's service interfaces.
    {
      layer: 'rpc',
      imports: 'everything below',
      holds:
        'the edge: `transports/` (HTTP, WebSocket), `server/` (envelope, batches, tiers, limits), `access/` (API keys, rate limits), `methods/` (one file each, seen through `backend.ts`), `schemas/`, `errors/`, metrics, health, web routes',
    },
    // Scale-out on NATS JetStream: the sequencer's log, followers, the lease, write forwarding.
    { layer: 'fleet', imports: 'everything below', holds: "scale-out on NATS JetStream: the sequencer's log, followers, the lease, write forwarding" },
    {
      layer: 'node',
      imports: 'everything below',
      holds: 'the composition root: builds the parts and the backend, opens forks and genesis files, starts and stops the node; nothing imports it but cli/',
    },
    {
      layer: 'cli',
      imports: ['primitives', 'errors', 'config', 'rpc', 'node'],
      holds:
        '`sequin` on the command line: flags, `SEQUIN_*` variables and `--config` → `NodeConfig` → `startNode`; `sequin keys`, `sequin import`; `--help` and the flags reference',
    },
  ],
  testSupport: {
    path: 'testing',
    holds: 'test factories (test chains, node processes, transactions, tools); may import anything, product code never imports it',
  },
};

/** Browser code: the wallet's core knows nothing of its UI; the UI draws the core; entry points wire both. */
export const WEB: SourceTree = {
  root: 'web',
  layers: [
    {
      layer: 'shared',
      imports: [],
      holds: "what the wallet and the dApp helper share: chain data and its checks (EIP-3085, MetaMask's rules), URL checks, EIP-1193 errors",
    },
    { layer: 'dapp', imports: ['shared'], holds: '`sequin/dapp`: `switchOrAddChain`, `addChain` and their typed errors, for any EIP-1193 wallet' },
    { layer: 'chain', imports: [], holds: "`sequin/chain`: viem chains with the node's block time and pre-confirmation interval" },
    {
      layer: 'verify',
      imports: [],
      holds: '`sequin/verify`: checks a pre-confirmation (signed commitment, Merkle proofs, every field recomputed), the viem action, equivocation proofs',
    },
    { layer: 'wallet', imports: ['shared'], holds: 'the EIP-1193 provider: requests, stores, signing; asks the user only through the `Approver` interface' },
    { layer: 'wallet/ui', imports: ['shared', 'wallet'], holds: 'the DOM: the approval dialog, the panel, styles in a shadow root' },
    {
      layer: 'wallet entry points',
      paths: ['wallet/index.ts', 'wallet/autoInstall.ts', 'wallet/installSequinWallet.ts'],
      imports: ['shared', 'wallet', 'wallet/ui'],
      holds: 'build the wallet, hand it the in-page dialog, mount the panel (`sequin/wallet`, `/wallet.js`)',
    },
    { layer: 'page', imports: ['shared', 'dapp'], holds: "the node's own page (`/`): heartbeat, pre-confirmations, blocks, lookups, Add to wallet" },
  ],
};
