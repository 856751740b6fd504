// Verifiable pre-confirmations in-process (issue 26): a chain with transfers, a deployment, token transfers
// with logs, a failing transaction and a state edit over several blocks. Every answer of
// sequin_getPreconfirmation verifies with sequin/verify's code, pre-confirmed and sealed; each sealed
// header's roots are its last commitment's; commitments chain (previous) across sub-blocks and blocks;
// and an answer with any single value changed, or proven against another commitment, key or chain, is refused.

import { privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SignedCommitment } from '../../src/chain/subBlockCommitment.js';
import { type Hex, hexToBytes } from '../../src/primitives/hex.js';
import type { PreconfirmationAnswer } from '../../src/services/preconfirmations/PreconfirmationAnswer.js';
import { createTestChain, type TestChain } from '../../src/testing/createTestChain.js';
import { sendTestTransaction } from '../../src/testing/sendTestTransaction.js';
import { submitTestTokenDeployment, submitTokenTransfer } from '../../src/testing/testToken.js';
import { hashCommitment, PreconfirmationVerificationError, verifyPreconfirmation } from '../../web/verify/index.js';
import { alter, leafPaths } from './answerPaths.js';

const DEAD: Hex = '0x000000000000000000000000000000000000dead';
const OTHER_KEY: Hex = '0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d';

let chain: TestChain;
let sequencer: Hex;
const preconfirmed = new Map<Hex, PreconfirmationAnswer>();
const hashes: Hex[] = [];

async function tick(): Promise<void> {
  await chain.clock.advance(chain.config.preconfIntervalMs);
}

beforeAll(async () => {
  chain = await createTestChain();
  sequencer = (await chain.backend.preconfirmations.sequencer()).address!;
  // Each transaction's answer asked as soon as its sub-block is announced (pre-confirmed, before any seal):
  // answered once the sub-block's commitment is made, right after it.
  const asked: Array<Promise<unknown>> = [];
  chain.events.on('subBlock', ({ transactionHashes }) => {
    for (const hash of transactionHashes) asked.push(chain.backend.preconfirmations.getPreconfirmation(hash).then((answer) => preconfirmed.set(hash, answer!)));
  });
  const [alice, bob, carol] = chain.accounts;
  const deploy = await submitTestTokenDeployment(chain, alice!);
  hashes.push(deploy, await sendTestTransaction(chain, bob!, { to: DEAD, value: 1n, gas: 21_000n }));
  await tick();
  const token = (chain.backend.blocks.getTransactionReceipt(deploy) as { contractAddress: Hex }).contractAddress;
  for (let round = 0; round < 14; round++) {
    hashes.push(await submitTokenTransfer(chain, token, alice!, DEAD, BigInt(round + 1)));
    hashes.push(await sendTestTransaction(chain, carol!, { to: DEAD, value: 2n, gas: 21_000n }));
    // A transaction that fails (out of gas in the token's transfer): status 0, still a receipt.
    if (round % 5 === 0) hashes.push(await submitTokenTransfer(chain, token, bob!, DEAD, 10n ** 30n));
    if (round === 7) await chain.sequencer.editState({ description: 'setBalance 0xdead', apply: (state) => state.setBalance(hexToBytes(DEAD), 10n ** 18n) });
    await tick();
  }
  // Seal the last block.
  await chain.clock.advance(chain.config.blockTimeMs);
  await Promise.all(asked);
}, 120_000);

afterAll(async () => {
  await chain?.close();
});

describe('sequin_getPreconfirmation', () => {
  it('answers for every transaction, pre-confirmed and sealed, and every answer verifies', async () => {
    const chainId = chain.config.chainId;
    expect(preconfirmed.size).toBe(hashes.length);
    for (const hash of hashes) {
      const early = preconfirmed.get(hash)!;
      expect(early.receipt.blockHash).toBe(`0x${'00'.repeat(32)}`);
      expect(await verifyPreconfirmation(early, { sequencer, chainId })).toEqual(early.receipt);
      const sealed = (await chain.backend.preconfirmations.getPreconfirmation(hash))!;
      expect(sealed.proof.header).toBeDefined();
      const receipt = await verifyPreconfirmation(sealed, { sequencer, chainId });
      expect(receipt).toEqual(chain.backend.blocks.getTransactionReceipt(hash));
      expect(sealed.transaction).toEqual(chain.backend.blocks.getTransactionByHash(hash));
    }
  });

  it("chains every commitment to the one before (the parent block's hash at index 0), and each sealed header's roots are its last commitment's", () => {
    const view = chain.sequencer.views.current();
    let blocksWithCommitments = 0;
    for (let number = 1; number <= view.headNumber; number++) {
      const block = view.block(number)!;
      const commitments: readonly SignedCommitment[] = view.commitments(number);
      if (commitments.length === 0) {
        expect(block.transactions).toEqual([]);
        continue;
      }
      blocksWithCommitments++;
      commitments.forEach((signed, index) => {
        expect(Number(signed.commitment.index)).toBe(index);
        expect(signed.commitment.previous).toBe(index === 0 ? block.parentHash : commitments[index - 1]!.hash);
        expect(hashCommitment(signed.commitment, chain.config.chainId)).toBe(signed.hash);
      });
      const last = commitments.at(-1)!.commitment;
      expect([last.transactionsRoot, last.receiptsRoot, Number(last.transactionCount)]).toEqual([
        block.transactionsRoot,
        block.receiptsRoot,
        block.transactions.length,
      ]);
    }
    expect(blocksWithCommitments).toBeGreaterThanOrEqual(2);
  });

  it('answers null for an unknown hash', async () => {
    expect(await chain.backend.preconfirmations.getPreconfirmation(`0x${'ab'.repeat(32)}`)).toBeNull();
  });
});

describe('verifyPreconfirmation refuses', () => {
  it('an answer with any single value changed', async () => {
    const chainId = chain.config.chainId;
    // A token transfer with logs, not the first of its block (so every proof part is present).
    const hash = hashes.find((candidate) => {
      const answer = preconfirmed.get(candidate)!;
      return answer.receipt.logs !== undefined && (answer.receipt.logs as unknown[]).length > 0 && answer.receipt.transactionIndex !== '0x0';
    })!;
    for (const answer of [preconfirmed.get(hash)!, (await chain.backend.preconfirmations.getPreconfirmation(hash))!]) {
      const paths = leafPaths(answer);
      expect(paths.length).toBeGreaterThan(60);
      for (const path of paths) {
        const altered = structuredClone(answer) as unknown as Record<string, unknown>;
        alter(altered, path);
        await expect(verifyPreconfirmation(altered, { sequencer, chainId }), path.join('.')).rejects.toBeInstanceOf(PreconfirmationVerificationError);
      }
    }
  });

  it('an extra field, another key, another chain', async () => {
    const chainId = chain.config.chainId;
    const answer = preconfirmed.get(hashes[3]!)!;
    await expect(verifyPreconfirmation({ ...answer, receipt: { ...answer.receipt, l1Fee: '0x1' } }, { sequencer, chainId })).rejects.toMatchObject({
      reason: 'receipt',
      field: 'receipt.l1Fee',
    });
    const other = privateKeyToAccount(OTHER_KEY).address;
    await expect(verifyPreconfirmation(answer, { sequencer: other, chainId })).rejects.toMatchObject({ reason: 'signer' });
    await expect(verifyPreconfirmation(answer, { sequencer, chainId: 1n })).rejects.toMatchObject({ reason: 'chain' });
    await expect(verifyPreconfirmation({ ...answer, commitment: { ...answer.commitment, chainId: '0x1' } }, { sequencer, chainId: 1n })).rejects.toMatchObject({
      reason: 'signer',
    });
  });

  it('a commitment or proof of another sub-block or block', async () => {
    const chainId = chain.config.chainId;
    const answers = hashes.map((hash) => preconfirmed.get(hash)!);
    const a = answers[3]!;
    const otherSubBlock = answers.find((b) => b.commitment.blockNumber === a.commitment.blockNumber && b.commitment.index !== a.commitment.index)!;
    const otherBlock = answers.find((b) => b.commitment.blockNumber !== a.commitment.blockNumber)!;
    for (const other of [otherSubBlock, otherBlock]) {
      await expect(verifyPreconfirmation({ ...a, commitment: other.commitment, signature: other.signature }, { sequencer, chainId })).rejects.toBeInstanceOf(
        PreconfirmationVerificationError,
      );
      await expect(verifyPreconfirmation({ ...a, proof: other.proof }, { sequencer, chainId })).rejects.toBeInstanceOf(PreconfirmationVerificationError);
      await expect(verifyPreconfirmation({ ...a, proof: { ...a.proof, transaction: other.proof.transaction } }, { sequencer, chainId })).rejects.toMatchObject({
        reason: 'proof',
      });
    }
  });
});
