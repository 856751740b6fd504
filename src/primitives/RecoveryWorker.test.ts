import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
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
  it('stops its thread at close, in the middle of batches, without ending the process', () => {
    // A thread terminated inside secp256k1's native code takes its whole process with it ("terminate
    // called after throwing an instance of 'Napi::Error'"), so the cycles run in a child process, on the
    // build the node runs (dist/).
    const module = new URL('../../dist/primitives/RecoveryWorker.js', import.meta.url).href;
    const crypto = new URL('../../dist/primitives/secp256k1.js', import.meta.url).href;
    const script = `
      const { RecoveryWorker } = await import(${JSON.stringify(module)});
      const { signHash } = await import(${JSON.stringify(crypto)});
      const { randomBytes } = await import('node:crypto');
      const requests = Array.from({ length: 64 }, () => {
        const messageHash = randomBytes(32);
        const { r, s, yParity } = signHash(messageHash, randomBytes(32));
        return { messageHash, signature: Buffer.concat([r, s]), recoveryId: yParity };
      });
      for (let cycle = 0; cycle < 30; cycle++) {
        const worker = new RecoveryWorker();
        let ready = false;
        while (!ready) {
          let returned = false;
          worker.recover(requests[0], () => { ready = returned; });
          returned = true;
          await new Promise((resolve) => setTimeout(resolve, 5));
        }
        let answered = 0;
        for (let round = 0; round < 8; round++) for (const request of requests) worker.recover(request, () => answered++);
        await new Promise((resolve) => setTimeout(resolve, cycle % 3));
        await worker.close();
        if (answered !== 8 * requests.length) throw new Error('answered ' + answered);
      }
      console.log('closed 30 times');
    `;
    // A file, not `-e`: the worker thread inherits the process's flags, and `--input-type=module` would make
    // its CommonJS source a module. Without the test runner's NODE_OPTIONS (its hooks are not for a plain child).
    const file = path.join(mkdtempSync(path.join(tmpdir(), 'sequin-recovery-')), 'closeCycles.mjs');
    writeFileSync(file, script);
    const { NODE_OPTIONS: _runnerOptions, ...env } = process.env;
    const child = spawnSync(process.execPath, [file], { encoding: 'utf8', timeout: 60_000, env });
    rmSync(path.dirname(file), { recursive: true, force: true });
    expect(child.stderr).not.toContain('terminate called');
    expect(child.stdout).toContain('closed 30 times');
    expect(child.status).toBe(0);
  });
});
