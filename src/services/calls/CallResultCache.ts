import { ExecutionFailedError } from '../../errors/ExecutionFailedError.js';
import { ExecutionRevertedError } from '../../errors/ExecutionRevertedError.js';
import { GasAllowanceExceededError } from '../../errors/GasAllowanceExceededError.js';
import { InvalidCallError } from '../../errors/InvalidCallError.js';

/** Requests whose canonical form is longer than this (large calldata) are not cached. */
const MAX_KEY_LENGTH = 4096;
/** Answers larger than this are not kept (return data of eth_call). */
const MAX_RESULT_BYTES = 16 * 1024;

/**
 * Answers of eth_call and eth_estimateGas, by the exact state they ran on and the exact request.
 * Both are deterministic functions of the two, so a second identical request on the same state
 * gets the first one's answer (a returned value, or a revert or failure, which are answers too)
 * without running the EVM again; identical requests arriving while the first still runs share
 * its execution. What is not an answer (a time-out, a full queue, a worker that died) is never
 * kept.
 *
 * The state is named so that it can never mean two states: a sealed block by its hash (a
 * re-mined block number has another hash), the pending state by the chain view it was read in
 * (views are immutable; each sub-block and seal publishes a new one). The request key is a
 * canonical serialization of the whole job, so any field a request grows (state overrides, …)
 * is part of it. Bounded to `maxEntries` (least recently used go first); 0 disables it.
 *
 * Why: wallets and dapps repeat the same reads and estimates (balances, allowances, a
 * transaction's gas) every block, often from several tabs at once; each costs a worker a few
 * hundred microseconds of EVM, a hit costs a map lookup.
 */
export class CallResultCache {
  private readonly entries = new Map<string, Promise<unknown>>();
  private readonly viewIds = new WeakMap<object, number>();
  private nextViewId = 0;

  constructor(private readonly maxEntries: number) {}

  /**
   * The answer to `job` on `state`: the cached one, or `execute()`'s, kept when it is an answer.
   * `state` is a sealed block's hash, or the chain view whose pending state the job reads.
   */
  answer<T>(state: string | object, job: object, execute: () => Promise<T>): Promise<T> {
    if (this.maxEntries <= 0) return execute();
    const request = canonical(job);
    if (request.length > MAX_KEY_LENGTH) return execute();
    const key = `${typeof state === 'string' ? state : this.viewId(state)}|${request}`;
    const cached = this.entries.get(key);
    if (cached) {
      // Most recently used last: Map keeps insertion order.
      this.entries.delete(key);
      this.entries.set(key, cached);
      return cached as Promise<T>;
    }
    const running = execute();
    this.entries.set(key, running);
    if (this.entries.size > this.maxEntries) this.entries.delete(this.entries.keys().next().value!);
    running.then(
      (value) => {
        if (value instanceof Uint8Array && value.length > MAX_RESULT_BYTES) this.forget(key, running);
      },
      (error: unknown) => {
        if (!isAnswer(error)) this.forget(key, running);
      },
    );
    return running;
  }

  private forget(key: string, entry: Promise<unknown>): void {
    if (this.entries.get(key) === entry) this.entries.delete(key);
  }

  private viewId(view: object): string {
    let id = this.viewIds.get(view);
    if (id === undefined) {
      id = this.nextViewId++;
      this.viewIds.set(view, id);
    }
    return `view:${id}`;
  }
}

/** Errors that are the call's answer on that state: they come again on every run. */
function isAnswer(error: unknown): boolean {
  return (
    error instanceof ExecutionRevertedError ||
    error instanceof ExecutionFailedError ||
    error instanceof InvalidCallError ||
    error instanceof GasAllowanceExceededError
  );
}

/** A canonical text of a job: bytes as hex, bigints tagged, object keys sorted, undefined fields left out. */
export function canonical(value: unknown): string {
  if (value === undefined) return 'u';
  if (value === null) return 'null';
  if (typeof value === 'bigint') return `${value}n`;
  if (value instanceof Uint8Array) return `0x${Buffer.from(value.buffer, value.byteOffset, value.byteLength).toString('hex')}`;
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (typeof value === 'object') {
    const fields = Object.keys(value)
      .filter((name) => (value as Record<string, unknown>)[name] !== undefined)
      .sort()
      .map((name) => `${name}:${canonical((value as Record<string, unknown>)[name])}`);
    return `{${fields.join(',')}}`;
  }
  return JSON.stringify(value);
}
