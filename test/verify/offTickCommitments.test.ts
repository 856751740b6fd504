// Sub-block commitments made off the tick (issue 26, sequencer/SubBlockCommitments.ts), in-process: a
// sub-block is announced before its commitment exists, and whatever needs the commitment waits for it; a
// crash between a sub-block's commit and its commitment's write (here: the commitment's log append refused,
// so nothing of it is written, which is what a kill -9 at that point leaves) is repaired when the node starts
// again, with the very commitment an uninterrupted run signs.

import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { SignedCommitment } from '../../src/chain/subBlockCommitment.js';
import { type Hex, hexToBytes } from '../../src/primitives/hex.js';
import type { PreconfTickEvent } from '../../src/sequencer/ChainEvents.js';
import { LOCAL_ONLY_SEQUENCER_LOG, type SequencerLog } from '../../src/sequencer/SequencerLog.js';
import type { PreconfirmationAnswer } from '../../src/services/preconfirmations/PreconfirmationAnswer.js';
import { DATABASE_FILE } from '../../src/storage/LmdbStorage.js';
import { createTestChain, type TestChain } from '../../src/testing/createTestChain.js';
import { ManualClock } from '../../src/testing/ManualClock.js';
import { sendTestTransaction, signTestTransaction } from '../../src/testing/sendTestTransaction.js';
import { TEST_SEQUENCER_KEYS } from '../../src/testing/sequencerKeyFile.js';
import { submitTestTokenDeployment } from '../../src/testing/testToken.js';
import { verifyPreconfirmation } from '../../web/verify/index.js';

const DEAD: Hex = '0x000000000000000000000000000000000000dead';
const KEY = hexToBytes(TEST_SEQUENCER_KEYS.fleet);

const chains: TestChain[] = [];
const directories: string[] = [];

afterEach(async () => {
  await Promise.all(chains.splice(0).map((chain) => chain.close()));
  for (const directory of directories.splice(0)) rmSync(directory, { recursive: true, force: true });
});

async function chainOf(...args: Parameters<typeof createTestChain>): Promise<TestChain> {
  const chain = await createTestChain(...args);
  chains.push(chain);
  return chain;
}

async function verified(chain: TestChain, answer: PreconfirmationAnswer | null) {
  const sequencer = (await chain.backend.preconfirmations.sequencer()).address!;
  return verifyPreconfirmation(answer, { sequencer, chainId: chain.config.chainId });
}

describe('a sub-block comes first, its commitment right after', () => {
  it('announces the sub-block before its commitment exists; getPreconfirmation asked then waits and answers a pre-confirmation that verifies', async () => {
    const chain = await chainOf({}, { sequencerKey: KEY });
    const seen: Array<{ hash: Hex; commitmentsThen: number; answer: Promise<PreconfirmationAnswer | null> }> = [];
    chain.events.on('subBlock', ({ transactionHashes, blockNumber }) => {
      for (const hash of transactionHashes) {
        const commitmentsThen = chain.backend.preconfirmations.getCommitments(blockNumber).length;
        seen.push({ hash, commitmentsThen, answer: chain.backend.preconfirmations.getPreconfirmation(hash) });
      }
    });
    const order: string[] = [];
    chain.events.on('subBlock', ({ index }) => order.push(`subBlock ${index}`));
    chain.events.on('subBlockCommitment', ({ index }) => order.push(`commitment ${index}`));
    const ticks: PreconfTickEvent[] = [];
    chain.events.on('preconfTick', (tick) => ticks.push(tick));

    const first = await sendTestTransaction(chain, chain.accounts[0]!, { to: DEAD, value: 1n, gas: 21_000n });
    await chain.clock.advance(chain.config.preconfIntervalMs);
    const second = await submitTestTokenDeployment(chain, chain.accounts[1]!);
    await chain.clock.advance(chain.config.preconfIntervalMs);

    expect(seen.map(({ hash }) => hash)).toEqual([first, second]);
    // At the announcement, the sub-block had no commitment yet: it is made off the tick.
    expect(seen.map(({ commitmentsThen }) => commitmentsThen)).toEqual([0, 1]);
    for (const { hash, answer } of seen) {
      const answered = await answer;
      expect(answered, hash).not.toBeNull();
      expect((await verified(chain, answered)).transactionHash).toBe(hash);
      // Proven against its own sub-block's commitment, pre-confirmed (the block is still open).
      expect(answered!.receipt.blockHash).toBe(`0x${'00'.repeat(32)}`);
    }
    expect(order).toEqual(['subBlock 0', 'commitment 0', 'subBlock 1', 'commitment 1']);
    // The heartbeat (newPreconfSubBlocks) of each sub-block carries its commitment.
    const built = ticks.filter((tick) => tick.subBlockIndex !== null);
    expect(built.map((tick) => [tick.subBlockIndex, tick.commitment?.commitment.index])).toEqual([
      [0, '0x0'],
      [1, '0x1'],
    ]);
    expect(built.map((tick) => tick.commitment)).toEqual(chain.backend.preconfirmations.getCommitments(1n));
  });

  it('announces the tick of a block’s last sub-block, with its commitment, before the block is sealed', async () => {
    const chain = await chainOf({}, { sequencerKey: KEY });
    const order: string[] = [];
    chain.events.on('subBlock', ({ index }) => order.push(`subBlock ${index}`));
    chain.events.on('subBlockCommitment', ({ index }) => order.push(`commitment ${index}`));
    chain.events.on('preconfTick', ({ subBlockIndex, commitment }) => {
      if (subBlockIndex !== null) order.push(`tick ${subBlockIndex}${commitment ? ' signed' : ''}`);
    });
    chain.events.on('sealedBlock', ({ number }) => order.push(`sealed ${number}`));
    // Sent right before the tick that seals the block (the last of its block time).
    await chain.clock.advance(chain.config.blockTimeMs - chain.config.preconfIntervalMs);
    await sendTestTransaction(chain, chain.accounts[0]!, { to: DEAD, value: 1n, gas: 21_000n });
    await chain.clock.advance(chain.config.preconfIntervalMs);
    expect(order).toEqual(['subBlock 0', 'commitment 0', 'tick 0 signed', 'sealed 1']);
  });

  it('keeps the commitment of an instant-mined block in the block’s own commit, announced with its sub-block', async () => {
    const chain = await chainOf({ mining: 'instant' }, { sequencerKey: KEY });
    const withSubBlock: boolean[] = [];
    chain.events.on('subBlock', (event) => withSubBlock.push(event.commitment !== undefined));
    // Through eth_sendRawTransaction's path, which waits for instant mining's block.
    const { raw } = await signTestTransaction(chain, chain.accounts[0]!, { to: DEAD, value: 1n, gas: 21_000n });
    const hash = await chain.backend.transactions.sendRawTransaction(raw);
    expect(withSubBlock).toEqual([true]);
    const block = chain.backend.blocks.getBlock({ kind: 'tag', tag: 'latest' }, false) as { transactionsRoot: Hex; receiptsRoot: Hex; stateRoot: Hex };
    const [signed] = chain.backend.preconfirmations.getCommitments(1n);
    expect(signed!.commitment).toMatchObject({ transactionsRoot: block.transactionsRoot, receiptsRoot: block.receiptsRoot, stateRoot: block.stateRoot });
    expect((await verified(chain, await chain.backend.preconfirmations.getPreconfirmation(hash))).transactionHash).toBe(hash);
  });
});

describe('a crash between a sub-block’s commit and its commitment’s write', () => {
  it('leaves a durable sub-block without its commitment, which the restarted node makes: the same one, verified and chained', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'sequin-offtick-'));
    directories.push(dataDir);
    const clock = new ManualClock({ awaitReschedule: true });
    // The sequencer "dies" as it logs its second commitment: the append is refused, so nothing of it is written.
    let refuseCommitments = false;
    const log: SequencerLog = {
      ...LOCAL_ONLY_SEQUENCER_LOG,
      append: async (commit) => {
        if (commit.commitment && refuseCommitments) throw new Error('killed before the commitment was written');
      },
    };
    const crashing = await createTestChain({ ephemeral: false, dataDir }, { clock, log, sequencerKey: KEY });
    // The same transactions on a chain that never crashes: same key, genesis and clock, so the same commitments.
    const reference = await chainOf({}, { sequencerKey: KEY });
    const run = async (chain: TestChain, beforeSecond: () => void) => {
      const first = await sendTestTransaction(chain, chain.accounts[0]!, { to: DEAD, value: 1n, gas: 21_000n });
      await chain.clock.advance(chain.config.preconfIntervalMs);
      beforeSecond();
      const second = await submitTestTokenDeployment(chain, chain.accounts[1]!);
      await chain.clock.advance(chain.config.preconfIntervalMs);
      return [first, second];
    };
    const hashes = await run(crashing, () => {
      refuseCommitments = true;
    });
    await run(reference, () => {});
    // Both sub-blocks are durable and pre-confirmed; only the first has its commitment.
    expect(crashing.backend.blocks.getTransactionReceipt(hashes[1]!)).toMatchObject({ status: '0x1' });
    expect(crashing.backend.preconfirmations.getCommitments(1n)).toHaveLength(1);
    await crashing.close();

    const restarted = await chainOf({ ephemeral: false, dataDir }, { clock, sequencerKey: KEY });
    const expected: SignedCommitment[] = reference.backend.preconfirmations.getCommitments(1n);
    expect(expected).toHaveLength(2);
    // Made when the node starts, before any tick.
    const deadline = Date.now() + 5_000;
    while (restarted.backend.preconfirmations.getCommitments(1n).length < 2 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 10));
    const made = restarted.backend.preconfirmations.getCommitments(1n);
    expect(made).toEqual(expected);
    expect(made[1]!.commitment.previous).toBe(made[0]!.hash);
    for (const hash of hashes) {
      expect((await verified(restarted, await restarted.backend.preconfirmations.getPreconfirmation(hash))).transactionHash).toBe(hash);
    }
    // The chain goes on: the block seals with its last commitment's roots, the next block chains to it.
    await restarted.clock.advance(restarted.config.blockTimeMs);
    // Durable with the seal (the commitment made at the start rode with the next commit): read back from storage too.
    expect(restarted.chain.commitmentsOf(1)).toEqual(expected);
    const block = restarted.backend.blocks.getBlock({ kind: 'number', number: 1n }, false) as { hash: Hex; transactionsRoot: Hex; receiptsRoot: Hex };
    expect(made[1]!.commitment).toMatchObject({ transactionsRoot: block.transactionsRoot, receiptsRoot: block.receiptsRoot });
    const next = await sendTestTransaction(restarted, restarted.accounts[2]!, { to: DEAD, value: 3n, gas: 21_000n });
    await restarted.clock.advance(restarted.config.preconfIntervalMs);
    const [firstOfNext] = restarted.backend.preconfirmations.getCommitments(2n);
    expect(firstOfNext!.commitment.previous).toBe(block.hash);
    expect((await verified(restarted, await restarted.backend.preconfirmations.getPreconfirmation(next))).transactionHash).toBe(next);
  });
});

describe('a commitment rides with the next commit', () => {
  it('is served before it is written; what a kill -9 then leaves on disk restarts with the very same commitment; the next commit writes it', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'sequin-offtick-'));
    const copyDir = mkdtempSync(join(tmpdir(), 'sequin-offtick-copy-'));
    directories.push(dataDir, copyDir);
    const clock = new ManualClock({ awaitReschedule: true });
    const chain = await chainOf({ ephemeral: false, dataDir }, { clock, sequencerKey: KEY });
    const first = await sendTestTransaction(chain, chain.accounts[0]!, { to: DEAD, value: 1n, gas: 21_000n });
    await chain.clock.advance(chain.config.preconfIntervalMs);
    const answer = await chain.backend.preconfirmations.getPreconfirmation(first);
    expect((await verified(chain, answer)).transactionHash).toBe(first);
    const served = chain.backend.preconfirmations.getCommitments(1n);
    expect(served).toHaveLength(1);
    // Served, not written yet: no commit of its own.
    expect(chain.chain.commitmentsOf(1)).toEqual([]);

    // The disk as a kill -9 leaves it now (no commit is under way): the database file alone, copied.
    copyFileSync(join(dataDir, DATABASE_FILE), join(copyDir, DATABASE_FILE));
    const restarted = await chainOf({ ephemeral: false, dataDir: copyDir }, { clock: new ManualClock({ awaitReschedule: true }), sequencerKey: KEY });
    const deadline = Date.now() + 5_000;
    while (restarted.backend.preconfirmations.getCommitments(1n).length < 1 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 10));
    expect(restarted.backend.preconfirmations.getCommitments(1n)).toEqual(served);
    expect(await restarted.backend.preconfirmations.getPreconfirmation(first)).toEqual(answer);

    // On the running node the next sub-block's commit carries it.
    await sendTestTransaction(chain, chain.accounts[1]!, { to: DEAD, value: 2n, gas: 21_000n });
    await chain.clock.advance(chain.config.preconfIntervalMs);
    expect(chain.chain.commitmentsOf(1)).toEqual(served);
    // And the one made for that sub-block is written when the node stops.
    const both = chain.backend.preconfirmations.getCommitments(1n);
    expect(both).toHaveLength(2);
    await chain.close();
    chains.splice(chains.indexOf(chain), 1);
    const reopened = await chainOf({ ephemeral: false, dataDir }, { clock, sequencerKey: KEY });
    expect(reopened.chain.commitmentsOf(1)).toEqual(both);
  });
});
