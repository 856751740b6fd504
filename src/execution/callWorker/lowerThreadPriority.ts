import { readlinkSync } from 'node:fs';
import { setPriority } from 'node:os';

/**
 * Gives the calling thread the OS scheduling priority `niceness` (a nice value, 0 to 19: higher
 * is lower priority). Linux keeps a nice value per thread, addressed by its thread id, which
 * /proc/thread-self names; a process may always lower its own threads' priority. Why: a worker
 * running a public client's endless loop must not take CPU time from the sequencer or from the
 * dedicated tier's worker on a machine with few cores. Elsewhere (no /proc) it does nothing.
 * Returns whether the priority was set.
 */
export function lowerThreadPriority(niceness: number): boolean {
  if (niceness <= 0) return false;
  try {
    const threadId = Number(readlinkSync('/proc/thread-self').split('/').at(-1));
    if (!Number.isSafeInteger(threadId) || threadId <= 0) return false;
    setPriority(threadId, niceness);
    return true;
  } catch {
    return false;
  }
}
