/**
 * A fleet on real NATS JetStream servers: a sequencer, replicas that follow its log and forward
 * writes, and a standby that takes over when the sequencer is SIGKILLed.
 *
 *   nats-server (1, or a 3-node cluster with R3 streams)
 *        ▲ log, lease, forwarded writes
 *   sequencer ◀──forwarded writes── replica(s) ◀── viem / raw JSON-RPC
 *        └──── kill -9 ────▶ standby takes the lease, seals the open block as promised
 */
import type { Hex } from 'viem';
import { parseEther } from 'viem';
import { afterAll, describe, expect, it } from 'vitest';
import { TEST_SEQUENCER_KEYS, writeSequencerKeyFile } from '../../src/testing/sequencerKeyFile.js';
import { cleanupNatsClusters, startNatsCluster } from '../../src/testing/startNatsCluster.js';
import { cleanupNodeProcesses, startNodeProcess } from '../../src/testing/startNodeProcess.js';
import { DEV_ACCOUNTS, pollUntil, rpc, rpcResult, signTransfer, sleep, viemClients, waitForBlockAfter } from './helpers.js';
import { createLedger, type RawReceipt, receiptDifferences, rpcBatch, runTransferLoad } from './transferLoad.js';
import { connectWs } from './wsClient.js';

const BLOCK_TIME_MS = 1000;
const TIMING = ['--block-time', String(BLOCK_TIME_MS), '--preconf-interval', '100'];

afterAll(async () => {
  await cleanupNodeProcesses();
  await cleanupNatsClusters();
});

/** A sequencer and a standby sign with the fleet's key; a replica needs none (docs/verifiable-preconfirmations.md). */
function fleetNode(nats: string, role: 'sequencer' | 'replica' | 'standby', storage: 'temp' | { dataDir: string } = 'temp') {
  const key = role === 'replica' ? [] : ['--sequencer-key', writeSequencerKeyFile(TEST_SEQUENCER_KEYS.fleet)];
  return startNodeProcess({ storage, args: ['--nats', nats, '--role', role, ...TIMING, ...key] });
}

describe('replicas', () => {
  it('serve viem as the sequencer would: writes are forwarded, the tx is pending on the replica when the write returns, errors are the sequencer’s', async () => {
    const nats = await startNatsCluster();
    const sequencer = await fleetNode(nats.natsFlag, 'sequencer');
    const replica = await fleetNode(nats.natsFlag, 'replica');
    const { walletClient, publicClient, account } = viemClients(replica.url, 1);

    const recipient = DEV_ACCOUNTS[7]!.address;
    const before = await publicClient.getBalance({ address: recipient });
    const hash = await walletClient.sendTransaction({ to: recipient, value: parseEther('1') });
    // Forwarded, yet already in this replica's pending state: the next nonce counts it.
    expect(await publicClient.getTransactionCount({ address: account.address, blockTag: 'pending' })).toBe(1);
    const receipt = await publicClient.waitForTransactionReceipt({ hash, pollingInterval: 20 });
    expect(receipt.status).toBe('success');
    expect(await publicClient.getBalance({ address: recipient, blockTag: 'pending' })).toBe(before + parseEther('1'));

    // The same receipt and, once sealed, the same block on both.
    const sealed = await waitForBlockAfter(replica.url, receipt.blockNumber - 1n);
    const onReplica = await rpcResult<{ hash: Hex; stateRoot: Hex }>(replica.url, 'eth_getBlockByNumber', [`0x${sealed.toString(16)}`, false]);
    const onSequencer = await rpcResult<{ hash: Hex; stateRoot: Hex }>(sequencer.url, 'eth_getBlockByNumber', [`0x${sealed.toString(16)}`, false]);
    expect(onReplica.hash).toBe(onSequencer.hash);

    // A refused write answers exactly what the sequencer answers.
    const stale = await signTransfer(1, 0);
    const [viaReplica, direct] = [await rpc(replica.url, 'eth_sendRawTransaction', [stale]), await rpc(sequencer.url, 'eth_sendRawTransaction', [stale])];
    expect(viaReplica.error).toBeDefined();
    expect(viaReplica.error).toEqual(direct.error);
    const garbage = await rpc(replica.url, 'eth_sendRawTransaction', ['0x1234']);
    expect(garbage.error).toEqual((await rpc(sequencer.url, 'eth_sendRawTransaction', ['0x1234'])).error);

    // /ready says what each node is doing; /metrics counts the forwarded calls.
    expect(await (await fetch(`${replica.url}/ready`)).json()).toMatchObject({ status: 'ready', role: 'replica', state: 'following' });
    expect(await (await fetch(`${sequencer.url}/ready`)).json()).toMatchObject({ status: 'ready', role: 'sequencer', state: 'sequencing' });
    expect(await (await fetch(`${replica.url}/metrics`)).text()).toMatch(/sequin_fleet_forwarded_calls\{outcome="ok"\} [1-9]/);
  }, 40_000);

  it('follow a sequencer in instant mining: each block, its sub-block and its seal made in one commit, is the sequencer’s', async () => {
    const nats = await startNatsCluster();
    const sequencer = await startNodeProcess({ storage: 'temp', args: ['--nats', nats.natsFlag, '--role', 'sequencer', '--mining', 'instant'] });
    const replica = await fleetNode(nats.natsFlag, 'replica');
    for (let nonce = 0; nonce < 4; nonce++) {
      const hash = await rpcResult<Hex>(replica.url, 'eth_sendRawTransaction', [await signTransfer(3, nonce)]);
      // Mined before the forwarded send answered, and applied by the replica before it answered too.
      const receipt = await rpcResult<{ blockNumber: Hex; status: Hex }>(replica.url, 'eth_getTransactionReceipt', [hash]);
      expect(receipt).toMatchObject({ blockNumber: `0x${(nonce + 1).toString(16)}`, status: '0x1' });
    }
    // A block with no transaction: a seal alone.
    await rpcResult(replica.url, 'evm_mine');
    expect(await rpcResult<Hex>(sequencer.url, 'eth_blockNumber')).toBe('0x5');
    await pollUntil(async () => (BigInt(await rpcResult<Hex>(replica.url, 'eth_blockNumber')) === 5n ? true : undefined), {
      timeoutMs: 5_000,
      what: 'block 5 on the replica',
    });
    for (let number = 1; number <= 5; number++) {
      const tag = `0x${number.toString(16)}`;
      const [onReplica, onSequencer] = await Promise.all(
        [replica.url, sequencer.url].map((url) => rpcResult<{ hash: Hex; stateRoot: Hex }>(url, 'eth_getBlockByNumber', [tag, false])),
      );
      expect(onReplica?.hash, `block ${number}`).toBe(onSequencer?.hash);
    }
  }, 40_000);

  it('resume after kill -9 from the position they applied, with the sequencer’s chain', async () => {
    const nats = await startNatsCluster();
    const sequencer = await fleetNode(nats.natsFlag, 'sequencer');
    const replica = await fleetNode(nats.natsFlag, 'replica');
    for (let nonce = 0; nonce < 5; nonce++) await rpcResult(sequencer.url, 'eth_sendRawTransaction', [await signTransfer(2, nonce)]);
    await pollUntil(async () => BigInt(await rpcResult<Hex>(replica.url, 'eth_getTransactionCount', [DEV_ACCOUNTS[2]!.address, 'latest'])) === 5n, {
      timeoutMs: 10_000,
      what: 'the replica to apply five txs',
    });
    await replica.kill9();
    for (let nonce = 5; nonce < 10; nonce++) await rpcResult(sequencer.url, 'eth_sendRawTransaction', [await signTransfer(2, nonce)]);
    const restarted = await fleetNode(nats.natsFlag, 'replica', { dataDir: replica.dataDir! });
    const head = await waitForBlockAfter(sequencer.url, BigInt(await rpcResult<Hex>(sequencer.url, 'eth_blockNumber')));
    await waitForBlockAfter(restarted.url, head - 1n);
    const numbers = Array.from({ length: Number(head) }, (_, index) => `0x${(index + 1).toString(16)}`);
    const hashesOf = async (url: string) =>
      (
        await rpcBatch<{ hash: Hex }>(
          url,
          numbers.map((number) => ['eth_getBlockByNumber', [number, false]]),
        )
      ).map((block) => block.hash);
    expect(await hashesOf(restarted.url)).toEqual(await hashesOf(sequencer.url));
    expect(BigInt(await rpcResult<Hex>(restarted.url, 'eth_getTransactionCount', [DEV_ACCOUNTS[2]!.address, 'latest']))).toBe(10n);
  }, 40_000);
});

describe('a replica killed mid-load', () => {
  it('resumes a newPreconfBlockTransactions stream from the client’s last cursor with no gap and no duplicate', async () => {
    const nats = await startNatsCluster();
    const sequencer = await fleetNode(nats.natsFlag, 'sequencer');
    const replica = await fleetNode(nats.natsFlag, 'replica');
    const TOTAL = 60;
    const KEPT = 15;
    const raws: Hex[] = [];
    for (let i = 0; i < TOTAL; i++) raws.push(await signTransfer(3 + (i % 3), Math.floor(i / 3)));

    const before = await connectWs(replica.url);
    const subscription = await before.subscribe('newPreconfBlockTransactions', { full: true });
    // Five transfers every ~50 ms to the sequencer, going on while the replica dies and restarts.
    const load = (async () => {
      for (let i = 0; i < TOTAL; i += 5) {
        await rpcBatch<Hex>(
          sequencer.url,
          raws.slice(i, i + 5).map((raw) => ['eth_sendRawTransaction', [raw]]),
        );
        await sleep(50);
      }
    })();
    // The client keeps the first KEPT notifications; then the replica dies without a chance to shut down.
    const kept = (await before.waitFor(subscription, KEPT, 20_000)).slice(0, KEPT);
    await replica.kill9();
    before.close();
    const restarted = await fleetNode(nats.natsFlag, 'replica', { dataDir: replica.dataDir! });
    const cursor = kept.at(-1)!.cursor!;
    const after = await connectWs(restarted.url);
    const resumed = await after.subscribe('newPreconfBlockTransactions', {
      full: true,
      after: { blockNumber: cursor.blockNumber, transactionIndex: cursor.transactionIndex },
    });
    await load;
    const replayed = await after.waitFor(resumed, TOTAL - KEPT, 20_000);
    await sleep(500);
    expect(after.notifications.get(resumed)).toHaveLength(TOTAL - KEPT);

    // Together: every transfer once, in the sequencer's order, at the sequencer's positions.
    const stream = [...kept, ...replayed].map((notification) => ({
      hash: (notification.result as { hash: Hex }).hash,
      position: [BigInt(notification.cursor!.blockNumber), BigInt(notification.cursor!.transactionIndex)],
    }));
    const receipts = await rpcBatch<{ transactionHash: Hex; blockNumber: Hex; transactionIndex: Hex }>(
      sequencer.url,
      stream.map(({ hash }) => ['eth_getTransactionReceipt', [hash]]),
    );
    expect(new Set(stream.map(({ hash }) => hash)).size).toBe(TOTAL);
    expect(stream.map(({ position }) => position)).toEqual(receipts.map((receipt) => [BigInt(receipt.blockNumber), BigInt(receipt.transactionIndex)]));
    const ordered = [...stream].sort((a, b) =>
      a.position[0]! === b.position[0]! ? Number(a.position[1]! - b.position[1]!) : Number(a.position[0]! - b.position[0]!),
    );
    expect(stream).toEqual(ordered);
    after.close();
  }, 60_000);
});

describe('read positions', () => {
  it('a client alternating between two replicas, sending back the position it last saw, never sees pending go backwards', async () => {
    const nats = await startNatsCluster();
    const sequencer = await fleetNode(nats.natsFlag, 'sequencer');
    const replicas = [await fleetNode(nats.natsFlag, 'replica'), await fleetNode(nats.natsFlag, 'replica')];
    let sending = true;
    const load = (async () => {
      for (let nonce = 0; sending; nonce++) await rpcResult(sequencer.url, 'eth_sendRawTransaction', [await signTransfer(3, nonce)]);
    })();
    let position: string | undefined;
    let last = { number: 0n, transactions: 0 };
    const backwards: string[] = [];
    for (let request = 0; request < 60; request++) {
      const url = replicas[request % 2]!.url;
      const response = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...(position ? { 'Sequin-Position': position } : {}) },
        body: JSON.stringify({ jsonrpc: '2.0', id: request, method: 'eth_getBlockByNumber', params: ['pending', false] }),
      });
      position = response.headers.get('sequin-position') ?? undefined;
      expect(position).toMatch(/^\d+\.\d+$/);
      const block = ((await response.json()) as { result: { number: Hex; transactions: Hex[] } }).result;
      const seen = { number: BigInt(block.number), transactions: block.transactions.length };
      if (seen.number < last.number || (seen.number === last.number && seen.transactions < last.transactions)) {
        backwards.push(`request ${request}: pending ${seen.number}/${seen.transactions} after ${last.number}/${last.transactions}`);
      }
      last = seen;
      await sleep(15);
    }
    sending = false;
    await load;
    expect(backwards).toEqual([]);
    expect(last.number).toBeGreaterThan(1n);
  }, 40_000);
});

describe('failover', () => {
  it('a standby sequences within two block times of a kill -9 and keeps every acknowledged tx and every pre-confirmation', async () => {
    const nats = await startNatsCluster({ size: 3 });
    const sequencer = await fleetNode(nats.natsFlag, 'sequencer');
    const standby = await fleetNode(nats.natsFlag, 'standby');
    const ledger = createLedger();
    let killedAt = 0;
    const kill = sleep(2_500).then(async () => {
      killedAt = performance.now();
      await sequencer.kill9();
    });
    const load = runTransferLoad(ledger, {
      url: sequencer.url,
      senders: DEV_ACCOUNTS.slice(0, 4),
      recipients: DEV_ACCOUNTS.slice(6).map((account) => account.address),
      concurrencyPerSender: 2,
      stopWhen: kill,
      chainId: 31337,
    });
    await kill;
    // The standby sequences: its pending block gets a sub-block or a new block is sealed.
    const headAtKill = BigInt(await rpcResult<Hex>(standby.url, 'eth_blockNumber'));
    await waitForBlockAfter(standby.url, headAtKill, 10_000);
    const takeoverMs = performance.now() - killedAt;
    const { acked } = await load;
    expect(acked).toBeGreaterThan(0);
    expect(ledger.sendErrors).toEqual([]);
    expect(takeoverMs).toBeLessThan(2 * BLOCK_TIME_MS + 1_000);

    // Every acknowledged tx gets a receipt from the new sequencer; every receipt seen before keeps its block, index and outcome.
    const ackedHashes = [...ledger.transactions.values()].filter((sent) => sent.acked).map((sent) => sent.hash);
    const receipts = await pollUntil(
      async () => {
        const fresh = await rpcBatch<RawReceipt | null>(
          standby.url,
          ackedHashes.map((hash) => ['eth_getTransactionReceipt', [hash]]),
        );
        return fresh.every((receipt) => receipt !== null) ? (fresh as RawReceipt[]) : undefined;
      },
      { timeoutMs: 10_000, intervalMs: 100, what: 'receipts of every acknowledged tx on the standby' },
    );
    const changed = receipts.flatMap((receipt) => {
      const seen = ledger.receipts.get(receipt.transactionHash);
      return seen ? receiptDifferences(seen, receipt) : [];
    });
    expect(changed).toEqual([]);
    const sealedBefore = [...ledger.blockHashes.entries()];
    const blocks = await rpcBatch<{ hash: Hex }>(
      standby.url,
      sealedBefore.map(([number]) => ['eth_getBlockByNumber', [`0x${number.toString(16)}`, false]]),
    );
    expect(blocks.map((block) => block.hash)).toEqual(sealedBefore.map(([, hash]) => hash));
    expect(await (await fetch(`${standby.url}/ready`)).json()).toMatchObject({ status: 'ready', role: 'standby', state: 'sequencing' });
    expect(await (await fetch(`${standby.url}/metrics`)).text()).toMatch(/sequin_fleet_lease_held 1/);
    console.info(`failover: ${acked} acknowledged txs, standby sequencing ${Math.round(takeoverMs)} ms after kill -9, ${ledger.receipts.size} receipts kept`);
  }, 60_000);
});
