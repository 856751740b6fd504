/**
 * Verifiable pre-confirmations end to end (issue 26): the real node process, a plain HTTP proxy in
 * between (RecordingProxy: forwards, or rewrites answers as a dishonest RPC would), viem's client and
 * the package's `sequin/verify` (the built dist/web/verify.mjs).
 *
 *   viem + sequin/verify ──▶ proxy (honest / alters one value) ──▶ sequin node (signs every sub-block)
 *
 * Honest answers of every transaction kind verify, pre-confirmed and sealed; an answer with any single
 * value altered is refused with a typed error; a node signing with another key is refused; subscriptions
 * carry commitments and proofs; and over many blocks and a kill -9 every sealed header's roots are its
 * last commitment's, commitments stay chained, and none is ever replaced.
 */
import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { getVerifiedPreconfirmation, hashCommitment, PreconfirmationVerificationError, verifyPreconfirmation } from 'sequin/verify';
import { type Address, createPublicClient, encodeDeployData, encodeFunctionData, type Hex, http, recoverAddress } from 'viem';
import { privateKeyToAccount, privateKeyToAddress } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testTokenArtifact } from '../../src/testing/contracts/artifacts.js';
import { type RecordingProxy, startRecordingProxy } from '../../src/testing/RecordingProxy.js';
import { TEST_SEQUENCER_KEYS, writeSequencerKeyFile } from '../../src/testing/sequencerKeyFile.js';
import { signTestTx, type TestSigner, type TestTxFields } from '../../src/testing/signedTransactions.js';
import { cleanupNodeProcesses, type NodeProcess, startNodeProcess } from '../../src/testing/startNodeProcess.js';
import { alter, leafPaths } from '../verify/answerPaths.js';
import { commitmentChainProblems, commitmentsOf } from './commitmentChain.js';
import { DEV_ACCOUNTS, DEV_KEYS, pollUntil, rpc, rpcResult, sequinChain, signTransfer, sleep, waitForBlockAfter, ZERO_HASH } from './helpers.js';
import { connectWs } from './wsClient.js';

const TIMING = ['--block-time', '1000', '--preconf-interval', '100'];
const CHAIN_ID = 31337;

interface Answer {
  transaction: Record<string, unknown> & { hash: Hex };
  receipt: Record<string, unknown> & { transactionHash: Hex; blockNumber: Hex; blockHash: Hex; status: Hex; contractAddress: Hex | null; logs: unknown[] };
  commitment: Record<string, Hex>;
  signature: Hex;
  proof: Record<string, unknown>;
}

let node: NodeProcess;
let proxy: RecordingProxy;
let sequencer: Address;
const nonces = new Map<number, number>();

beforeAll(async () => {
  node = await startNodeProcess({ storage: 'temp', args: TIMING, logLevel: 'info' });
  proxy = await startRecordingProxy(node.url);
  sequencer = (await rpcResult<{ address: Address }>(node.url, 'sequin_sequencer')).address;
}, 30_000);

afterAll(async () => {
  await proxy?.close();
  await cleanupNodeProcesses();
});

function devSigner(index: number): TestSigner {
  const account = privateKeyToAccount(DEV_KEYS[index]!);
  return { account, privateKey: DEV_KEYS[index]!, key: account.address.slice(2).toLowerCase() };
}

/** Signs with dev account `index` at its next nonce and sends with sequin_sendRawTransactionSync: the proven answer once pre-confirmed. */
async function send(url: string, index: number, fields: TestTxFields): Promise<Answer> {
  const nonce = nonces.get(index) ?? 0;
  nonces.set(index, nonce + 1);
  const raw = await signTestTx(devSigner(index), { nonce, ...fields });
  return rpcResult<Answer>(url, 'sequin_sendRawTransactionSync', [raw]);
}

function clientOf(url: string) {
  return createPublicClient({ chain: sequinChain(url), transport: http(url, { retryCount: 0 }), cacheTime: 0 });
}

/** Every kind of transaction the node takes, as answered when pre-confirmed. */
const answers: Answer[] = [];

describe('the sequencer key', () => {
  it('is created in the data directory (mode 0600) on first start, and published by sequin_sequencer, GET /chain/sequencer, GET /chain/viem and the start-up output', async () => {
    const keyFile = join(node.dataDir!, 'sequencer.key');
    expect(statSync(keyFile).mode & 0o777).toBe(0o600);
    expect(privateKeyToAddress(readFileSync(keyFile, 'utf8').trim() as Hex)).toBe(sequencer);
    expect(await rpcResult(node.url, 'sequin_sequencer')).toEqual({ address: sequencer, chainId: '0x7a69' });
    expect(await (await fetch(`${node.url}/chain/sequencer`)).json()).toEqual({ address: sequencer, chainId: '0x7a69' });
    expect(await (await fetch(`${node.url}/chain/viem`)).json()).toMatchObject({ custom: { sequencer } });
    expect(node.stdout()).toContain(`Sequencer: ${sequencer} (key created in ${keyFile})`);
  });
});

describe('through a plain HTTP proxy', () => {
  it('every kind of transaction verifies with viem and sequin/verify, pre-confirmed and sealed', async () => {
    const deploy = await send(node.url, 0, {
      to: null,
      gas: 2_000_000n,
      data: encodeDeployData({ abi: testTokenArtifact.abi, bytecode: testTokenArtifact.bytecode, args: [1_000_000n] }),
    });
    const token = deploy.receipt.contractAddress!;
    const transfer = (amount: bigint) =>
      encodeFunctionData({ abi: testTokenArtifact.abi, functionName: 'transfer', args: ['0x000000000000000000000000000000000000dEaD', amount] });
    answers.push(
      deploy,
      await send(node.url, 1, { type: 'legacy', to: '0x000000000000000000000000000000000000dEaD', value: 1n }),
      await send(node.url, 2, { type: 'eip2930', to: '0x000000000000000000000000000000000000dEaD', value: 2n }),
      await send(node.url, 3, { type: 'eip7702', to: '0x000000000000000000000000000000000000dEaD', gas: 100_000n }),
      await send(node.url, 0, { to: token, data: transfer(5n), gas: 100_000n }),
      // Reverts (account 1 holds no token): status 0, still proven.
      await send(node.url, 1, { to: token, data: transfer(1n), gas: 100_000n }),
      await send(node.url, 0, { to: token, data: transfer(7n), gas: 100_000n }),
    );
    expect(answers.map((answer) => answer.receipt.status)).toEqual(['0x1', '0x1', '0x1', '0x1', '0x1', '0x0', '0x1']);
    expect(answers.map((answer) => answer.transaction.type)).toEqual(['0x2', '0x0', '0x1', '0x4', '0x2', '0x2', '0x2']);

    const client = clientOf(proxy.url);
    for (const answer of answers) {
      expect(answer.receipt.blockHash).toBe(ZERO_HASH);
      expect(await verifyPreconfirmation(answer, { sequencer, chainId: CHAIN_ID })).toEqual(answer.receipt);
    }
    // Sealed: the answer now carries the header, and the verified receipt is the sealed block's.
    const last = BigInt(answers.at(-1)!.receipt.blockNumber);
    await waitForBlockAfter(node.url, last);
    for (const answer of answers) {
      const hash = answer.transaction.hash;
      const verified = await getVerifiedPreconfirmation(client, { hash, sequencer });
      expect(verified).toEqual(await rpcResult(node.url, 'eth_getTransactionReceipt', [hash]));
      expect(verified!.blockHash).not.toBe(ZERO_HASH);
    }
    expect(await getVerifiedPreconfirmation(client, { hash: `0x${'ab'.repeat(32)}`, sequencer })).toBeNull();
    expect(proxy.methods.filter((method) => method === 'sequin_getPreconfirmation').length).toBe(answers.length + 1);
  }, 30_000);

  it('refuses, every time, an answer in which the proxy altered any single value, with a typed error naming it', async () => {
    // A token transfer with logs, not first in its block: every part of the proof is present.
    const chosen = answers.find((answer) => answer.receipt.logs.length > 0 && answer.receipt.transactionIndex !== '0x0')!;
    const sealed = await rpcResult<Answer>(node.url, 'sequin_getPreconfirmation', [chosen.transaction.hash]);
    expect(sealed.proof.header).toBeDefined();
    const client = clientOf(proxy.url);
    const misnamed: string[] = [];
    let altered = 0;
    try {
      for (const honest of [chosen, sealed]) {
        for (const path of leafPaths(honest)) {
          const tampered = structuredClone(honest) as unknown as Record<string, unknown>;
          alter(tampered, path);
          proxy.behaviour = { kind: 'rewrite', rewrite: (text) => JSON.stringify({ ...JSON.parse(text), result: tampered }) };
          const outcome = await getVerifiedPreconfirmation(client, { hash: honest.transaction.hash, sequencer }).then(
            () => undefined,
            (error: unknown) => error,
          );
          const name = path
            .map((key) => (typeof key === 'number' ? `[${key}]` : `.${key}`))
            .join('')
            .slice(1);
          expect(outcome, name).toBeInstanceOf(PreconfirmationVerificationError);
          altered++;
          // A transaction or receipt value is named as itself (or as the proof part it contradicts).
          const { reason, field } = outcome as PreconfirmationVerificationError;
          if ((path[0] === 'transaction' || path[0] === 'receipt') && !(field === name || ['proof', 'commitments', 'format'].includes(reason)))
            misnamed.push(`${name}: ${reason} ${field}`);
        }
      }
    } finally {
      proxy.behaviour = { kind: 'forward' };
    }
    expect(altered).toBeGreaterThan(120);
    expect(misnamed).toEqual([]);
    // Honest again: verifies.
    expect((await getVerifiedPreconfirmation(client, { hash: chosen.transaction.hash, sequencer }))!.transactionHash).toBe(chosen.transaction.hash);
  }, 60_000);

  it('refuses a node that signs with another key (signer), and an answer for another chain (chain)', async () => {
    const impostor = await startNodeProcess({ args: [...TIMING, '--sequencer-key', writeSequencerKeyFile(TEST_SEQUENCER_KEYS.other)] });
    const answer = await rpcResult<Answer>(impostor.url, 'sequin_sendRawTransactionSync', [await signTransfer(5, 0)]);
    const impostorClient = clientOf(impostor.url);
    await expect(getVerifiedPreconfirmation(impostorClient, { hash: answer.transaction.hash, sequencer })).rejects.toMatchObject({ reason: 'signer' });
    expect(
      (await getVerifiedPreconfirmation(impostorClient, { hash: answer.transaction.hash, sequencer: privateKeyToAddress(TEST_SEQUENCER_KEYS.other) }))!
        .transactionHash,
    ).toBe(answer.transaction.hash);
    await expect(verifyPreconfirmation(answers[0], { sequencer, chainId: 1 })).rejects.toMatchObject({ reason: 'chain' });
    await impostor.stop();
  }, 30_000);

  it('sequin_sendRawTransactionSync answers what sequin_getPreconfirmation answers; eth_sendRawTransactionSync keeps the plain receipt', async () => {
    const proven = await rpcResult<Answer>(node.url, 'sequin_sendRawTransactionSync', [await signTransfer(6, 0)]);
    const plain = await rpcResult<Record<string, unknown>>(node.url, 'eth_sendRawTransactionSync', [await signTransfer(6, 1)]);
    expect(Object.keys(proven).sort()).toEqual(['commitment', 'proof', 'receipt', 'signature', 'transaction']);
    expect(plain.transactionHash).toMatch(/^0x[0-9a-f]{64}$/);
    expect(plain).not.toHaveProperty('commitment');
    const fetched = await rpcResult<Answer>(node.url, 'sequin_getPreconfirmation', [proven.transaction.hash]);
    // Same transaction and receipt (the block may have been sealed since: then its hash is known and the commitment is the block's last).
    expect({ ...fetched.transaction, blockHash: ZERO_HASH }).toEqual({ ...proven.transaction, blockHash: ZERO_HASH });
    expect({ ...fetched.receipt, blockHash: ZERO_HASH }).toEqual({ ...proven.receipt, blockHash: ZERO_HASH });
    await verifyPreconfirmation(proven, { sequencer, chainId: CHAIN_ID });
    // Bad input is a typed JSON-RPC error, not a crash.
    expect((await rpc(node.url, 'sequin_getPreconfirmation', ['0x1234'])).error?.code).toBe(-32602);
    expect((await rpc(node.url, 'sequin_sendRawTransactionSync', ['0x1234'])).error).toBeDefined();
  }, 20_000);

  it('sequin_getPreconfirmation asked the moment a transaction is announced pre-confirmed answers a pre-confirmation that verifies (it waits for the commitment, made right after)', async () => {
    const ws = await connectWs(node.url);
    try {
      const announced = await ws.subscribe('newPreconfBlockTransactions');
      const first = Number(await rpcResult<Hex>(node.url, 'eth_getTransactionCount', [DEV_ACCOUNTS[2]!.address, 'pending']));
      for (let nonce = first; nonce < first + 3; nonce++) {
        const hash = await rpcResult<Hex>(node.url, 'eth_sendRawTransaction', [await signTransfer(2, nonce)]);
        await pollUntil(async () => (ws.notifications.get(announced) ?? []).some((notification) => notification.result === hash), {
          timeoutMs: 5_000,
          what: 'the pre-confirmation announcement',
        });
        const answer = await rpcResult<Answer | null>(node.url, 'sequin_getPreconfirmation', [hash]);
        expect(answer, hash).not.toBeNull();
        expect((await verifyPreconfirmation(answer, { sequencer, chainId: CHAIN_ID })).transactionHash).toBe(hash);
      }
    } finally {
      ws.close();
    }
  }, 20_000);

  it('newPreconfSubBlocks carries each signed commitment; newPreconfBlockTransactions with proof carries answers that verify', async () => {
    const ws = await connectWs(node.url);
    try {
      const ticks = await ws.subscribe('newPreconfSubBlocks');
      const proven = await ws.subscribe('newPreconfBlockTransactions', { full: true, proof: true });
      const sent = await rpcResult<Answer>(node.url, 'sequin_sendRawTransactionSync', [await signTransfer(7, 0)]);
      const [message] = await ws.waitFor(proven, 1, 5_000);
      const answer = message!.result as Answer;
      expect(answer.transaction.hash).toBe(sent.transaction.hash);
      expect((await verifyPreconfirmation(answer, { sequencer, chainId: CHAIN_ID })).transactionHash).toBe(sent.transaction.hash);
      const tick = await pollUntil(
        async () =>
          (ws.notifications.get(ticks) ?? []).find((notification) =>
            (notification.result as { transactionHashes: Hex[] }).transactionHashes.includes(sent.transaction.hash),
          ),
        { timeoutMs: 5_000, what: "the tick of the transaction's sub-block" },
      );
      const { commitment, signature, blockNumber, index } = tick.result as {
        commitment: Parameters<typeof hashCommitment>[0];
        signature: Hex;
        blockNumber: Hex;
        index: Hex;
      };
      expect([commitment.blockNumber, commitment.index]).toEqual([blockNumber, index]);
      expect(await recoverAddress({ hash: hashCommitment(commitment, CHAIN_ID), signature })).toBe(sequencer);
    } finally {
      ws.close();
    }
  }, 20_000);
});

describe('over many blocks and a kill -9', () => {
  it('every sealed header’s roots are its last commitment’s, commitments stay chained and signed, and none is replaced after a restart', async () => {
    // Transfers from four accounts while eight blocks are sealed (at most 40 s on a loaded machine).
    const startHead = BigInt(await rpcResult<Hex>(node.url, 'eth_blockNumber'));
    const giveUpAt = Date.now() + 40_000;
    let sealing = true;
    const watch = (async () => {
      while (sealing && Date.now() < giveUpAt) {
        if (BigInt(await rpcResult<Hex>(node.url, 'eth_blockNumber')) >= startHead + 8n) sealing = false;
        else await sleep(100);
      }
      sealing = false;
    })();
    const load = [4, 5, 8, 9].map(async (index) => {
      let nonce = 0;
      while (sealing) {
        await rpcResult(node.url, 'eth_sendRawTransaction', [await signTransfer(index, nonce++)]);
        await sleep(40);
      }
      return nonce;
    });
    await watch;
    const sent = (await Promise.all(load)).reduce((sum, count) => sum + count, 0);
    // Everything sent is pre-confirmed (the pool is empty).
    await pollUntil(async () => (await rpcResult<{ pending: Hex }>(node.url, 'txpool_status')).pending === '0x0', { what: 'an empty pool' });
    const head = BigInt(await rpcResult<Hex>(node.url, 'eth_blockNumber'));
    const openBlock = head + 1n;
    const before = await commitmentsOf(node.url, 1n, openBlock);
    const checked = await commitmentChainProblems(node.url, { sequencer, chainId: CHAIN_ID, from: 1n, to: head });
    expect(checked.problems).toEqual([]);
    expect(checked.blocksWithTransactions).toBeGreaterThanOrEqual(6);
    expect(checked.commitments).toBeGreaterThan(checked.blocksWithTransactions);

    // kill -9 with an open block's sub-blocks signed; the restarted node (same data directory, same key) seals it and goes on.
    await node.kill9();
    node = await startNodeProcess({ storage: { dataDir: node.dataDir! }, args: TIMING });
    expect((await rpcResult<{ address: Address }>(node.url, 'sequin_sequencer')).address).toBe(sequencer);
    const nonce = Number(await rpcResult<Hex>(node.url, 'eth_getTransactionCount', [DEV_ACCOUNTS[6]!.address, 'pending']));
    await rpcResult(node.url, 'sequin_sendRawTransactionSync', [await signTransfer(6, nonce)]);
    const newHead = await waitForBlockAfter(node.url, openBlock, 10_000);
    const after = await commitmentsOf(node.url, 1n, newHead);
    for (const [number, commitments] of before) {
      expect(after.get(number)!.slice(0, commitments.length), `block ${number}`).toEqual(commitments);
    }
    const rechecked = await commitmentChainProblems(node.url, { sequencer, chainId: CHAIN_ID, from: 1n, to: newHead });
    expect(rechecked.problems).toEqual([]);
    expect(rechecked.commitments).toBeGreaterThan(checked.commitments);
    // Answers given before the kill still verify from the restarted node.
    const client = clientOf(node.url);
    for (const answer of answers)
      expect((await getVerifiedPreconfirmation(client, { hash: answer.transaction.hash, sequencer }))!.transactionHash).toBe(answer.transaction.hash);
    console.info(
      `verifiable pre-confirmations: ${sent} transfers, ${rechecked.commitments} commitments over ${newHead} blocks chained and signed across a kill -9`,
    );
  }, 60_000);
});
