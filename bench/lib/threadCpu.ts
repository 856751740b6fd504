/**
 * CPU time of a node's threads from /proc/<pid>/task/<tid>/schedstat (the scheduler's on-CPU time,
 * user and system, in ns), named from .../stat, so a benchmark can report what a request costs the
 * node on each of its threads. Unlike a rate, CPU time per request hardly moves when other processes
 * share the cores, so it is the figure to compare between builds and peers on a loaded machine.
 * Why schedstat and not stat's utime + stime: those count in ticks of 10 ms per thread, too coarse
 * for a one-second round of a few hundred requests.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { CALL_WORKER_THREAD_PREFIX } from '../../src/execution/callWorker/nameThisThread.js';
import { RECOVERY_THREAD_NAME } from '../../src/primitives/RecoveryWorker.js';

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
      const onCpuNs = Number(readFileSync(`/proc/${pid}/task/${tid}/schedstat`, 'utf8').split(' ')[0]);
      threads.set(Number(tid), { name, ms: onCpuNs / 1e6 });
    } catch {
      // The thread ended meanwhile.
    }
  }
  return threads;
}

/**
 * CPU time (ms) of this whole process so far, every thread (getrusage: µs resolution), for in-process
 * measurements: a thread's schedstat on this machine's kernel counts in whole ticks (~1–4 ms).
 */
export function processCpuMs(): number {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
}

/** The classes a Sequin process's threads fall in. */
export type ThreadClass = 'main' | 'workers' | 'other';

/** What each class is, for reports. */
export const THREAD_CLASS_LABELS: Record<ThreadClass, string> = {
  main: 'main thread',
  workers: 'worker threads (execution, sender recovery)',
  other: "V8's helper threads (GC, compiler) and Node's other threads",
};

/**
 * Sequin's main thread is the process's first (tid = pid); its execution workers name their threads
 * `sequin-call-<slot>`, its sender-recovery thread `sequin-recover`; every other thread is Node's or V8's (all named "node"): V8's platform
 * threads (parallel and concurrent GC, background compiling), libuv's thread pool, lmdb-js's writer.
 * During calls and estimates, which write nothing and touch no files, that is V8's helpers.
 */
export function classOfThread(pid: number, tid: number, name: string): ThreadClass {
  if (tid === pid) return 'main';
  if (name.startsWith(CALL_WORKER_THREAD_PREFIX) || name === RECOVERY_THREAD_NAME) return 'workers';
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

/** "main 280, execution workers 430, other threads 250" (µs per request): the classes a process has. */
export function formatByClass(cpu: CpuPerRequest): string {
  const names: Record<ThreadClass, string> = { main: 'main', workers: 'execution workers', other: 'other threads' };
  return (['main', 'workers', 'other'] as const)
    .filter((threadClass) => cpu.byClass[threadClass] > 0)
    .map((threadClass) => `${names[threadClass]} ${Math.round(cpu.byClass[threadClass])}`)
    .join(', ');
}
