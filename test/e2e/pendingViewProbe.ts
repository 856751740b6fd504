/**
 * The "one pending view" probe (issue 10): transactions sent at random phases of the sequencer's
 * grid; right after each one's pre-confirmed receipt appears, every `pending` read in one batch,
 * checked for agreement with the receipt and with every earlier answer.
 *
 *   per sender (in parallel):  random pause ─▶ eth_sendRawTransaction ─▶ poll the receipt (block N, index i)
 *        ─▶ one batch: pending block (opening), every pending read, latest block, pending block (closing)
 *        ─▶ checks ─▶ if some answer is past N: block N must be sealed with the tx
 *
 * What must hold (docs/ARCHITECTURE.md#one-pending-view): an answer about pending block N has the tx; an
 * answer about a later block means N is sealed and `latest` has it; state read at `pending`
 * always shows the tx's effects (nonce, balance, storage, code, calls, estimates); the pending
 * filter has delivered its log; the pending block number and eth_blockNumber never go back
 * across reads. Reads whose answer does not name its block (a count, a missing transaction at
 * an index, an empty receipt list) are judged by the batch's opening and closing pending blocks:
 * a batch's calls are started in request order, and a read of the view answers synchronously,
 * so when both brackets name the same block, so does every such read between them.
 *
 * Each sender alternates ERC-20 transfers of its own TestToken to a fresh recipient (a log, a
 * storage slot, a balanceOf call, an estimate that only succeeds once the transfer happened)
 * with Counter deployments (code at a new address). Each sender waits for its checks before
 * sending again, so its nonce and ETH balance at `pending` are known exactly.
 */
import { type Address, encodeAbiParameters, encodeDeployData, encodeFunctionData, type Hex, keccak256, type PrivateKeyAccount } from 'viem';
import { generatePrivateKey, privateKeyToAddress } from 'viem/accounts';
import { counterArtifact, testTokenArtifact } from '../../src/testing/contracts/artifacts.js';
import { TRANSFER_TOPIC } from '../../src/testing/testToken.js';
import { DEV_ACCOUNTS, type RpcResponse, sleep, ZERO_HASH } from './helpers.js';
import type { RpcCall, RpcLink } from './rpcLink.js';

/** What to probe. */
export interface PendingViewProbeOptions {
  /** Opens one connection per sender (HTTP or WebSocket). */
  connect: () => Promise<RpcLink>;
  /** Dev account indexes that send, one loop each, in parallel. */
  senders: readonly number[];
  /** Transactions per sender. */
  transactionsPerSender: number;
  /** The node's --preconf-interval: sends are spread at random over it. */
  preconfIntervalMs: number;
}

/** What the probe saw. */
export interface PendingViewProbeReport {
  transactions: number;
  /** Every disagreement, described (empty when the node held its promise). */
  disagreements: string[];
  /** Batches that read the receipt's block N still open (unsealed) throughout. */
  readWhileOpen: number;
  /** Batches in which some answer already showed block N sealed. */
  readAfterSeal: number;
  /**
   * Earlier transactions of a sender seen pre-confirmed in one batch and sealed in a later one:
   * how many seal boundaries the probe crossed with a transaction in hand.
   */
  sealsCrossed: number;
}

type Receipt = {
  transactionHash: Hex;
  blockNumber: Hex;
  blockHash: Hex;
  transactionIndex: Hex;
  gasUsed: Hex;
  effectiveGasPrice: Hex;
  contractAddress: Address | null;
};
type Block = { number: Hex; hash: Hex | null; transactions: Array<Hex | { hash: Hex; blockNumber: Hex; transactionIndex: Hex }> };
type Log = { transactionHash: Hex; blockNumber: Hex; topics: Hex[] };

const TRANSFER_GAS = 100_000n;
/** Earlier transactions re-read by each batch until seen sealed (enough to span a block). */
const MAX_FOLLOWED = 40;
const DEPLOY_GAS = 400_000n;
const MAX_FEE = 50_000_000_000n;
const TIP = 1_000_000_000n;

/** Runs the probe; resolves with what it saw (never throws for a disagreement: they are reported). */
export async function probePendingView(options: PendingViewProbeOptions): Promise<PendingViewProbeReport> {
  const report: PendingViewProbeReport = { transactions: 0, disagreements: [], readWhileOpen: 0, readAfterSeal: 0, sealsCrossed: 0 };
  const floors = new MonotonicFloors();
  await Promise.all(options.senders.map((index) => runSender(index, options, report, floors)));
  return report;
}

/**
 * "Never goes back" across concurrent senders: an answer must not be older than anything an
 * answer received before its request was sent showed.
 */
class MonotonicFloors {
  pending = 0n;
  latest = 0n;
  raise(pending: bigint, latest: bigint): void {
    if (pending > this.pending) this.pending = pending;
    if (latest > this.latest) this.latest = latest;
  }
}

interface SenderState {
  account: PrivateKeyAccount;
  token: Address;
  filterId: string;
  nonce: number;
  /** ETH balance at pending after every tx so far (only this loop spends it). */
  balance: bigint;
}

async function runSender(index: number, options: PendingViewProbeOptions, report: PendingViewProbeReport, floors: MonotonicFloors): Promise<void> {
  const link = await options.connect();
  try {
    const state = await setUpSender(link, DEV_ACCOUNTS[index]!);
    const filtered = new Set<Hex>();
    /** This sender's earlier transactions not yet seen sealed: each batch re-reads them. */
    let unsealed: ProbedTransaction[] = [];
    for (let round = 0; round < options.transactionsPerSender; round++) {
      const kind = round % 4 === 3 ? 'deploy' : 'transfer';
      const recipient = privateKeyToAddress(generatePrivateKey());
      const amount = BigInt(1 + round);
      const raw = await state.account.signTransaction(
        kind === 'deploy'
          ? {
              chainId: 31337,
              type: 'eip1559',
              nonce: state.nonce,
              gas: DEPLOY_GAS,
              maxFeePerGas: MAX_FEE,
              maxPriorityFeePerGas: TIP,
              data: counterDeployData(),
            }
          : {
              chainId: 31337,
              type: 'eip1559',
              nonce: state.nonce,
              to: state.token,
              gas: TRANSFER_GAS,
              maxFeePerGas: MAX_FEE,
              maxPriorityFeePerGas: TIP,
              data: encodeFunctionData({ abi: testTokenArtifact.abi, functionName: 'transfer', args: [recipient, amount] }),
            },
      );
      await sleep(Math.random() * options.preconfIntervalMs);
      const hash = await link.call<Hex>('eth_sendRawTransaction', [raw]);
      const receipt = await pollReceipt(link, hash);
      const floor = { pending: floors.pending, latest: floors.latest };
      const tx: ProbedTransaction = { hash, kind, sender: state.account.address, recipient, amount, nonce: state.nonce, token: state.token, receipt };
      const batch = pendingReads(tx, state.filterId, unsealed);
      const answers = await link.batch(batch.map(({ call }) => call));
      const seen = judge(tx, state, batch, answers, floor, filtered, report);
      unsealed = [...judgeEarlier(unsealed, batch, answers, report), tx].slice(-MAX_FOLLOWED);
      floors.raise(seen.pending, seen.latest);
      if (seen.pending > BigInt(receipt.blockNumber)) await expectSealed(link, tx, report);
      state.nonce++;
      state.balance -= BigInt(receipt.gasUsed) * BigInt(receipt.effectiveGasPrice);
      report.transactions++;
    }
  } finally {
    link.close();
  }
}

/** Deploys the sender's own TestToken and installs its pending log filter. */
async function setUpSender(link: RpcLink, account: PrivateKeyAccount): Promise<SenderState> {
  const nonce = Number(BigInt(await link.call<Hex>('eth_getTransactionCount', [account.address, 'pending'])));
  const raw = await account.signTransaction({
    chainId: 31337,
    type: 'eip1559',
    nonce,
    gas: 2_000_000n,
    maxFeePerGas: MAX_FEE,
    maxPriorityFeePerGas: TIP,
    data: encodeDeployData({ abi: testTokenArtifact.abi, bytecode: testTokenArtifact.bytecode, args: [10n ** 30n] }),
  });
  const receipt = await pollReceipt(link, await link.call<Hex>('eth_sendRawTransaction', [raw]));
  const token = receipt.contractAddress!;
  const filterId = await link.call<string>('eth_newFilter', [{ fromBlock: 'pending', toBlock: 'pending', address: token }]);
  const balance = BigInt(await link.call<Hex>('eth_getBalance', [account.address, 'pending']));
  return { account, token, filterId, nonce: nonce + 1, balance };
}

interface ProbedTransaction {
  hash: Hex;
  kind: 'transfer' | 'deploy';
  sender: Address;
  recipient: Address;
  amount: bigint;
  nonce: number;
  token: Address;
  receipt: Receipt;
}

type ReadName =
  | 'opening'
  | 'blockNumber'
  | 'receipt'
  | 'transaction'
  | 'status'
  | 'blockReceipts'
  | 'fullBlock'
  | 'byIndex'
  | 'count'
  | 'logs'
  | 'filterChanges'
  | 'nonce'
  | 'balance'
  | 'code'
  | 'storage'
  | 'call'
  | 'estimate'
  | 'latest'
  | 'earlierReceipt'
  | 'earlierStatus'
  | 'closing';

interface Read {
  name: ReadName;
  call: RpcCall;
  /** For reads about an earlier transaction: which. */
  earlier?: ProbedTransaction;
}

/** The batch: every pending read, and the earlier transactions' receipts and status, between two reads of the pending block. */
function pendingReads(tx: ProbedTransaction, filterId: string, earlier: readonly ProbedTransaction[]): Read[] {
  const reads: Read[] = [];
  const add = (name: ReadName, method: string, params: unknown[], about?: ProbedTransaction) => reads.push({ name, call: { method, params }, earlier: about });
  const { receipt } = tx;
  add('opening', 'eth_getBlockByNumber', ['pending', false]);
  add('blockNumber', 'eth_blockNumber', []);
  add('receipt', 'eth_getTransactionReceipt', [tx.hash]);
  add('transaction', 'eth_getTransactionByHash', [tx.hash]);
  add('status', 'chain_transactionStatus', [tx.hash]);
  add('blockReceipts', 'eth_getBlockReceipts', ['pending']);
  add('fullBlock', 'eth_getBlockByNumber', ['pending', true]);
  add('byIndex', 'eth_getTransactionByBlockNumberAndIndex', ['pending', receipt.transactionIndex]);
  add('count', 'eth_getBlockTransactionCountByNumber', ['pending']);
  // From the block before the receipt's (sealed, so a numeric bound is fine) to pending.
  add('logs', 'eth_getLogs', [{ fromBlock: hex(BigInt(receipt.blockNumber) - 1n), toBlock: 'pending', address: tx.token }]);
  add('filterChanges', 'eth_getFilterChanges', [filterId]);
  add('nonce', 'eth_getTransactionCount', [tx.sender, 'pending']);
  add('balance', 'eth_getBalance', [tx.sender, 'pending']);
  if (tx.kind === 'deploy') {
    add('code', 'eth_getCode', [receipt.contractAddress, 'pending']);
    add('call', 'eth_call', [{ to: receipt.contractAddress, data: encodeFunctionData({ abi: counterArtifact.abi, functionName: 'count' }) }, 'pending']);
    add('estimate', 'eth_estimateGas', [
      { from: tx.sender, to: receipt.contractAddress, data: encodeFunctionData({ abi: counterArtifact.abi, functionName: 'increment' }) },
      'pending',
    ]);
  } else {
    add('storage', 'eth_getStorageAt', [tx.token, balanceSlot(tx.recipient), 'pending']);
    add('call', 'eth_call', [
      { to: tx.token, data: encodeFunctionData({ abi: testTokenArtifact.abi, functionName: 'balanceOf', args: [tx.recipient] }) },
      'pending',
    ]);
    // Moving the amount on again only succeeds if the recipient already holds it.
    add('estimate', 'eth_estimateGas', [
      { from: tx.recipient, to: tx.token, data: encodeFunctionData({ abi: testTokenArtifact.abi, functionName: 'transfer', args: [tx.sender, tx.amount] }) },
      'pending',
    ]);
  }
  add('latest', 'eth_getBlockByNumber', ['latest', false]);
  for (const before of earlier) {
    add('earlierReceipt', 'eth_getTransactionReceipt', [before.hash], before);
    add('earlierStatus', 'chain_transactionStatus', [before.hash], before);
  }
  add('closing', 'eth_getBlockByNumber', ['pending', false]);
  return reads;
}

/**
 * Checks one batch's answers; records disagreements in the report. Returns the newest pending
 * block number and latest block number the batch showed (for the floors of later batches).
 */
function judge(
  tx: ProbedTransaction,
  state: SenderState,
  reads: readonly Read[],
  answers: RpcResponse[],
  floor: { pending: bigint; latest: bigint },
  filtered: Set<Hex>,
  report: PendingViewProbeReport,
): { pending: bigint; latest: bigint } {
  const n = BigInt(tx.receipt.blockNumber);
  const index = BigInt(tx.receipt.transactionIndex);
  const problems: string[] = [];
  const fail = (what: string) => problems.push(what);
  const answer = new Map<ReadName, unknown>();
  reads.forEach((read, position) => {
    if (read.earlier) return;
    const response = answers[position]!;
    if (response.error) fail(`${read.name} failed: ${response.error.code} ${response.error.message}`);
    else answer.set(read.name, response.result);
  });
  const get = <T>(name: ReadName) => answer.get(name) as T;
  const opening = get<Block>('opening');
  const closing = get<Block>('closing');
  if (!opening || !closing) {
    report.disagreements.push(`${tx.hash}: ${problems.join('; ')}`);
    return { pending: floor.pending, latest: floor.latest };
  }
  const openingNumber = BigInt(opening.number);
  const closingNumber = BigInt(closing.number);
  let newestPending = closingNumber > openingNumber ? closingNumber : openingNumber;

  /** A block-level answer about pending block `number`: not older than the floor; if it is block N, it must have the tx. */
  const blockAnswer = (what: string, number: bigint, hasTx: boolean) => {
    if (number < floor.pending) fail(`${what}: pending block ${number} went back (an earlier answer showed ${floor.pending})`);
    if (number < n) fail(`${what}: pending block ${number} is before the receipt's block ${n}`);
    if (number === n && !hasTx) fail(`${what}: pending block ${number} is the receipt's block but lacks the tx`);
    if (number > newestPending) newestPending = number;
  };
  const hashesOf = (block: Block) => block.transactions.map((entry) => (typeof entry === 'string' ? entry : entry.hash));

  blockAnswer('opening eth_getBlockByNumber(pending)', openingNumber, hashesOf(opening).includes(tx.hash));
  blockAnswer('closing eth_getBlockByNumber(pending)', closingNumber, hashesOf(closing).includes(tx.hash));
  if (closingNumber < openingNumber) fail(`pending block went back within the batch: ${openingNumber} then ${closingNumber}`);
  const stable = openingNumber === closingNumber;
  if (isOpenIn(closing, n)) report.readWhileOpen++;
  else if (isSealedIn(opening, n)) report.readAfterSeal++;

  const latestNumber = BigInt(get<Hex>('blockNumber') ?? '0x0');
  if (latestNumber < floor.latest) fail(`eth_blockNumber ${latestNumber} went back (an earlier answer showed ${floor.latest})`);
  if (latestNumber < n - 1n) fail(`eth_blockNumber ${latestNumber} is older than the receipt's parent ${n - 1n}`);
  if (latestNumber > openingNumber) fail(`eth_blockNumber ${latestNumber} is past the pending block ${openingNumber} read before it`);
  const latest = get<Block>('latest');
  if (latest) {
    const latestBlockNumber = BigInt(latest.number);
    if (latestBlockNumber < latestNumber) fail(`latest block ${latestBlockNumber} is older than eth_blockNumber ${latestNumber} read before it`);
    // Any answer past N means N was sealed before the latest block was read.
    if (openingNumber > n && latestBlockNumber < n) fail(`pending was past block ${n} but latest is ${latestBlockNumber}`);
    if (latestBlockNumber === n && !hashesOf(latest).includes(tx.hash)) fail(`latest block ${n} lacks the tx`);
  }

  const receipt = get<Receipt | null>('receipt');
  const receiptProblem = receiptDisagreement(tx, receipt, get<{ status: string; stage?: string }>('status'), opening, closing);
  if (receiptProblem) fail(receiptProblem);
  const transaction = get<{ blockNumber: Hex | null } | null>('transaction');
  if (!transaction || transaction.blockNumber !== tx.receipt.blockNumber) fail(`eth_getTransactionByHash: ${JSON.stringify(transaction)?.slice(0, 120)}`);

  const blockReceipts = get<Receipt[]>('blockReceipts');
  if (blockReceipts) {
    const numbers = new Set(blockReceipts.map((entry) => entry.blockNumber));
    if (numbers.size > 1) fail(`eth_getBlockReceipts(pending) mixes blocks ${[...numbers].join(', ')}`);
    const has = blockReceipts.some((entry) => entry.transactionHash === tx.hash);
    if (blockReceipts.length > 0) blockAnswer('eth_getBlockReceipts(pending)', BigInt(blockReceipts[0]!.blockNumber), has);
    else if (stable && openingNumber === n) fail('eth_getBlockReceipts(pending) is empty while the pending block is the receipt’s');
  }
  const fullBlock = get<Block>('fullBlock');
  if (fullBlock) blockAnswer('eth_getBlockByNumber(pending, true)', BigInt(fullBlock.number), hashesOf(fullBlock).includes(tx.hash));
  const byIndex = get<{ hash: Hex; blockNumber: Hex } | null>('byIndex');
  if (byIndex) blockAnswer('eth_getTransactionByBlockNumberAndIndex(pending)', BigInt(byIndex.blockNumber), byIndex.hash === tx.hash);
  else if (stable && openingNumber === n) fail(`eth_getTransactionByBlockNumberAndIndex(pending, ${index}) is null in block ${n}`);
  const count = get<Hex | null>('count');
  if (count !== undefined && stable && openingNumber === n && (count === null || BigInt(count) <= index))
    fail(`eth_getBlockTransactionCountByNumber(pending) is ${count} in block ${n}, which holds index ${index}`);

  const logs = get<Log[]>('logs');
  const filterChanges = get<Log[]>('filterChanges');
  for (const log of filterChanges ?? []) filtered.add(log.transactionHash);
  if (tx.kind === 'transfer') {
    if (logs && !logs.some((log) => log.transactionHash === tx.hash && log.topics[0] === TRANSFER_TOPIC))
      fail(`eth_getLogs(to pending) lacks the tx's Transfer log (${logs.length} logs)`);
    if (filterChanges && !filtered.has(tx.hash)) fail('the pending log filter has not delivered the tx’s log');
  }
  const ownLog = logs?.find((log) => log.transactionHash === tx.hash);
  if (ownLog && BigInt(ownLog.blockNumber) !== n) fail(`eth_getLogs: the tx's log says block ${ownLog.blockNumber}, its receipt ${n}`);

  const nonce = get<Hex>('nonce');
  if (nonce !== undefined && BigInt(nonce) !== BigInt(tx.nonce + 1)) fail(`eth_getTransactionCount(pending) ${BigInt(nonce)}, want ${tx.nonce + 1}`);
  const balance = get<Hex>('balance');
  const expectedBalance = state.balance - BigInt(tx.receipt.gasUsed) * BigInt(tx.receipt.effectiveGasPrice);
  if (balance !== undefined && BigInt(balance) !== expectedBalance) fail(`eth_getBalance(pending) ${BigInt(balance)}, want ${expectedBalance}`);
  if (tx.kind === 'deploy') {
    const code = get<Hex>('code');
    if (code !== undefined && (code === '0x' || code.length < 10)) fail(`eth_getCode(pending) of the new contract is ${code}`);
    // A fresh Counter answers a 32-byte zero; an address without code answers 0x.
    const call = get<Hex>('call');
    if (call !== undefined && call !== `0x${'0'.repeat(64)}`) fail(`eth_call count() of the new contract: ${call}`);
  } else {
    const storage = get<Hex>('storage');
    if (storage !== undefined && BigInt(storage) !== tx.amount) fail(`eth_getStorageAt(pending) balance slot ${storage}, want ${tx.amount}`);
    const call = get<Hex>('call');
    if (call !== undefined && BigInt(call) !== tx.amount) fail(`eth_call balanceOf(pending) ${call}, want ${tx.amount}`);
  }
  if (problems.length > 0)
    report.disagreements.push(`${tx.kind} ${tx.hash} (receipt block ${n} index ${index}; pending ${openingNumber}→${closingNumber}): ${problems.join('; ')}`);
  return { pending: newestPending, latest: latestNumber };
}

/** True when `pending` (a pending block answer) shows block `n` sealed: pending is past it, or is it with its hash. */
function isSealedIn(pending: Block, n: bigint): boolean {
  const number = BigInt(pending.number);
  return number > n || (number === n && pending.hash !== null && pending.hash !== ZERO_HASH);
}

/** True when `pending` is block `n` still open (no hash yet). */
function isOpenIn(pending: Block, n: bigint): boolean {
  return BigInt(pending.number) === n && (pending.hash === null || pending.hash === ZERO_HASH);
}

/**
 * A tx's receipt and status read between the opening and closing pending blocks: same block and
 * index as first shown; sealed (a block hash, stage "sealed") if the opening already showed its
 * block sealed; pre-confirmed (zero hash, stage "preconfirmed") if the closing still shows it open.
 */
function receiptDisagreement(
  tx: ProbedTransaction,
  receipt: Receipt | null | undefined,
  status: { status: string; stage?: string } | undefined,
  opening: Block,
  closing: Block,
): string | undefined {
  const n = BigInt(tx.receipt.blockNumber);
  if (receipt === undefined || status === undefined) return undefined; // the call failed: reported as such
  if (!receipt) return `eth_getTransactionReceipt(${tx.hash}) is null after it was shown`;
  if (receipt.blockNumber !== tx.receipt.blockNumber || receipt.transactionIndex !== tx.receipt.transactionIndex)
    return `eth_getTransactionReceipt(${tx.hash}) moved: block ${receipt.blockNumber} index ${receipt.transactionIndex}`;
  if (status.status !== 'Known' || (status.stage !== 'preconfirmed' && status.stage !== 'sealed'))
    return `chain_transactionStatus(${tx.hash}) is ${JSON.stringify(status)} after its receipt was shown`;
  const sealedReceipt = receipt.blockHash !== ZERO_HASH;
  if (isSealedIn(opening, n) && !sealedReceipt) return `block ${n} was shown sealed, then ${tx.hash}'s receipt still had the zero block hash`;
  if (isSealedIn(opening, n) && status.stage !== 'sealed') return `block ${n} was shown sealed, then ${tx.hash}'s status was ${status.stage}`;
  if (isOpenIn(closing, n) && sealedReceipt) return `${tx.hash}'s receipt had block hash ${receipt.blockHash}, then block ${n} was shown still open`;
  if (isOpenIn(closing, n) && status.stage !== 'preconfirmed') return `${tx.hash}'s status was ${status.stage}, then block ${n} was shown still open`;
  return undefined;
}

/**
 * Judges the re-reads of a sender's earlier transactions (see {@link receiptDisagreement});
 * returns those the batch has not yet shown sealed.
 */
function judgeEarlier(
  earlier: readonly ProbedTransaction[],
  reads: readonly Read[],
  answers: RpcResponse[],
  report: PendingViewProbeReport,
): ProbedTransaction[] {
  const opening = answers[reads.findIndex((read) => read.name === 'opening')]?.result as Block | undefined;
  const closing = answers[reads.findIndex((read) => read.name === 'closing')]?.result as Block | undefined;
  if (!opening || !closing) return [...earlier];
  const stillOpen: ProbedTransaction[] = [];
  for (const tx of earlier) {
    const receiptAt = reads.findIndex((read) => read.earlier === tx && read.name === 'earlierReceipt');
    const statusAt = reads.findIndex((read) => read.earlier === tx && read.name === 'earlierStatus');
    const failed = [answers[receiptAt], answers[statusAt]].find((response) => response?.error);
    if (failed?.error) report.disagreements.push(`earlier ${tx.hash}: ${failed.error.code} ${failed.error.message}`);
    const problem = receiptDisagreement(
      tx,
      answers[receiptAt]?.result as Receipt | null | undefined,
      answers[statusAt]?.result as { status: string; stage?: string } | undefined,
      opening,
      closing,
    );
    if (problem) report.disagreements.push(`earlier tx: ${problem}`);
    const n = BigInt(tx.receipt.blockNumber);
    if (isSealedIn(closing, n)) report.sealsCrossed++;
    else stillOpen.push(tx);
  }
  return stillOpen;
}

/** After an answer about a later block: block N must be sealed, with the tx at its index, and the receipt must carry N's hash. */
async function expectSealed(link: RpcLink, tx: ProbedTransaction, report: PendingViewProbeReport): Promise<void> {
  const [block, receipt] = await link.batch([
    { method: 'eth_getBlockByNumber', params: [tx.receipt.blockNumber, false] },
    { method: 'eth_getTransactionReceipt', params: [tx.hash] },
  ]);
  const sealed = block?.result as Block | null;
  const sealedReceipt = receipt?.result as Receipt | null;
  if (!sealed || sealed.hash === null || sealed.hash === ZERO_HASH || sealed.transactions[Number(tx.receipt.transactionIndex)] !== tx.hash)
    report.disagreements.push(`${tx.hash}: a later pending block was shown, but block ${tx.receipt.blockNumber} is ${JSON.stringify(sealed)?.slice(0, 200)}`);
  else if (sealedReceipt?.blockHash !== sealed.hash)
    report.disagreements.push(`${tx.hash}: sealed in ${sealed.hash} but its receipt says ${sealedReceipt?.blockHash}`);
}

async function pollReceipt(link: RpcLink, hash: Hex): Promise<Receipt> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const receipt = await link.call<Receipt | null>('eth_getTransactionReceipt', [hash]);
    if (receipt) return receipt;
    if (Date.now() > deadline) throw new Error(`no receipt for ${hash} within 10 s`);
    await sleep(2);
  }
}

/** The storage slot of TestToken's balanceOf[holder] (balanceOf is the second variable, slot 1). */
function balanceSlot(holder: Address): Hex {
  return keccak256(encodeAbiParameters([{ type: 'address' }, { type: 'uint256' }], [holder, 1n]));
}

function counterDeployData(): Hex {
  return encodeDeployData({ abi: counterArtifact.abi, bytecode: counterArtifact.bytecode });
}

function hex(value: bigint): Hex {
  return `0x${value.toString(16)}`;
}
