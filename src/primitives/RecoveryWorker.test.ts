import { describe, expect, it } from 'vitest';
import { keccak256 } from './keccak.js';
import { type RecoveryRequest, RecoveryWorker } from './RecoveryWorker.js';
import { publicKeyOf, signHash } from './secp256k1.js';

/** A request signed by a key of its own, and that key's public key. */
function signed(index: number): { request: RecoveryRequest; publicKey: Uint8Array } {
  const privateKey = keccak256(Uint8Array.of(index, 1));
  const messageHash = keccak256(Uint8Array.of(index, 2));
  const { r, s, yParity } = signHash(messageHash, privateKey);
  const signature = new Uint8Array(64);
  signature.set(r, 0);
  signature.set(s, 32);
  return { request: { messageHash, signature, recoveryId: yParity }, publicKey: publicKeyOf(privateKey) };
}

/** What `recover` answered before it returned: `{ at: 'once', publicKey }`, or `{ at: 'later' }`. */
function answerAtOnce(worker: RecoveryWorker, request: RecoveryRequest): { at: 'once'; publicKey: Uint8Array | undefined } | { at: 'later' } {
  let answer: { at: 'once'; publicKey: Uint8Array | undefined } | { at: 'later' } = { at: 'later' };
  let returned = false;
  worker.recover(request, (publicKey) => {
    if (!returned) answer = { at: 'once', publicKey };
  });
  returned = true;
  return answer;
}

/** Recovers on the thread once it is ready (the first request starts it and is answered synchronously). */
async function readyWorker(): Promise<RecoveryWorker> {
  const worker = new RecoveryWorker();
  for (let attempt = 0; attempt < 200; attempt++) {
    if (answerAtOnce(worker, signed(0).request).at === 'later') return worker;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error('the recovery thread never became ready');
}

const answers = (worker: RecoveryWorker, requests: RecoveryRequest[]) =>
  Promise.all(requests.map((request) => new Promise<Uint8Array | undefined>((resolve) => worker.recover(request, resolve))));

describe('RecoveryWorker', () => {
  it('answers synchronously before its thread is ready', async () => {
    const worker = new RecoveryWorker();
    const { request, publicKey } = signed(1);
    expect(answerAtOnce(worker, request)).toEqual({ at: 'once', publicKey });
    await worker.close();
  });

  it("recovers each signer's public key on its thread, many per turn, and undefined for a signature no key made", async () => {
    const worker = await readyWorker();
    const cases = Array.from({ length: 50 }, (_, index) => signed(index + 10));
    const invalid = { ...cases[7]!.request, signature: new Uint8Array(64) }; // r = s = 0
    const requests = cases.map(({ request }) => request);
    requests.splice(7, 0, invalid);
    const expected: Array<Uint8Array | undefined> = cases.map(({ publicKey }) => publicKey);
    expected.splice(7, 0, undefined);
    const answered = answers(worker, requests);
    expect(await answered).toEqual(expected);
    await worker.close();
  });

  it("recovers a turn's lone request on the calling thread (no round trip to the thread for one signature), answered through its callback", async () => {
    const worker = await readyWorker();
    const { request, publicKey } = signed(4);
    expect(await answers(worker, [request])).toEqual([publicKey]);
    await worker.close();
  });

  it('recovers on the calling thread once closed, requests still out included', async () => {
    const worker = await readyWorker();
    const { request, publicKey } = signed(3);
    const outstanding = answers(worker, [request]);
    await worker.close();
    expect(await outstanding).toEqual([publicKey]);
    expect(answerAtOnce(worker, request)).toEqual({ at: 'once', publicKey });
  });
});
