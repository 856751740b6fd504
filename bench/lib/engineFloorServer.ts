/**
 * The least a JSON-RPC node built on @ethereumjs/vm, node:http and LMDB can do per `eth_call`,
 * `eth_estimateGas` and transaction sent (issue 28's floors): a child process, started by
 * peers/engineFloor.ts, that answers the bench's call and send workloads with nothing of Sequin's
 * and nothing a real node needs beyond one execution:
 *
 * - state: a stock SimpleStateManager (maps in memory: no trie, no storage, no versions) holding
 *   the 20 bench accounts' balances and the bench token, deployed at start from account 0 with the
 *   EVM's runCall;
 * - eth_call: the request as an unsigned EIP-1559 transaction (createTx, sender set, as any
 *   ethereumjs-based node builds a call), run by stock `runTx` on a stock VM between a
 *   checkpoint and a revert, in one block made at start (base fee 0, as geth treats a call without
 *   a gas price); no parameter checks, no block lookup, no cache;
 * - eth_estimateGas: that same single run, answering its gas used (a real estimator needs at
 *   least this run: Sequin's needs exactly one for the bench's transfer);
 * - eth_sendRawTransaction: the stock decoding (createTxFromRLP), its sender recovered by native
 *   secp256k1 (the Common's customCrypto, as Sequin recovers), then mined at once, as Hardhat's
 *   automine does: stock `runTx` in a block of its own (base fee 1 gwei, the bench's), then one
 *   durable LMDB commit (lmdb-js transactionSync, fsync included, as Sequin commits an instant
 *   block) of the block's header, its transactions, their receipts and the accounts they changed;
 *   no transactions or receipts trie, no logs bloom, no indexes, and no state root unless
 *   `--state-roots` (below). With `--grid MS`, as Sequin pre-confirms, each send is journaled
 *   durably (an lmdb-js put, group-committed) and answered, and what was sent is mined as one
 *   block every MS ms, until evm_setAutomine true switches to mining each at once;
 * - eth_getTransactionReceipt (from memory), eth_getTransactionCount (the mined nonce), evm_setAutomine;
 * - eth_chainId and eth_getCode, which the bench's readiness checks send; JSON-RPC batches.
 *
 * The HTTP side is floors.ts's bare server: read the body, JSON.parse, JSON.stringify, writeHead,
 * end. It prints `Listening on <url> token <address>` once it serves.
 *
 * With `--sequin-wrappers` the engine runs with the two interpreter wrappers Sequin applies to it
 * (createExecutionVm.ts): each code's jump analysis cached (cacheJumpAnalysis.ts), and no
 * run-state spread in each frame's result (runStateOutOfResults.ts), the hidden classes it cost
 * on Node 20. That is the floor under Sequin's own engine; without them, the stock engine's.
 *
 * With `--state-roots` the state is in a stock MerkleStateManager (a trie with its caches, in
 * memory) instead of SimpleStateManager, and each mined block's header carries its state root, as
 * an Ethereum node's blocks must.
 *
 *   node --import tsx bench/lib/engineFloorServer.ts [--sequin-wrappers] [--state-roots] [--grid MS]
 */
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createBlock } from '@ethereumjs/block';
import { createCustomCommon, Hardfork, Mainnet } from '@ethereumjs/common';
import type { EVM } from '@ethereumjs/evm';
import { MerkleStateManager, SimpleStateManager } from '@ethereumjs/statemanager';
import { createTx, createTxFromRLP, type FeeMarket1559Tx, type TypedTransaction } from '@ethereumjs/tx';
import { Account, Address, bigIntToHex, bytesToHex, createZeroAddress, hexToBytes } from '@ethereumjs/util';
import { createVM, type RunTxResult, runTx } from '@ethereumjs/vm';
import { open } from 'lmdb';
import { cacheJumpAnalysis } from '../../src/execution/cacheJumpAnalysis.js';
import { keepRunStateOutOfResults } from '../../src/execution/runStateOutOfResults.js';
import { ecrecover } from '../../src/primitives/secp256k1.js';
import { benchAccounts } from './accounts.js';
import { tokenCreationCode } from './erc20.js';

/** `--sequin-wrappers`: the engine as Sequin runs it (its two interpreter wrappers), else stock. */
const withSequinWrappers = process.argv.includes('--sequin-wrappers');
/** `--state-roots`: state in a stock MerkleStateManager, and each mined block's header carries its state root. */
const withStateRoots = process.argv.includes('--state-roots');
/** `--grid MS`: sends are journaled and mined every MS ms, until evm_setAutomine true; 0 (the default) mines each at once. */
const gridAt = process.argv.indexOf('--grid');
const gridMs = gridAt >= 0 ? Number(process.argv[gridAt + 1]) : 0;

const CHAIN_ID = 31337;
/** EIP-7825's cap under Osaka, the largest gas limit @ethereumjs/tx builds. */
const CALL_GAS = 16_777_216n;
const EMPTY = new Uint8Array(0);

const BASE_FEE = 1_000_000_000n;

const common = createCustomCommon({ chainId: CHAIN_ID }, Mainnet, { hardfork: Hardfork.Osaka, customCrypto: { ecrecover } });
const stateManager = withStateRoots ? new MerkleStateManager({ common }) : new SimpleStateManager();
const vm = await createVM({ common, stateManager });
if (withSequinWrappers) {
  await cacheJumpAnalysis(vm.evm as EVM);
  await keepRunStateOutOfResults(vm.evm as EVM);
}
const block = createBlock({ header: { number: 1n, timestamp: BigInt(Math.floor(Date.now() / 1000)), gasLimit: 30_000_000n, baseFeePerGas: 0n } }, { common });

const deployer = new Address(hexToBytes(benchAccounts()[0]!.address));
for (const account of benchAccounts()) await stateManager.putAccount(new Address(hexToBytes(account.address)), new Account(0n, 10n ** 22n));
const deployed = await vm.evm.runCall({ caller: deployer, origin: deployer, data: hexToBytes(tokenCreationCode()), gasLimit: 5_000_000n, block });
if (deployed.execResult.exceptionError || !deployed.createdAddress) throw new Error(`token deployment failed: ${deployed.execResult.exceptionError?.error}`);
const token = deployed.createdAddress;

interface CallParams {
  from?: string;
  to?: string;
  data?: string;
  value?: string;
}

/** One run of `params` as a transaction; its effects reverted. */
async function execute(params: CallParams) {
  const sender = params.from ? new Address(hexToBytes(params.from as `0x${string}`)) : createZeroAddress();
  const tx = createTx(
    {
      type: 2,
      to: params.to as `0x${string}` | undefined,
      data: params.data ? hexToBytes(params.data as `0x${string}`) : EMPTY,
      value: params.value ? BigInt(params.value) : 0n,
      gasLimit: CALL_GAS,
      maxFeePerGas: 0n,
      maxPriorityFeePerGas: 0n,
      nonce: 0n,
    },
    { common, freeze: false },
  ) as FeeMarket1559Tx;
  (tx as { getSenderAddress: () => Address }).getSenderAddress = () => sender;
  await stateManager.checkpoint();
  try {
    return await runTx(vm, { tx, block, skipNonce: true, skipBalance: true, skipBlockGasLimitValidation: true, skipHardForkValidation: true });
  } finally {
    await stateManager.revert();
  }
}

const dataDir = mkdtempSync(path.join(tmpdir(), 'sequin-engine-floor-'));
const storage = open({ path: path.join(dataDir, 'floor.mdb'), compression: false, eventTurnBatching: false });
process.on('SIGTERM', () => {
  rmSync(dataDir, { recursive: true, force: true });
  process.exit(0);
});
const receipts = new Map<string, object>();
let head = { number: 1n, hash: block.hash() };

/** A received transaction: decoded, its sender recovered. */
interface Received {
  tx: TypedTransaction;
  raw: string;
  hash: string;
  sender: Address;
}

function receive(raw: string): Received {
  const tx = createTxFromRLP(hexToBytes(raw as `0x${string}`), { common });
  return { tx, raw, hash: bytesToHex(tx.hash()), sender: tx.getSenderAddress() };
}

/** Runs `received` in one new block, commits the block durably, then makes its receipts visible. */
async function mineBlock(received: readonly Received[]): Promise<void> {
  const number = head.number + 1n;
  const header = { parentHash: head.hash, number, timestamp: BigInt(Math.floor(Date.now() / 1000)), gasLimit: 30_000_000n, baseFeePerGas: BASE_FEE };
  let minedIn = createBlock({ header }, { common });
  const results: RunTxResult[] = [];
  for (const { tx } of received) results.push(await runTx(vm, { tx, block: minedIn }));
  // The state root is known once the transactions have run: the header is made again with it.
  if (withStateRoots) minedIn = createBlock({ header: { ...header, stateRoot: await stateManager.getStateRoot() } }, { common });
  const blockHash = bytesToHex(minedIn.hash());
  let cumulativeGas = 0n;
  const blockReceipts = received.map(({ tx, hash, sender }, index) => {
    const result = results[index]!;
    cumulativeGas += result.totalGasSpent;
    return {
      transactionHash: hash,
      transactionIndex: bigIntToHex(BigInt(index)),
      blockHash,
      blockNumber: bigIntToHex(number),
      from: sender.toString(),
      to: tx.to?.toString() ?? null,
      cumulativeGasUsed: bigIntToHex(cumulativeGas),
      gasUsed: bigIntToHex(result.totalGasSpent),
      effectiveGasPrice: bigIntToHex(BASE_FEE + (tx as FeeMarket1559Tx).maxPriorityFeePerGas),
      contractAddress: result.createdAddress?.toString() ?? null,
      logs: [],
      status: result.execResult.exceptionError ? '0x0' : '0x1',
      type: bigIntToHex(BigInt(tx.type)),
    };
  });
  const changed = new Map<string, Address>([[minedIn.header.coinbase.toString(), minedIn.header.coinbase]]);
  for (const { tx, sender } of received) for (const address of [sender, tx.to ?? sender]) changed.set(address.toString(), address);
  const accounts = await Promise.all([...changed].map(async ([key, address]) => [key, (await stateManager.getAccount(address))?.serialize()] as const));
  storage.transactionSync(() => {
    storage.put(`block:${number}`, { hash: blockHash, header: minedIn.header.serialize(), transactions: received.map(({ hash }) => hash) });
    received.forEach(({ hash, raw }, index) => {
      storage.put(`tx:${hash}`, raw);
      storage.put(`receipt:${hash}`, blockReceipts[index]);
    });
    for (const [address, account] of accounts) storage.put(`account:${address}`, account);
  });
  for (const receipt of blockReceipts) receipts.set(receipt.transactionHash, receipt);
  head = { number, hash: minedIn.hash() };
}

/** Transactions accepted on the grid, waiting for the next tick. */
let waiting: Received[] = [];
/** Mining each transaction at once (evm_setAutomine true), or on the grid. */
let instant = gridMs === 0;
let mining = Promise.resolve();

/** Mines what waits, one block per tick, one tick at a time. */
function tick(): void {
  if (instant || waiting.length === 0) return;
  const taken = waiting;
  waiting = [];
  mining = mining.then(() => mineBlock(taken)).catch((error: Error) => console.error(`mining failed: ${error.message}`));
}
if (gridMs > 0) setInterval(tick, gridMs);

/** eth_sendRawTransaction: mined at once, or journaled durably and mined at the next tick; its hash. */
async function send(raw: string): Promise<string> {
  const received = receive(raw);
  if (instant) {
    const mined = mining.then(() => mineBlock([received]));
    // A failed block fails its send, not the ones after it.
    mining = mined.catch(() => {});
    await mined;
  } else {
    await storage.put(`journal:${received.hash}`, raw);
    waiting.push(received);
  }
  return received.hash;
}

async function answer(method: string, params: unknown[]): Promise<unknown> {
  switch (method) {
    case 'eth_sendRawTransaction':
      return send(params[0] as string);
    case 'eth_getTransactionReceipt':
      return receipts.get(params[0] as string) ?? null;
    case 'eth_getTransactionCount':
      return bigIntToHex((await stateManager.getAccount(new Address(hexToBytes(params[0] as `0x${string}`))))?.nonce ?? 0n);
    case 'evm_setAutomine':
      instant = params[0] === true || gridMs === 0;
      return true;
    case 'eth_chainId':
      return `0x${CHAIN_ID.toString(16)}`;
    case 'eth_getCode':
      return bytesToHex(await stateManager.getCode(new Address(hexToBytes(params[0] as `0x${string}`))));
    case 'eth_call':
      return bytesToHex((await execute(params[0] as CallParams)).execResult.returnValue);
    case 'eth_estimateGas':
      return `0x${(await execute(params[0] as CallParams)).totalGasSpent.toString(16)}`;
    default:
      throw new Error(`${method} is not served here`);
  }
}

const server = http.createServer((req, res) => {
  const chunks: Buffer[] = [];
  req.on('data', (chunk: Buffer) => chunks.push(chunk));
  req.on('end', () => {
    const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as Request | Request[];
    if (Array.isArray(body)) Promise.all(body.map(respond)).then((responses) => reply(res, responses));
    else respond(body).then((response) => reply(res, response));
  });
});

interface Request {
  id: number;
  method: string;
  params?: unknown[];
}

function respond({ id, method, params }: Request): Promise<object> {
  return answer(method, params ?? []).then(
    (result) => ({ jsonrpc: '2.0', id, result }),
    (error: Error) => ({ jsonrpc: '2.0', id, error: { code: -32000, message: error.message } }),
  );
}

function reply(res: http.ServerResponse, message: object): void {
  const body = JSON.stringify(message);
  res.writeHead(200, { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(body) });
  res.end(body);
}

server.listen(0, '127.0.0.1', () => {
  const address = server.address() as { port: number };
  console.log(`Listening on http://127.0.0.1:${address.port} token ${token.toString()}`);
});
