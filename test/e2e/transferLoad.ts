/**
 * A load of signed transfers against a running node, for the crash tests: several senders, each
 * with a few raw sends in flight, while a watcher records every receipt and sealed block it sees.
 *
 *   senders ──eth_sendRawTransaction (bounded concurrency)──▶ node ──▶ acked hashes
 *   watcher ──eth_getTransactionReceipt (batched) / eth_blockNumber / eth_getBlockByNumber──▶ seen receipts, block hashes
 *
 * Everything recorded lives in a {@link LoadLedger} that outlives the node process, so a test can
 * kill the node mid-load, restart it, and compare.
 */
import type { Hex, PrivateKeyAccount } from 'viem';
import { keccak256 } from 'viem';
import { sleep } from './helpers.js';

/** A receipt as served (hex fields). */
export interface RawReceipt {
  transactionHash: Hex;
  blockHash: Hex;
  blockNumber: Hex;
  transactionIndex: Hex;
  status: Hex;
  gasUsed: Hex;
  cumulativeGasUsed: Hex;
  effectiveGasPrice: Hex;
  from: Hex;
  to: Hex | null;
  type: Hex;
  logs: Array<Record<string, unknown>>;
  [field: string]: unknown;
}

/** One transaction the load signed (whether or not the node acknowledged it). */
export interface SentTransaction {
  hash: Hex;
  raw: Hex;
  sender: Hex;
  nonce: number;
  value: bigint;
  /** True once eth_sendRawTransaction returned its hash. */
  acked: boolean;
}

/** What a load saw, across any number of node processes. */
export interface LoadLedger {
  transactions: Map<Hex, SentTransaction>;
  /** The last receipt seen for each hash, from eth_getTransactionReceipt or eth_getBlockReceipts. */
  receipts: Map<Hex, RawReceipt>;
  /** Hashes of sealed blocks seen, by number. */
  blockHashes: Map<number, Hex>;
  /** Next nonce to use, per sender address (lower case). */
  nextNonce: Map<Hex, number>;
  /** Receipts that changed between two observations in a way they never may. */
  inconsistencies: string[];
  /** JSON-RPC errors the node answered sends with (a healthy load has none). */
  sendErrors: string[];
}

export function createLedger(): LoadLedger {
  return { transactions: new Map(), receipts: new Map(), blockHashes: new Map(), nextNonce: new Map(), inconsistencies: [], sendErrors: [] };
}

/** The receipt fields that must never change once a receipt has been served (blockHash may go zero → real). */
export const STABLE_RECEIPT_FIELDS = [
  'transactionHash',
  'blockNumber',
  'transactionIndex',
  'status',
  'gasUsed',
  'cumulativeGasUsed',
  'effectiveGasPrice',
  'from',
  'to',
  'type',
  'contractAddress',
  'logsBloom',
] as const;

/** The differences between two observations of one receipt, as sentences (empty when consistent). */
export function receiptDifferences(before: RawReceipt, after: RawReceipt): string[] {
  const problems: string[] = [];
  for (const field of STABLE_RECEIPT_FIELDS) {
    if (JSON.stringify(before[field]) !== JSON.stringify(after[field]))
      problems.push(`${before.transactionHash} ${field}: ${JSON.stringify(before[field])} → ${JSON.stringify(after[field])}`);
  }
  const logs = (receipt: RawReceipt) => JSON.stringify(receipt.logs.map(({ blockHash: _ignored, ...log }) => log));
  if (logs(before) !== logs(after)) problems.push(`${before.transactionHash} logs changed`);
  const zero = `0x${'00'.repeat(32)}`;
  if (before.blockHash !== zero && before.blockHash !== after.blockHash)
    problems.push(`${before.transactionHash} blockHash: ${before.blockHash} → ${after.blockHash}`);
  return problems;
}

/**
 * POSTs JSON-RPC calls as batches of at most 500 (the node allows 1000); returns each call's
 * result in call order, or throws on the first error.
 */
export async function rpcBatch<T = unknown>(url: string, calls: Array<[method: string, params: unknown[]]>, timeoutMs = 10_000): Promise<T[]> {
  const results: T[] = [];
  for (let start = 0; start < calls.length; start += 500) {
    const chunk = calls.slice(start, start + 500);
    const response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(chunk.map(([method, params], id) => ({ jsonrpc: '2.0', id, method, params }))),
      signal: AbortSignal.timeout(timeoutMs),
    });
    const answers = (await response.json()) as Array<{ id: number; result?: T; error?: { code: number; message: string } }>;
    if (!Array.isArray(answers) || answers.length !== chunk.length) throw new Error(`unexpected batch answer: ${JSON.stringify(answers).slice(0, 300)}`);
    for (const answer of answers) {
      if (answer.error) throw new Error(`${chunk[answer.id]![0]}: ${answer.error.code} ${answer.error.message}`);
      results[start + answer.id] = answer.result as T;
    }
  }
  return results;
}

/** Records a receipt observation, noting any change to a field that must be stable. */
export function recordReceipt(ledger: LoadLedger, receipt: RawReceipt): void {
  const previous = ledger.receipts.get(receipt.transactionHash);
  if (previous) ledger.inconsistencies.push(...receiptDifferences(previous, receipt));
  ledger.receipts.set(receipt.transactionHash, receipt);
}

/** Options of {@link runTransferLoad}. */
export interface TransferLoadOptions {
  url: string;
  senders: PrivateKeyAccount[];
  recipients: Hex[];
  /** Raw sends in flight per sender. */
  concurrencyPerSender: number;
  /** Resolves when the load should stop (e.g. right after the node was killed). */
  stopWhen: Promise<unknown>;
  chainId: number;
}

/**
 * Runs the load until `stopWhen` settles, then waits for every send and watcher request in
 * flight to finish (they fail once the node is gone). Returns how many sends were acknowledged.
 */
export async function runTransferLoad(ledger: LoadLedger, options: TransferLoadOptions): Promise<{ acked: number; attempted: number }> {
  let stopped = false;
  void options.stopWhen.finally(() => (stopped = true));
  let acked = 0;
  let attempted = 0;

  const sendLoop = async (account: PrivateKeyAccount, worker: number) => {
    const sender = account.address.toLowerCase() as Hex;
    let round = worker;
    while (!stopped) {
      const nonce = ledger.nextNonce.get(sender) ?? 0;
      ledger.nextNonce.set(sender, nonce + 1);
      const to = options.recipients[round++ % options.recipients.length]!;
      const value = BigInt(1_000 + nonce);
      const raw = await account.signTransaction({
        chainId: options.chainId,
        nonce,
        to,
        value,
        gas: 21_000n,
        maxFeePerGas: 20_000_000_000n,
        maxPriorityFeePerGas: 1_000_000n,
      });
      const hash = keccak256(raw);
      const sent: SentTransaction = { hash, raw, sender, nonce, value, acked: false };
      ledger.transactions.set(hash, sent);
      attempted++;
      try {
        const response = await fetch(options.url, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_sendRawTransaction', params: [raw] }),
          signal: AbortSignal.timeout(10_000),
        });
        const answer = (await response.json()) as { result?: Hex; error?: { message: string } };
        if (answer.result === hash) {
          sent.acked = true;
          acked++;
        } else {
          ledger.sendErrors.push(`${hash} nonce ${nonce}: ${JSON.stringify(answer)}`);
        }
      } catch {
        // The node went away mid-request: this tx is unacknowledged, its fate unknown.
        return;
      }
    }
  };

  const watch = async () => {
    while (!stopped) {
      try {
        const missing = [...ledger.transactions.values()].filter((transaction) => transaction.acked && !ledger.receipts.has(transaction.hash)).slice(0, 500);
        const receipts = await rpcBatch<RawReceipt | null>(
          options.url,
          missing.map((transaction) => ['eth_getTransactionReceipt', [transaction.hash]]),
        );
        for (const receipt of receipts) if (receipt) recordReceipt(ledger, receipt);
        const head = Number(BigInt((await rpcBatch<Hex>(options.url, [['eth_blockNumber', []]]))[0]!));
        const unseen: number[] = [];
        for (let number = 1; number <= head; number++) if (!ledger.blockHashes.has(number)) unseen.push(number);
        const blocks = await rpcBatch<{ hash: Hex; number: Hex }>(
          options.url,
          unseen.map((number) => ['eth_getBlockByNumber', [`0x${number.toString(16)}`, false]]),
        );
        const blockReceipts = await rpcBatch<RawReceipt[]>(
          options.url,
          unseen.map((number) => ['eth_getBlockReceipts', [`0x${number.toString(16)}`]]),
        );
        for (const block of blocks) ledger.blockHashes.set(Number(BigInt(block.number)), block.hash);
        for (const receipts of blockReceipts)
          for (const receipt of receipts) if (ledger.transactions.has(receipt.transactionHash)) recordReceipt(ledger, receipt);
      } catch {
        return; // the node went away
      }
      await sleep(30);
    }
  };

  const loops = options.senders.flatMap((account) => Array.from({ length: options.concurrencyPerSender }, (_, worker) => sendLoop(account, worker)));
  await Promise.all([...loops, watch()]);
  return { acked, attempted };
}
