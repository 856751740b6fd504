/**
 * A JSON-RPC batch of raw transactions, answered as geth answers the same transactions sent one by one in
 * that order, while their senders are recovered on the node's recovery thread (primitives/RecoveryWorker.ts,
 * issue 28): a replacement behind the tx it replaces is judged against it, a duplicate is already known, a
 * signature no key made is an invalid sender, and every acknowledged tx is pre-confirmed in nonce order.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { type Hex, keccak256, parseTransaction, serializeTransaction } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cleanupNodeProcesses, type NodeProcess, startNodeProcess } from '../../src/testing/startNodeProcess.js';
import { DEV_ACCOUNTS, pollReceipt, postRaw, rpcResult, signTransfer, sleep } from './helpers.js';

let node: NodeProcess;

beforeAll(async () => {
  node = await startNodeProcess();
});
afterAll(cleanupNodeProcesses);

/** The OS names of the node's threads. */
const threadNames = (pid: number) => readdirSync(`/proc/${pid}/task`).map((tid) => readFileSync(`/proc/${pid}/task/${tid}/comm`, 'utf8').trim());

/** Account 2's transfer of `nonce`, to a fresh address (so two of the same nonce differ). */
const transfer = (nonce: number): Promise<Hex> => signTransfer(2, nonce);

/** `raw` with its r replaced by the curve order n: no key made that signature. */
function withInvalidR(raw: Hex): Hex {
  const { r: _r, s, yParity, ...fields } = parseTransaction(raw);
  return serializeTransaction(fields, { r: '0xfffffffffffffffffffffffffffffffebaaedce6af48a03bbfd25e8cd0364141', s: s!, yParity: yParity! });
}

describe('a batch of raw transactions with the senders recovered off the main thread', () => {
  it('answers each element as if sent alone in batch order, and pre-confirms every acknowledged tx', async () => {
    // The first submission starts the recovery thread (and is recovered on the main thread meanwhile).
    await rpcResult(node.url, 'eth_sendRawTransaction', [await signTransfer(1, 0)]);
    await sleep(500);
    expect(threadNames(node.process.pid!)).toContain('sequin-recover');

    const inOrder = await Promise.all(Array.from({ length: 40 }, (_, nonce) => transfer(nonce)));
    const elements: Array<{ raw: Hex; expected: { result: Hex } | { message: string } }> = inOrder.map((raw) => ({
      raw,
      expected: { result: keccak256(raw) },
    }));
    // Behind the tx it would replace, at the same price: geth refuses it (sent before, it would have been the one kept).
    elements.splice(6, 0, { raw: await transfer(5), expected: { message: 'replacement transaction underpriced' } });
    elements.splice(12, 0, { raw: inOrder[10]!, expected: { message: 'already known' } });
    elements.splice(20, 0, { raw: withInvalidR(await transfer(40)), expected: { message: 'invalid sender' } });

    const body = JSON.stringify(elements.map(({ raw }, id) => ({ jsonrpc: '2.0', id, method: 'eth_sendRawTransaction', params: [raw] })));
    const { status, text } = await postRaw(node.url, body);
    expect(status).toBe(200);
    const answers = (JSON.parse(text) as Array<{ id: number; result?: Hex; error?: { message: string } }>).map((answer) =>
      answer.error ? { message: answer.error.message } : { result: answer.result! },
    );
    expect(answers).toEqual(elements.map(({ expected }) => expected));

    const last = await pollReceipt(node.url, keccak256(inOrder.at(-1)!), 10_000);
    expect(last.status).toBe('success');
    for (const raw of inOrder) expect((await pollReceipt(node.url, keccak256(raw), 5_000)).status).toBe('success');
    expect(await rpcResult(node.url, 'eth_getTransactionCount', [DEV_ACCOUNTS[2]!.address, 'pending'])).toBe('0x28');
  });
});
