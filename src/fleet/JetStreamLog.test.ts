import { jetstreamManager } from '@nats-io/jetstream';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BlockProducer } from '../sequencer/BlockProducer.js';
import type { LoggedOpenBlockHeader } from '../sequencer/OpenBlock.js';
import type { SealRecord } from '../sequencer/SequencerLog.js';
import { signPoolTx, testSigner } from '../testing/signedTransactions.js';
import { silentLogger } from '../testing/silentLogger.js';
import { cleanupNatsClusters, startNatsCluster } from '../testing/startNatsCluster.js';
import type { PoolTransaction } from '../txpool/PoolTransaction.js';
import type { TransactionIntake } from '../txpool/TransactionIntake.js';
import { JetStreamLog, MAX_MESSAGE_BYTES, NotLeadingError } from './JetStreamLog.js';
import { decodeLogEntry } from './LogEntry.js';
import { LogFollower, LogRetentionGapError } from './LogFollower.js';

let connection: NatsConnection;

/** The header of an empty block `number`, as a seal logs it. */
function openHeader(number: number): LoggedOpenBlockHeader {
  return {
    number,
    timestamp: BigInt(number),
    baseFeePerGas: 1_000_000_000n,
    gasLimit: 30_000_000n,
    coinbase: new Uint8Array(20),
    parentHash: new Uint8Array(32).fill(number),
    parentStateRoot: new Uint8Array(32).fill(7),
    openedAtMs: number * 1_000,
    notBeforeMs: number * 1_000,
    spends: {},
  };
}

beforeAll(async () => {
  const nats = await startNatsCluster();
  connection = await connect({ servers: nats.urls });
  const manager = await jetstreamManager(connection);
  await manager.streams.add({ name: 'LOG', subjects: ['log'] });
  await manager.streams.add({ name: 'BIG', subjects: ['big'] });
  await manager.streams.add({ name: 'KEPT', subjects: ['kept'] });
}, 30_000);

afterAll(async () => {
  await connection?.close();
  await cleanupNatsClusters();
});

describe('JetStreamLog', () => {
  it('groups transactions accepted together into one message, and fences out a writer that is behind', async () => {
    const client = (await jetstreamManager(connection)).jetstream();
    const leader = new JetStreamLog(client, 'log', silentLogger);
    leader.lead(0);
    const transactions = await Promise.all([0, 1, 2].map((nonce) => signPoolTx(testSigner(0), { nonce })));
    await Promise.all(transactions.map((transaction) => leader.recordAccepted(transaction)));
    // Accepted together, they share one message: one round trip for all three.
    expect(leader.lastSequence).toBe(1);
    const first = decodeLogEntry((await (await jetstreamManager(connection)).streams.getMessage('LOG', { seq: 1 }))!.data);
    expect(first.kind === 'transactions' && first.raws.length).toBe(3);

    // A second writer that believes the log ends before that message cannot append, and says so once.
    const deposed = new JetStreamLog(client, 'log', silentLogger);
    let fenced = 0;
    deposed.onFenced = () => fenced++;
    deposed.lead(0);
    await expect(deposed.recordAccepted(await signPoolTx(testSigner(0), { nonce: 3 }))).rejects.toBeInstanceOf(NotLeadingError);
    expect(fenced).toBe(1);
    await expect(deposed.recordAccepted(await signPoolTx(testSigner(0), { nonce: 4 }))).rejects.toBeInstanceOf(NotLeadingError);
    expect((await (await jetstreamManager(connection)).streams.info('LOG')).state.last_seq).toBe(1);

    // The leader goes on after its own last message.
    await leader.recordAccepted(await signPoolTx(testSigner(0), { nonce: 5 }));
    expect(leader.lastSequence).toBe(2);
  });

  it('refuses every append once this node stops leading, so a step under way when it steps down commits nothing the log lacks', async () => {
    const manager = await jetstreamManager(connection);
    const log = new JetStreamLog(manager.jetstream(), 'steps', silentLogger);
    await manager.streams.add({ name: 'STEPS', subjects: ['steps'] });
    log.lead(0);
    const seal: SealRecord = { open: openHeader(1), hash: `0x${'11'.repeat(32)}`, nextOpensAtMs: 2_000 };
    await log.append({ seal });
    expect(log.lastSequence).toBe(1);
    // The lease was lost mid-step: what the step appends next must fail, not pass silently.
    log.follow();
    await expect(log.append({ seal: { ...seal, open: openHeader(2) } })).rejects.toBeInstanceOf(NotLeadingError);
    await expect(log.recordDropped([`0x${'22'.repeat(32)}`])).rejects.toBeInstanceOf(NotLeadingError);
    await expect(log.recordAccepted(await signPoolTx(testSigner(2), { nonce: 0 }))).rejects.toBeInstanceOf(NotLeadingError);
    expect((await manager.streams.info('STEPS')).state.last_seq).toBe(1);
    const logged = decodeLogEntry((await manager.streams.getMessage('STEPS', { seq: 1 }))!.data);
    expect(logged).toEqual({ kind: 'commit', commit: { seal } });
  });

  it('splits an entry larger than a message into parts that a follower joins again', async () => {
    const client = (await jetstreamManager(connection)).jetstream();
    const leader = new JetStreamLog(client, 'big', silentLogger);
    leader.lead(0);
    const raws = [1, 2, 3].map((fill) => new Uint8Array(200_000).fill(fill));
    await Promise.all(raws.map((raw) => leader.recordAccepted({ raw } as PoolTransaction)));
    // Hex doubles the bytes: 1.2 MB of entry in parts of at most MAX_MESSAGE_BYTES.
    expect(leader.lastSequence).toBe(Math.ceil((6 * 200_000) / MAX_MESSAGE_BYTES));

    const mirrored: Uint8Array[] = [];
    const followerLog = new JetStreamLog(client, 'big', silentLogger);
    const follower = new LogFollower({
      client,
      stream: 'BIG',
      log: followerLog,
      producer: {} as BlockProducer,
      intake: { mirror: async (raws: Uint8Array[]) => void mirrored.push(...raws) } as unknown as TransactionIntake,
      logger: silentLogger,
    });
    await follower.start();
    expect(await follower.waitFor(leader.lastSequence, 10_000)).toBe(true);
    await follower.stop();
    expect(mirrored).toEqual(raws);
  });

  it('a follower whose next message retention dropped stops with the reason instead of applying what follows', async () => {
    const manager = await jetstreamManager(connection);
    const client = manager.jetstream();
    const leader = new JetStreamLog(client, 'kept', silentLogger);
    leader.lead(0);
    const signed = await Promise.all([0, 1, 2, 3].map((nonce) => signPoolTx(testSigner(1), { nonce })));
    // One at a time: four messages.
    for (const transaction of signed) await leader.recordAccepted(transaction);
    expect(leader.lastSequence).toBe(4);

    const followerAt = async (applied: number) => {
      const mirrored: Uint8Array[] = [];
      const log = new JetStreamLog(client, 'kept', silentLogger);
      log.applying(applied);
      const follower = new LogFollower({
        client,
        stream: 'KEPT',
        log,
        producer: {} as BlockProducer,
        intake: { mirror: async (raws: Uint8Array[]) => void mirrored.push(...raws) } as unknown as TransactionIntake,
        logger: silentLogger,
      });
      await follower.start();
      return { follower, mirrored };
    };
    // Retention drops messages 1 and 2 (as max age or max bytes would).
    await manager.streams.purge('KEPT', { keep: 2 });

    // Down since message 1: it needs message 2, which is gone.
    const behind = await followerAt(1);
    expect(behind.follower.failure).toBeInstanceOf(LogRetentionGapError);
    expect((behind.follower.failure as Error).message).toContain('no longer holds message 2');
    expect(behind.mirrored).toEqual([]);

    // One that applied message 2 resumes with 3 and 4.
    const current = await followerAt(2);
    expect(await current.follower.waitFor(4, 10_000)).toBe(true);
    await current.follower.stop();
    expect(current.follower.failure).toBeUndefined();
    expect(current.mirrored).toEqual(signed.slice(2).map((transaction) => transaction.raw));
  });
});
