import { LimitExceededError } from '../../errors/LimitExceededError.js';
import type { JobOwner } from './JobOwner.js';

/** What a job is, for the caps that depend on it: a trace may hold a slot for long and build a large answer. */
export type JobClass = 'call' | 'trace';

/** Options of {@link ExecutionScheduler}. */
export interface ExecutionSchedulerOptions {
  /** Execution slots (one per worker thread): jobs that may run at once. */
  slots: number;
  /** Slots only dedicated-tier jobs may use (the first ones); must leave at least one for the public tier. */
  dedicatedSlots: number;
  /** Traces that may run at once, node-wide. */
  maxRunningTraces: number;
  /** Jobs that may wait, node-wide; the public tier may fill at most {@link PUBLIC_QUEUE_SHARE} of them. */
  queueLimit: number;
  /** Jobs one client may have waiting. */
  clientQueueLimit: number;
  /** Milliseconds on a monotonic clock, for the service each client received. Default performance.now. */
  now?: () => number;
}

/** The share of the queue the public tier may fill, so a flood of public clients never refuses a dedicated one. */
export const PUBLIC_QUEUE_SHARE = 0.75;

interface WaitingJob {
  jobClass: JobClass;
  start: (slot: number) => Promise<unknown>;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
}

interface ClientState {
  owner: JobOwner;
  waiting: WaitingJob[];
  running: number;
  /** Sum of the start times of its running jobs: with `running`, their time so far. */
  runningStartedSum: number;
  /** Milliseconds of execution its finished jobs took. */
  service: number;
  /** When it was last given a slot (a dispatch counter): the oldest turn wins ties. */
  lastTurn: number;
}

/**
 * Decides which execution job runs next, and on which slot, so that no client takes more than
 * its share and the dedicated tier keeps capacity of its own:
 *
 * - **Reserved slots.** The first `dedicatedSlots` slots run dedicated-tier jobs only; public
 *   jobs queue for the others however many there are.
 * - **Fair shares.** Each client (API key or address) has its own queue. A free slot goes to the
 *   waiting client that has received the least execution time so far, counting its running
 *   jobs' time (start-time fair queueing: a client sending endless loops quickly has more
 *   service than one sending short calls, so the short calls go first). A client that arrives
 *   starts level with the least-served active client, so it neither starves others nor is
 *   starved by their history. While others wait, a client holds at most its share of the slots
 *   its tier may use (slots ÷ active clients, at least one); when nobody else waits it may use
 *   them all (no slot idles while work waits).
 * - **Traces** are capped at `maxRunningTraces` at once (a call may pass a waiting trace).
 * - **Bounded queues**: past `clientQueueLimit` waiting jobs for one client, or the node-wide
 *   `queueLimit` (of which the public tier may fill {@link PUBLIC_QUEUE_SHARE}), a job is refused
 *   with a LimitExceededError (-32005 "too many pending calls").
 *
 * A running job is never preempted: its slot frees when it settles (the executor bounds that
 * with --rpc-evm-timeout and the trace timeout). The scheduler knows nothing of threads; the
 * `start` function a job comes with runs it on the slot it is given.
 */
export class ExecutionScheduler {
  private readonly clients = new Map<string, ClientState>();
  private readonly freeSlots: boolean[];
  private readonly dedicatedSlots: number;
  private readonly now: () => number;
  private runningTraces = 0;
  private waitingTotal = 0;
  private waitingPublic = 0;
  private turns = 0;
  /** The least service among active clients when last computed: where a newcomer starts. */
  private virtualTime = 0;
  private closedWith: Error | undefined;

  constructor(private readonly options: ExecutionSchedulerOptions) {
    if (options.slots < 1) throw new Error('an execution scheduler needs at least one slot');
    this.freeSlots = Array.from({ length: options.slots }, () => true);
    this.dedicatedSlots = Math.max(0, Math.min(options.dedicatedSlots, options.slots - 1));
    this.now = options.now ?? (() => performance.now());
  }

  /** Jobs waiting for a slot. */
  get waiting(): number {
    return this.waitingTotal;
  }

  /**
   * Queues a job for `owner`; `start(slot)` is called once it may run, on a free slot, and the
   * returned promise settles as its promise does. Rejects at once with a LimitExceededError when
   * the queues are full, and with the close error once {@link close} has been called.
   */
  schedule<T>(owner: JobOwner, jobClass: JobClass, start: (slot: number) => Promise<T>): Promise<T> {
    if (this.closedWith) return Promise.reject(this.closedWith);
    const client = this.clientOf(owner);
    const publicFull = owner.tier === 'public' && this.waitingPublic >= Math.floor(this.options.queueLimit * PUBLIC_QUEUE_SHARE);
    if (client.waiting.length >= this.options.clientQueueLimit || this.waitingTotal >= this.options.queueLimit || publicFull) {
      this.forgetIfIdle(client);
      return Promise.reject(new LimitExceededError({ kind: 'pendingCalls' }));
    }
    return new Promise<T>((resolve, reject) => {
      client.waiting.push({ jobClass, start, resolve: resolve as (value: unknown) => void, reject });
      this.waitingTotal++;
      if (owner.tier === 'public') this.waitingPublic++;
      this.dispatch();
    });
  }

  /** Refuses new jobs and fails every waiting one with `error`; running jobs are left to their executor. */
  close(error: Error): void {
    this.closedWith = error;
    for (const client of this.clients.values()) {
      for (const job of client.waiting.splice(0)) job.reject(error);
    }
    this.waitingTotal = 0;
    this.waitingPublic = 0;
  }

  private clientOf(owner: JobOwner): ClientState {
    const key = `${owner.tier}:${owner.clientId}`;
    let client = this.clients.get(key);
    if (!client) {
      this.updateVirtualTime();
      client = { owner, waiting: [], running: 0, runningStartedSum: 0, service: this.virtualTime, lastTurn: -1 };
      this.clients.set(key, client);
    }
    return client;
  }

  /** Starts waiting jobs while slots are free and some job may use one. */
  private dispatch(): void {
    for (;;) {
      const choice = this.choose();
      if (!choice) return;
      this.run(choice.client, choice.index, choice.slot);
    }
  }

  /** The next job to run and its slot: under-share clients first, then the least served, then the longest without a turn. */
  private choose(): { client: ClientState; index: number; slot: number } | undefined {
    const now = this.now();
    const active = this.activeClients();
    let best: { client: ClientState; index: number; slot: number; overShare: boolean; served: number } | undefined;
    for (const client of this.clients.values()) {
      if (client.waiting.length === 0) continue;
      const index = client.waiting.findIndex((job) => job.jobClass !== 'trace' || this.runningTraces < this.options.maxRunningTraces);
      if (index < 0) continue;
      const slot = this.freeSlotFor(client.owner.tier);
      if (slot === undefined) continue;
      const overShare = client.running >= this.shareOf(client.owner.tier, active);
      const served = this.attained(client, now);
      if (
        !best ||
        better({ overShare, served, lastTurn: client.lastTurn }, { overShare: best.overShare, served: best.served, lastTurn: best.client.lastTurn })
      ) {
        best = { client, index, slot, overShare, served };
      }
    }
    return best;
  }

  private run(client: ClientState, index: number, slot: number): void {
    const [job] = client.waiting.splice(index, 1) as [WaitingJob];
    this.waitingTotal--;
    if (client.owner.tier === 'public') this.waitingPublic--;
    this.freeSlots[slot] = false;
    if (job.jobClass === 'trace') this.runningTraces++;
    const startedAt = this.now();
    client.running++;
    client.runningStartedSum += startedAt;
    client.lastTurn = this.turns++;
    let running: Promise<unknown>;
    try {
      running = job.start(slot);
    } catch (error) {
      running = Promise.reject(error);
    }
    running.then(
      (value) => {
        this.finish(client, slot, job, startedAt);
        job.resolve(value);
      },
      (error: unknown) => {
        this.finish(client, slot, job, startedAt);
        job.reject(error);
      },
    );
  }

  private finish(client: ClientState, slot: number, job: WaitingJob, startedAt: number): void {
    this.freeSlots[slot] = true;
    if (job.jobClass === 'trace') this.runningTraces--;
    client.running--;
    client.runningStartedSum -= startedAt;
    client.service += this.now() - startedAt;
    this.forgetIfIdle(client);
    if (!this.closedWith) this.dispatch();
  }

  /** A free slot a job of `tier` may use: dedicated jobs take a reserved one first, public jobs only shared ones. */
  private freeSlotFor(tier: JobOwner['tier']): number | undefined {
    if (tier === 'dedicated') {
      const reserved = this.freeSlots.findIndex((free, slot) => free && slot < this.dedicatedSlots);
      if (reserved >= 0) return reserved;
    }
    const shared = this.freeSlots.findIndex((free, slot) => free && slot >= this.dedicatedSlots);
    return shared >= 0 ? shared : undefined;
  }

  /** The slots a client of `tier` may hold while others wait: its tier's slots over the active clients, at least one. */
  private shareOf(tier: JobOwner['tier'], active: number): number {
    const tierSlots = tier === 'dedicated' ? this.freeSlots.length : this.freeSlots.length - this.dedicatedSlots;
    return Math.max(1, Math.floor(tierSlots / Math.max(1, active)));
  }

  /** Clients with jobs waiting or running. */
  private activeClients(): number {
    let active = 0;
    for (const client of this.clients.values()) if (client.waiting.length > 0 || client.running > 0) active++;
    return active;
  }

  /** Service received, the running jobs' time so far included. */
  private attained(client: ClientState, now: number): number {
    return client.service + client.running * now - client.runningStartedSum;
  }

  private updateVirtualTime(): void {
    const now = this.now();
    let least: number | undefined;
    for (const client of this.clients.values()) {
      const served = this.attained(client, now);
      if (least === undefined || served < least) least = served;
    }
    if (least !== undefined && least > this.virtualTime) this.virtualTime = least;
  }

  /** Drops a client with nothing waiting or running (its history no longer matters: a newcomer starts level). */
  private forgetIfIdle(client: ClientState): void {
    if (client.waiting.length > 0 || client.running > 0) return;
    this.updateVirtualTime();
    this.clients.delete(`${client.owner.tier}:${client.owner.clientId}`);
  }
}

interface Rank {
  overShare: boolean;
  served: number;
  lastTurn: number;
}

function better(candidate: Rank, best: Rank): boolean {
  if (candidate.overShare !== best.overShare) return !candidate.overShare;
  if (candidate.served !== best.served) return candidate.served < best.served;
  return candidate.lastTurn < best.lastTurn;
}
