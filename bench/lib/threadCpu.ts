/**
 * CPU time of a node's threads from /proc/<pid>/task/<tid>/stat (user + system), so a benchmark can
 * report what a request costs the node on each of its threads. Unlike a rate, CPU time per request
 * hardly moves when other processes share the cores, so it is the figure to compare between builds
 * on a loaded machine. The kernel counts it in ticks of 10 ms (USER_HZ 100) per thread: over a
 * thousand requests or more that is a resolution of 10 µs per request per thread or better.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { CALL_WORKER_THREAD_PREFIX } from '../../src/execution/callWorker/nameThisThread.js';

const MS_PER_TICK = 10;

/** One thread's CPU time so far. */
export interface ThreadCpu {
  name: string;
  ms: number;
}

/** CPU time (ms) of every live thread of `pid`, by thread id. */
export function threadCpu(pid: number): Map<number, ThreadCpu> {
  const threads = new Map<number, ThreadCpu>();
  for (const tid of readdirSync(`/proc/${pid}/task`)) {
    try {
      const stat = readFileSync(`/proc/${pid}/task/${tid}/stat`, 'utf8');
      const name = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      threads.set(Number(tid), { name, ms: (Number(fields[11]) + Number(fields[12])) * MS_PER_TICK });
    } catch {
      // The thread ended meanwhile.
    }
  }
  return threads;
}

/** The classes a Sequin process's threads fall in. */
export type ThreadClass = 'main' | 'workers' | 'other';

/** What each class is, for reports. */
export const THREAD_CLASS_LABELS: Record<ThreadClass, string> = {
  main: 'main thread',
  workers: 'execution workers',
  other: "V8's helper threads (GC, compiler) and Node's other threads",
};

/**
 * Sequin's main thread is the process's first (tid = pid); its execution workers name their threads
 * `sequin-call-<slot>`; every other thread is Node's or V8's (all named "node"): V8's platform
 * threads (parallel and concurrent GC, background compiling), libuv's thread pool, lmdb-js's writer.
 * During calls and estimates, which write nothing and touch no files, that is V8's helpers.
 */
export function classOfThread(pid: number, tid: number, name: string): ThreadClass {
  if (tid === pid) return 'main';
  if (name.startsWith(CALL_WORKER_THREAD_PREFIX)) return 'workers';
  return 'other';
}

/** CPU spent between two readings (ms), by thread, threads that started meanwhile counted from 0. */
export function cpuSpent(before: Map<number, ThreadCpu>, after: Map<number, ThreadCpu>): Map<number, ThreadCpu> {
  const spent = new Map<number, ThreadCpu>();
  for (const [tid, thread] of after) spent.set(tid, { name: thread.name, ms: thread.ms - (before.get(tid)?.ms ?? 0) });
  return spent;
}

/** CPU per request (µs) of a process's threads over `requests`: all threads together and by class. */
export interface CpuPerRequest {
  total: number;
  byClass: Record<ThreadClass, number>;
}

export function cpuPerRequest(pid: number, spent: Map<number, ThreadCpu>, requests: number): CpuPerRequest {
  const byClass: Record<ThreadClass, number> = { main: 0, workers: 0, other: 0 };
  let total = 0;
  for (const [tid, { name, ms }] of spent) {
    const micros = (1000 * ms) / requests;
    byClass[classOfThread(pid, tid, name)] += micros;
    total += micros;
  }
  return { total, byClass };
}

/**
 * Measures `work` (which makes `requests()` requests in all) on the process `pid`: its result and
 * the process's CPU per request. Without a pid (a peer whose process is not ours to read), only the result.
 */
export async function withCpuPerRequest<T>(
  pid: number | undefined,
  work: () => Promise<T>,
  requests: (result: T) => number,
): Promise<{ result: T; cpu?: CpuPerRequest }> {
  if (pid === undefined) return { result: await work() };
  const before = threadCpu(pid);
  const result = await work();
  const spent = cpuSpent(before, threadCpu(pid));
  const count = requests(result);
  return { result, cpu: count > 0 ? cpuPerRequest(pid, spent, count) : undefined };
}

/** "960 µs CPU: main 280, workers 430, V8 helpers 250" (Sequin) or "410 µs CPU" (a peer, all threads together). */
export function formatCpuPerRequest(cpu: CpuPerRequest, byThread: boolean): string {
  const total = `${Math.round(cpu.total)} µs CPU per request`;
  if (!byThread) return `${total}, all threads`;
  const { main, workers, other } = cpu.byClass;
  return `${total}: main ${Math.round(main)}, execution workers ${Math.round(workers)}, V8 helpers and other threads ${Math.round(other)}`;
}
