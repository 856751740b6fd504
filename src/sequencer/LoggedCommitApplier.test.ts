// A follower applying the sequencer's log, without NATS: the sequencer's producer appends each commit to
// an in-memory log (round-tripped through the fleet's wire encoding), and a second node with the same
// genesis applies them through its producer (LoggedCommitApplier). The follower must end on the same
// chain, serve the same receipts, state and signed commitments (each logged as an entry of its own right
// after its sub-block), announce what it applied, and refuse a commit that does not follow its chain or
// whose seal it does not reach.

import { afterEach, describe, expect, it } from 'vitest';
import { decodeLogEntry, encodeLogEntry } from '../fleet/LogEntry.js';
import type { BlockSelector } from '../primitives/blockTag.js';
import { type Hex, hexToBytes } from '../primitives/hex.js';
import { createTestChain, type TestChain } from '../testing/createTestChain.js';
import { sendTestTransaction, signTestTransaction } from '../testing/sendTestTransaction.js';
import { TEST_SEQUENCER_KEYS } from '../testing/sequencerKeyFile.js';
import { submitTestTokenDeployment } from '../testing/testToken.js';
import { LOCAL_ONLY_SEQUENCER_LOG, type LoggedCommit, type SequencerLog } from './SequencerLog.js';

const INTERVAL = 200;
const BLOCK_TIME = 2000;
const DEAD: Hex = '0x000000000000000000000000000000000000dead';
const LATEST: BlockSelector = { kind: 'tag', tag: 'latest' };
const PENDING: BlockSelector = { kind: 'tag', tag: 'pending' };

const chains: TestChain[] = [];

afterEach(async () => {
  await Promise.all(chains.splice(0).map((chain) => chain.close()));
});

/** A log that keeps every commit as the wire carries it. */
function memoryLog(): SequencerLog & { commits: LoggedCommit[] } {
  const commits: LoggedCommit[] = [];
  return {
    ...LOCAL_ONLY_SEQUENCER_LOG,
    commits,
    append: async (commit) => {
      const entry = decodeLogEntry(encodeLogEntry({ kind: 'commit', commit }));
      if (entry.kind === 'commit') commits.push(entry.commit);
    },
  };
}

/** A sequencer with an in-memory log that made two sub-blocks (transactions, then a state edit and a deployment) and sealed the block. */
async function sequencerWithLog(): Promise<{ sequencer: TestChain; log: ReturnType<typeof memoryLog>; hashes: Hex[] }> {
  const log = memoryLog();
  const sequencer = await createTestChain({}, { log });
  chains.push(sequencer);
  const [alice, bob] = sequencer.accounts;
  const hashes = [await sendTestTransaction(sequencer, alice!, { to: DEAD, value: 5n, gas: 21_000n })];
  await sequencer.clock.advance(INTERVAL);
  await sequencer.sequencer.editState({ description: 'setBalance 0xdead', apply: (state) => state.setBalance(hexToBytes(DEAD), 10n ** 18n) });
  hashes.push(await submitTestTokenDeployment(sequencer, bob!));
  await sequencer.clock.advance(BLOCK_TIME - INTERVAL);
  return { sequencer, log, hashes };
}

async function follower(): Promise<TestChain> {
  const chain = await createTestChain({}, { start: false });
  chains.push(chain);
  return chain;
}

function kindOf(commit: LoggedCommit): string {
  return [commit.subBlock && 'subBlock', commit.seal && 'seal', commit.commitment && 'commitment'].filter(Boolean).join('+');
}

describe('LoggedCommitApplier (a follower applying the fleet log, without NATS)', () => {
  it('follows sub-block by sub-block, then seals the same block, serving the same receipts and state', async () => {
    const { sequencer, log, hashes } = await sequencerWithLog();
    // Each sub-block's commitment is an entry of its own, after its sub-block's and before the next one's.
    expect(log.commits.map(kindOf)).toEqual(['subBlock', 'commitment', 'subBlock', 'commitment', 'subBlock', 'commitment', 'seal']);
    const replica = await follower();
    const announced: string[] = [];
    replica.events.on('subBlock', ({ blockNumber, index }) => announced.push(`subBlock ${blockNumber}.${index}`));
    replica.events.on('subBlockCommitment', ({ blockNumber, index }) => announced.push(`commitment ${blockNumber}.${index}`));
    replica.events.on('sealedBlock', ({ number }) => announced.push(`sealedBlock ${number}`));

    await replica.producer.applyLogged(log.commits[0]!);
    // Pre-confirmed on the follower: the pending state and the receipt, before any seal.
    expect(replica.backend.blocks.getTransactionReceipt(hashes[0]!)).toMatchObject({ status: '0x1', blockNumber: '0x1' });
    expect(replica.backend.state.getBalance(hexToBytes(DEAD), PENDING)).toBe(5n);
    // Its commitment is not there yet: sequin_getCommitments shows none until the log's entry is applied.
    expect(replica.backend.preconfirmations.getCommitments(1n)).toEqual([]);
    await replica.producer.applyLogged(log.commits[1]!);
    expect(replica.backend.preconfirmations.getCommitments(1n)).toEqual([sequencer.backend.preconfirmations.getCommitments(1n)[0]]);
    const preconfirmed = await replica.backend.preconfirmations.getPreconfirmation(hashes[0]!);
    expect(preconfirmed?.signature).toBe(sequencer.backend.preconfirmations.getCommitments(1n)[0]!.signature);
    for (const commit of log.commits.slice(2)) await replica.producer.applyLogged(commit);

    expect(announced).toEqual(['subBlock 1.0', 'commitment 1.0', 'subBlock 1.1', 'commitment 1.1', 'subBlock 1.2', 'commitment 1.2', 'sealedBlock 1']);
    // The very commitments the sequencer signed, byte for byte.
    expect(replica.backend.preconfirmations.getCommitments(1n)).toEqual(sequencer.backend.preconfirmations.getCommitments(1n));
    expect(replica.backend.preconfirmations.getCommitments(1n)).toHaveLength(3);
    // Applied again (a restart re-reading its last entry), the same commitment changes nothing.
    await replica.producer.applyLogged(log.commits[5]!);
    const sealed = replica.backend.blocks.getBlock(LATEST, false);
    expect(sealed).toEqual(sequencer.backend.blocks.getBlock(LATEST, false));
    for (const hash of hashes) expect(replica.backend.blocks.getTransactionReceipt(hash)).toEqual(sequencer.backend.blocks.getTransactionReceipt(hash));
    expect(replica.backend.state.getBalance(hexToBytes(DEAD), LATEST)).toBe(10n ** 18n);
    expect(replica.producer.openBlock.number).toBe(2);
  });

  it('applies a commit that holds a sub-block and its seal (instant mining) in one step', async () => {
    const log = memoryLog();
    const sequencer = await createTestChain({ mining: 'instant' }, { log });
    chains.push(sequencer);
    // Through eth_sendRawTransaction's path, which waits for instant mining's block.
    const { raw } = await signTestTransaction(sequencer, sequencer.accounts[0]!, { to: DEAD, value: 9n, gas: 21_000n });
    const hash = await sequencer.backend.transactions.sendRawTransaction(raw);
    const both = log.commits.find((commit) => commit.subBlock && commit.seal);
    if (!both) throw new Error(`instant mining logged no commit with both: ${JSON.stringify(log.commits.map((commit) => Object.keys(commit)))}`);
    const replica = await follower();
    for (const commit of log.commits) await replica.producer.applyLogged(commit);
    expect(replica.backend.blocks.getTransactionReceipt(hash)).toEqual(sequencer.backend.blocks.getTransactionReceipt(hash));
    expect(replica.backend.blocks.getBlock(LATEST, false)).toEqual(sequencer.backend.blocks.getBlock(LATEST, false));
  });

  it('a standby that takes over makes the commitment its last logged sub-block lacks (the sequencer died before logging it): the one the sequencer signed', async () => {
    const key = hexToBytes(TEST_SEQUENCER_KEYS.fleet);
    const log = memoryLog();
    const sequencer = await createTestChain({}, { log, sequencerKey: key });
    chains.push(sequencer);
    await sendTestTransaction(sequencer, sequencer.accounts[0]!, { to: DEAD, value: 5n, gas: 21_000n });
    await sequencer.clock.advance(INTERVAL);
    const last = await sendTestTransaction(sequencer, sequencer.accounts[1]!, { to: DEAD, value: 6n, gas: 21_000n });
    await sequencer.clock.advance(INTERVAL);
    expect(log.commits.map(kindOf)).toEqual(['subBlock', 'commitment', 'subBlock', 'commitment']);
    const standby = await createTestChain({}, { start: false, sequencerKey: key });
    chains.push(standby);
    for (const commit of log.commits.slice(0, 3)) await standby.producer.applyLogged(commit);
    expect(standby.backend.preconfirmations.getCommitments(1n)).toHaveLength(1);
    // Taking over: it starts producing.
    standby.sequencer.start();
    await standby.producer.commitments.settle();
    expect(standby.backend.preconfirmations.getCommitments(1n)).toEqual(sequencer.backend.preconfirmations.getCommitments(1n));
    expect((await standby.backend.preconfirmations.getPreconfirmation(last))?.signature).toBe(log.commits[3]!.commitment!.signature);
  });

  it('refuses, committing nothing, a seal whose hash it does not reach, and a commit that does not follow its chain', async () => {
    const { log } = await sequencerWithLog();
    const replica = await follower();
    const sealAt = log.commits.findIndex((commit) => commit.seal);
    for (const commit of log.commits.slice(0, sealAt)) await replica.producer.applyLogged(commit);
    const seal = log.commits[sealAt]!.seal!;
    const forged = { seal: { ...seal, hash: `0x${'11'.repeat(32)}` as Hex } };
    await expect(replica.producer.applyLogged(forged)).rejects.toThrow(/sealed here as 0x[0-9a-f]{64}, but the sequencer sealed 0x1111/);
    expect(replica.producer.latest.number).toBe('0x0');
    // A sub-block of a block this node has not reached.
    const early = log.commits[0]!;
    const ahead = { subBlock: { ...early.subBlock!, open: { ...early.subBlock!.open, number: 5 } } };
    await expect(replica.producer.applyLogged(ahead)).rejects.toThrow(/does not follow this node's chain/);
    // A commitment of another place than the latest sub-block's.
    const misplaced = { commitment: log.commits[1]!.commitment! };
    await expect(replica.producer.applyLogged({ commitment: { ...misplaced.commitment, hash: `0x${'22'.repeat(32)}` as Hex } })).rejects.toThrow(
      /commitment of block 1 index 0 does not follow this node's chain/,
    );
    // The real seal still applies after the refusals.
    await replica.producer.applyLogged(log.commits[sealAt]!);
    expect(replica.producer.latest.number).toBe('0x1');
  });
});
