/**
 * Broken promises become evidence (issue 26). A sequencer that equivocates — the same key signing two
 * histories — is simulated by two chains built with one sequencer key and different transactions in
 * block 1: their commitments for sub-block (1, 0) conflict. `sequin/verify` builds the evidence
 * (findConflict, notPrefixProof) and checks it (checkEquivocationProof); an honest pair is no evidence.
 * contracts/SequinEquivocation.sol, compiled with forge and deployed with `forge create` on a real
 * Sequin node, accepts the conflict with ecrecover and refuses an honest pair, another sub-block and
 * another signer with its typed errors.
 */
import { cpSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createPublicClient, type Hex, hexToBytes, http, isAddress } from 'viem';
import { privateKeyToAddress } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SignedCommitment } from '../../src/chain/subBlockCommitment.js';
import type { PreconfirmationAnswer } from '../../src/services/preconfirmations/PreconfirmationAnswer.js';
import { createTestChain, type TestChain } from '../../src/testing/createTestChain.js';
import { sendTestTransaction } from '../../src/testing/sendTestTransaction.js';
import { TEST_SEQUENCER_KEYS } from '../../src/testing/sequencerKeyFile.js';
import { cleanupNodeProcesses, type NodeProcess, startNodeProcess } from '../../src/testing/startNodeProcess.js';
import { copyFoundryProject, type FixtureProject, removeFixtureCopies } from '../../src/testing/tools/copyFixtureProject.js';
import { runForge } from '../../src/testing/tools/runFoundry.js';
import { describeToolResult } from '../../src/testing/tools/runTool.js';
import { REPO_ROOT } from '../../src/testing/tools/toolPaths.js';
import { checkEquivocationProof, type EquivocationProof, findConflict, notPrefixProof } from '../../web/verify/index.js';
import { DEV_KEYS, sequinChain } from './helpers.js';

const SEQUENCER = privateKeyToAddress(TEST_SEQUENCER_KEYS.fleet);
const OTHER = privateKeyToAddress(TEST_SEQUENCER_KEYS.other);
const CHAIN_ID = 31337n;

/** Two histories of block 1 signed by one key: a conflict, and each history's answer for transaction 0. */
let forked: { first: SignedCommitment; second: SignedCommitment; honestLater: SignedCommitment; answers: [PreconfirmationAnswer, PreconfirmationAnswer] };
/** The same place signed by another key (a chain whose sequencer is someone else). */
let byOther: SignedCommitment;

async function historyOf(key: Hex, to: Hex): Promise<{ chain: TestChain; hash: Hex }> {
  const chain = await createTestChain({}, { sequencerKey: hexToBytes(key) });
  const hash = await sendTestTransaction(chain, chain.accounts[0]!, { to, value: 1n, gas: 21_000n });
  await chain.clock.advance(chain.config.preconfIntervalMs);
  await sendTestTransaction(chain, chain.accounts[1]!, { to, value: 2n, gas: 21_000n });
  await chain.clock.advance(chain.config.preconfIntervalMs);
  return { chain, hash };
}

beforeAll(async () => {
  const honest = await historyOf(TEST_SEQUENCER_KEYS.fleet, '0x000000000000000000000000000000000000dEaD');
  const rewritten = await historyOf(TEST_SEQUENCER_KEYS.fleet, '0x000000000000000000000000000000000000bEEF');
  const other = await historyOf(TEST_SEQUENCER_KEYS.other, '0x000000000000000000000000000000000000bEEF');
  const [first, honestLater] = honest.chain.backend.preconfirmations.getCommitments(1n);
  forked = {
    first: first!,
    second: rewritten.chain.backend.preconfirmations.getCommitments(1n)[0]!,
    honestLater: honestLater!,
    answers: [
      (await honest.chain.backend.preconfirmations.getPreconfirmation(honest.hash))!,
      (await rewritten.chain.backend.preconfirmations.getPreconfirmation(rewritten.hash))!,
    ],
  };
  byOther = other.chain.backend.preconfirmations.getCommitments(1n)[0]!;
  await Promise.all([honest.chain.close(), rewritten.chain.close(), other.chain.close()]);
}, 60_000);

describe('sequin/verify: equivocation proofs', () => {
  it('two signed commitments for one sub-block with different contents are a conflict that checks', async () => {
    expect([forked.first.commitment.blockNumber, forked.first.commitment.index]).toEqual([
      forked.second.commitment.blockNumber,
      forked.second.commitment.index,
    ]);
    const proof = findConflict(forked.first, forked.second, CHAIN_ID)!;
    expect(proof).toMatchObject({ kind: 'conflict', chainId: '0x7a69' });
    await expect(checkEquivocationProof(proof, { sequencer: SEQUENCER, chainId: CHAIN_ID })).resolves.toBeUndefined();
    // Evidence against a sequencer holds only for its key and its chain.
    await expect(checkEquivocationProof(proof, { sequencer: OTHER, chainId: CHAIN_ID })).rejects.toMatchObject({ reason: 'signer' });
    await expect(checkEquivocationProof(proof, { sequencer: SEQUENCER, chainId: 1n })).rejects.toMatchObject({ reason: 'chain' });
  });

  it('an honest pair is no evidence: the same commitment twice, or two sub-blocks of one chain', async () => {
    expect(findConflict(forked.first, structuredClone(forked.first), CHAIN_ID)).toBeUndefined();
    expect(findConflict(forked.first, forked.honestLater, CHAIN_ID)).toBeUndefined();
    const forged: EquivocationProof = { kind: 'conflict', chainId: '0x7a69', first: forked.first, second: forked.first };
    await expect(checkEquivocationProof(forged, { sequencer: SEQUENCER, chainId: CHAIN_ID })).rejects.toMatchObject({ reason: 'equivocation' });
    const apart: EquivocationProof = { kind: 'conflict', chainId: '0x7a69', first: forked.first, second: forked.honestLater };
    await expect(checkEquivocationProof(apart, { sequencer: SEQUENCER, chainId: CHAIN_ID })).rejects.toMatchObject({ reason: 'equivocation' });
    // Someone else's signature on the other history is no evidence against this sequencer.
    const framed: EquivocationProof = { kind: 'conflict', chainId: '0x7a69', first: forked.first, second: byOther };
    await expect(checkEquivocationProof(framed, { sequencer: SEQUENCER, chainId: CHAIN_ID })).rejects.toMatchObject({ reason: 'signer' });
  });

  it('a promised transaction that a later signed commitment of the block replaces is a notPrefix proof; the honest block is not', async () => {
    const [promised, replaced] = forked.answers;
    const proof = notPrefixProof(promised, replaced, 0, CHAIN_ID);
    await expect(checkEquivocationProof(proof, { sequencer: SEQUENCER, chainId: CHAIN_ID })).resolves.toBeUndefined();
    const honest = notPrefixProof(promised, promised, 0, CHAIN_ID);
    await expect(checkEquivocationProof(honest, { sequencer: SEQUENCER, chainId: CHAIN_ID })).rejects.toMatchObject({ reason: 'equivocation' });
  });
});

describe('contracts/SequinEquivocation.sol (forge build, forge create on Sequin)', { timeout: 120_000 }, () => {
  let node: NodeProcess;
  let project: FixtureProject;
  let address: Hex;
  let abi: unknown[];

  beforeAll(async () => {
    node = await startNodeProcess({ args: ['--mining', 'instant'] });
    project = copyFoundryProject();
    cpSync(join(REPO_ROOT, 'contracts', 'SequinEquivocation.sol'), join(project.dir, 'src', 'SequinEquivocation.sol'));
    const created = await runForge(
      ['create', 'src/SequinEquivocation.sol:SequinEquivocation', '--broadcast', '--private-key', DEV_KEYS[4]!, '--rpc-url', node.url],
      { cwd: project.dir },
    );
    const deployedTo = /Deployed to: (0x[0-9a-fA-F]{40})/.exec(created.stdout)?.[1];
    if (!deployedTo || !isAddress(deployedTo)) throw new Error(`forge create failed: ${describeToolResult(created)}`);
    address = deployedTo;
    abi = (JSON.parse(readFileSync(join(project.dir, 'out', 'SequinEquivocation.sol', 'SequinEquivocation.json'), 'utf8')) as { abi: unknown[] }).abi;
  }, 120_000);

  afterAll(async () => {
    removeFixtureCopies();
    await cleanupNodeProcesses();
  });

  const asStruct = ({ commitment, signature }: SignedCommitment) => ({
    commitment: {
      blockNumber: BigInt(commitment.blockNumber),
      index: Number(commitment.index),
      previous: commitment.previous,
      timestamp: BigInt(commitment.timestamp),
      baseFeePerGas: BigInt(commitment.baseFeePerGas),
      transactionCount: BigInt(commitment.transactionCount),
      firstLogIndexesHash: commitment.firstLogIndexesHash,
      transactionsRoot: commitment.transactionsRoot,
      receiptsRoot: commitment.receiptsRoot,
      stateRoot: commitment.stateRoot,
    },
    signature,
  });

  function check(sequencer: Hex, first: SignedCommitment, second: SignedCommitment) {
    const client = createPublicClient({ chain: sequinChain(node.url), transport: http(node.url, { retryCount: 0 }) });
    return client.readContract({ address, abi, functionName: 'checkEquivocation', args: [sequencer, CHAIN_ID, asStruct(first), asStruct(second)] }) as Promise<
      [Hex, Hex]
    >;
  }

  it('accepts the conflict with ecrecover: its digests are the commitments’ EIP-712 hashes', async () => {
    expect(await check(SEQUENCER, forked.first, forked.second)).toEqual([forked.first.hash, forked.second.hash]);
  });

  it('refuses an honest pair, another sub-block, and a commitment signed by another key, with its errors', async () => {
    await expect(check(SEQUENCER, forked.first, forked.first)).rejects.toThrow(/SameCommitment/);
    await expect(check(SEQUENCER, forked.first, forked.honestLater)).rejects.toThrow(/NotSameSubBlock/);
    await expect(check(SEQUENCER, forked.first, byOther)).rejects.toThrow(/NotTheSequencer/);
    await expect(check(OTHER, forked.first, forked.second)).rejects.toThrow(/NotTheSequencer/);
  });
});
