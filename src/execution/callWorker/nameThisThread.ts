import { writeFileSync } from 'node:fs';

/**
 * Gives the calling thread the OS name `name` (Linux keeps up to 15 bytes per thread, in
 * /proc/thread-self/comm). Why: `top -H`, `ps -L` and /proc/<pid>/task/<tid>/stat then tell an
 * execution worker from Node's and V8's own threads, which are all named "node"; `npm run bench`
 * splits the node's CPU time by thread this way. Elsewhere (no /proc) it does nothing. Returns
 * whether the name was set.
 */
export function nameThisThread(name: string): boolean {
  try {
    writeFileSync('/proc/thread-self/comm', name.slice(0, 15));
    return true;
  } catch {
    return false;
  }
}

/** The OS name of execution worker N is this prefix, then N. */
export const CALL_WORKER_THREAD_PREFIX = 'sequin-call-';
