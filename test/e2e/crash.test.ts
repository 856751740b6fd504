/**
 * Durability under kill -9. A node on a real data directory takes a load of signed transfers
 * from several dev accounts; mid-load, with requests in flight, it is SIGKILLed and restarted on
 * the same directory, twice. After each restart:
 *
 *   - every acknowledged tx (eth_sendRawTransaction returned its hash) is still known: in the
 *     pool or on chain, and it gets a receipt;
 *   - every receipt seen before the crash, pre-confirmed or sealed, is served identically
 *     (same block number, index, status, gas; same block hash if it was sealed);
 *   - every sealed block seen before the crash has the same hash;
 *   - the chain keeps producing blocks.
 *
 * At the end, nonces equal the number of included txs per sender and every balance adds up to
 * the genesis balance plus what the ledger says was received, minus what was sent and paid in fees.
 */
import type { Hex } from 'viem';
import { afterAll, describe, expect, it } from 'vitest';
import { cleanupNodeProcesses, type NodeProcess, startNodeProcess } from '../../src/testing/startNodeProcess.js';
import { DEV_ACCOUNTS, pollUntil, sleep, waitForBlockAfter } from './helpers.js';
import { createLedger, type LoadLedger, type RawReceipt, receiptDifferences, recordReceipt, rpcBatch, runTransferLoad } from './transferLoad.js';

const CHAIN_ID = 31337;
const GENESIS_BALANCE = 10_000n * 10n ** 18n;
const SENDERS = DEV_ACCOUNTS.slice(0, 6);
const RECIPIENTS = DEV_ACCOUNTS.slice(6).map((account) => account.address);
const COINBASE: Hex = '0x0000000000000000000000000000000000000000';
const ROUNDS = 2;
const LOAD_MS = 3_000;
const BLOCK_TIME_MS = 2_000;

afterAll(cleanupNodeProcesses);

/** Resolves with performance.now() when eth_blockNumber next changes (polled every 10 ms). */
async function nextHeadChange(url: string): Promise<number> {
  const [start] = await rpcBatch<Hex>(url, [['eth_blockNumber', []]]);
  for (;;) {
    await sleep(10);
    const [head] = await rpcBatch<Hex>(url, [['eth_blockNumber', []]]);
    if (head !== start) return performance.now();
  }
}

/** Checks everything the ledger recorded against a freshly restarted node, then lets pool txs land. */
async function verifyAfterRestart(url: string, ledger: LoadLedger, round: number): Promise<void> {
  // Sealed blocks are unchanged.
  const numbers = [...ledger.blockHashes.keys()];
  const blocks = await rpcBatch<{ hash: Hex } | null>(
    url,
    numbers.map((number) => ['eth_getBlockByNumber', [`0x${number.toString(16)}`, false]]),
  );
  const changedBlocks = numbers.filter((number, index) => blocks[index]?.hash !== ledger.blockHashes.get(number));
  expect(changedBlocks, `round ${round}: sealed blocks changed or lost`).toEqual([]);

  // Receipts seen before the crash are served identically.
  const seen = [...ledger.receipts.values()];
  const fresh = await rpcBatch<RawReceipt | null>(
    url,
    seen.map((receipt) => ['eth_getTransactionReceipt', [receipt.transactionHash]]),
  );
  const lostReceipts = seen.filter((_, index) => fresh[index] === null).map((receipt) => receipt.transactionHash);
  expect(lostReceipts, `round ${round}: receipts seen before the crash are gone`).toEqual([]);
  const changed = seen.flatMap((receipt, index) => receiptDifferences(receipt, fresh[index]!));
  expect(changed, `round ${round}: receipts changed across the crash`).toEqual([]);
  for (const receipt of fresh) recordReceipt(ledger, receipt!);

  // Every acknowledged tx is known (pool or chain). Unacknowledged ones may or may not be.
  const sent = [...ledger.transactions.values()];
  const known = await rpcBatch<{ hash: Hex } | null>(
    url,
    sent.map((transaction) => ['eth_getTransactionByHash', [transaction.hash]]),
  );
  const isKnown = new Set(sent.filter((_, index) => known[index] !== null).map((transaction) => transaction.hash));
  const lostAcked = sent
    .filter((transaction) => transaction.acked && !isKnown.has(transaction.hash))
    .map((transaction) => `${transaction.hash} (nonce ${transaction.nonce})`);
  expect(lostAcked, `round ${round}: acknowledged txs lost`).toEqual([]);
  const survivors = sent.filter((transaction) => !transaction.acked && isKnown.has(transaction.hash));

  let resent = 0;
  // Unacknowledged txs the node lost leave nonce gaps below known ones: resend those (as a
  // client would), forget the lost ones above the highest known nonce, and continue from there.
  for (const account of SENDERS) {
    const sender = account.address.toLowerCase() as Hex;
    const own = sent.filter((transaction) => transaction.sender === sender);
    const maxKnown = Math.max(-1, ...own.filter((transaction) => isKnown.has(transaction.hash)).map((transaction) => transaction.nonce));
    const resend = own.filter((transaction) => !isKnown.has(transaction.hash) && transaction.nonce <= maxKnown);
    const hashes = await rpcBatch<Hex>(
      url,
      resend.map((transaction) => ['eth_sendRawTransaction', [transaction.raw]]),
    );
    expect(hashes).toEqual(resend.map((transaction) => transaction.hash));
    for (const transaction of resend) transaction.acked = true;
    for (const transaction of own) if (!isKnown.has(transaction.hash) && transaction.nonce > maxKnown) ledger.transactions.delete(transaction.hash);
    ledger.nextNonce.set(sender, maxKnown + 1);
    resent += resend.length;
  }

  // Everything now in the ledger lands, successfully.
  await pollUntil(
    async () => {
      const waiting = [...ledger.transactions.values()].filter((transaction) => !ledger.receipts.has(transaction.hash));
      const receipts = await rpcBatch<RawReceipt | null>(
        url,
        waiting.map((transaction) => ['eth_getTransactionReceipt', [transaction.hash]]),
      );
      for (const receipt of receipts) if (receipt) recordReceipt(ledger, receipt);
      return receipts.every((receipt) => receipt !== null);
    },
    { timeoutMs: 10_000, intervalMs: 50, what: `round ${round}: receipts of every acknowledged tx` },
  );
  expect([...ledger.receipts.values()].filter((receipt) => receipt.status !== '0x1')).toEqual([]);
  expect(ledger.inconsistencies, `round ${round}: receipts changed between observations`).toEqual([]);

  // The pending nonce of each sender follows its last tx.
  const pendingNonces = await rpcBatch<Hex>(
    url,
    SENDERS.map((account) => ['eth_getTransactionCount', [account.address, 'pending']]),
  );
  expect(pendingNonces.map((nonce) => Number(BigInt(nonce)))).toEqual(SENDERS.map((account) => ledger.nextNonce.get(account.address.toLowerCase() as Hex)));

  const [head] = await rpcBatch<Hex>(url, [['eth_blockNumber', []]]);
  const unacked = sent.filter((transaction) => !transaction.acked);
  // Unacknowledged txs the node kept (or that were resent) are known now: later rounds must keep them too.
  for (const transaction of survivors) transaction.acked = true;
  console.info(
    `round ${round}: ${sent.length} txs in ledger, ${seen.length} receipts seen before the crash and unchanged, ` +
      `${numbers.length} sealed blocks unchanged, ${unacked.length + resent} unacknowledged at the kill (${survivors.length} survived), ${resent} resent to fill gaps, head ${BigInt(head!)}`,
  );

  // The chain goes on.
  await waitForBlockAfter(url, BigInt(head!), 6_000);
}

/** After everything is sealed: nonces and balances add up exactly. */
async function verifyAccounting(url: string, ledger: LoadLedger): Promise<void> {
  const receipts = [...ledger.receipts.values()];
  const lastBlock = receipts.reduce((highest, receipt) => Math.max(highest, Number(BigInt(receipt.blockNumber))), 0);
  await waitForBlockAfter(url, BigInt(lastBlock - 1), 6_000);
  const sealed = await rpcBatch<RawReceipt>(
    url,
    receipts.map((receipt) => ['eth_getTransactionReceipt', [receipt.transactionHash]]),
  );
  for (const receipt of sealed) recordReceipt(ledger, receipt);
  expect(ledger.inconsistencies).toEqual([]);
  expect(sealed.filter((receipt) => /^0x0+$/.test(receipt.blockHash))).toEqual([]);

  const blockNumbers = [...new Set(sealed.map((receipt) => receipt.blockNumber))];
  const blocks = await rpcBatch<{ baseFeePerGas: Hex; hash: Hex }>(
    url,
    blockNumbers.map((number) => ['eth_getBlockByNumber', [number, false]]),
  );
  const baseFee = new Map(blockNumbers.map((number, index) => [number, BigInt(blocks[index]!.baseFeePerGas)]));
  for (const [index, number] of blockNumbers.entries()) expect(blocks[index]!.hash).toBe(sealed.find((receipt) => receipt.blockNumber === number)!.blockHash);

  const expected = new Map<string, bigint>(DEV_ACCOUNTS.map((account) => [account.address.toLowerCase(), GENESIS_BALANCE]));
  expected.set(COINBASE, 0n);
  const expectedNonce = new Map<string, number>();
  for (const receipt of sealed) {
    const transaction = ledger.transactions.get(receipt.transactionHash)!;
    const gasUsed = BigInt(receipt.gasUsed);
    const price = BigInt(receipt.effectiveGasPrice);
    expected.set(transaction.sender, expected.get(transaction.sender)! - transaction.value - gasUsed * price);
    expected.set(receipt.to!, expected.get(receipt.to!)! + transaction.value);
    expected.set(COINBASE, expected.get(COINBASE)! + gasUsed * (price - baseFee.get(receipt.blockNumber)!));
    expectedNonce.set(transaction.sender, (expectedNonce.get(transaction.sender) ?? 0) + 1);
  }
  const addresses = [...expected.keys()];
  const balances = await rpcBatch<Hex>(
    url,
    addresses.map((address) => ['eth_getBalance', [address, 'latest']]),
  );
  expect(Object.fromEntries(addresses.map((address, index) => [address, BigInt(balances[index]!)]))).toEqual(Object.fromEntries(expected));

  const nonces = await rpcBatch<Hex>(
    url,
    SENDERS.map((account) => ['eth_getTransactionCount', [account.address, 'latest']]),
  );
  expect(nonces.map((nonce) => Number(BigInt(nonce)))).toEqual(SENDERS.map((account) => expectedNonce.get(account.address.toLowerCase()) ?? 0));
  expect(nonces.map((nonce) => Number(BigInt(nonce)))).toEqual(SENDERS.map((account) => ledger.nextNonce.get(account.address.toLowerCase() as Hex)));
}

describe('kill -9 under load', () => {
  it(`keeps every acknowledged tx, receipt and sealed block across ${ROUNDS} crash/restart rounds`, { timeout: 90_000 }, async () => {
    let node: NodeProcess = await startNodeProcess({ storage: 'temp' });
    const dataDir = node.dataDir!;
    const ledger = createLedger();

    for (let round = 1; round <= ROUNDS; round++) {
      let kill!: () => void;
      const killed = new Promise<void>((resolve) => (kill = resolve));
      const load = runTransferLoad(ledger, {
        url: node.url,
        senders: SENDERS,
        recipients: RECIPIENTS,
        concurrencyPerSender: 3,
        stopWhen: killed,
        chainId: CHAIN_ID,
      });
      if (round === 1) {
        // Mid-block: between seals, while sub-blocks are being committed.
        await sleep(LOAD_MS);
      } else {
        // Around a seal: blocks seal on a fixed 2 s grid, so aim at the next seal after the load
        // has run for a while (a seal becomes visible a little after its commit).
        await sleep(LOAD_MS - BLOCK_TIME_MS);
        const sealSeenAt = await nextHeadChange(node.url);
        await sleep(Math.max(0, sealSeenAt + BLOCK_TIME_MS - 10 - performance.now()));
      }
      const receiptsBefore = ledger.receipts.size;
      const exit = await node.kill9();
      kill();
      const { acked, attempted } = await load;
      expect(exit.signal).toBe('SIGKILL');
      expect(ledger.sendErrors).toEqual([]);
      expect(ledger.inconsistencies).toEqual([]);
      // A real load, cut while sends were in flight.
      expect(acked).toBeGreaterThan(100);
      expect(receiptsBefore).toBeGreaterThan(50);
      expect(attempted).toBeGreaterThan(acked);

      node = await startNodeProcess({ storage: { dataDir } });
      await verifyAfterRestart(node.url, ledger, round);
    }

    await verifyAccounting(node.url, ledger);
    expect(await node.stop()).toEqual({ code: 0, signal: null });
  });
});
