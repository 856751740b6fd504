import { randomUUID } from 'node:crypto';
import { jetstream } from '@nats-io/jetstream';
import type { NodeConfig } from '../config/nodeConfig.js';
import type { Logger } from '../primitives/logger.js';
import type { MethodDefinition } from '../rpc/server/MethodDefinition.js';
import type { RpcServer } from '../rpc/server/RpcServer.js';
import { formatPosition, parsePosition, type ReadPositions, reachedPosition } from '../rpc/transports/ReadPositions.js';
import type { BlockProducer } from '../sequencer/BlockProducer.js';
import type { Sequencer } from '../sequencer/Sequencer.js';
import type { TransactionIntake } from '../txpool/TransactionIntake.js';
import type { FleetConnection } from './connectFleet.js';
import type { JetStreamLog } from './JetStreamLog.js';
import { FOLLOWER_API_TIMEOUT_MS, LogFollower } from './LogFollower.js';
import { SequencerLease } from './SequencerLease.js';
import { WriteForwarder, withForwardedWrites } from './WriteForwarder.js';
import { WriteResponder } from './WriteResponder.js';
import { withResumeWait } from './withResumeWait.js';

/** What a fleet node is doing now. */
export type FleetState = 'following' | 'taking over' | 'sequencing' | 'stopped';

/** The node parts a fleet member drives. */
export interface FleetMemberParts {
  producer: BlockProducer;
  sequencer: Sequencer;
  intake: TransactionIntake;
}

/**
 * One node's part in a fleet: it follows the sequencer's log, and — unless it is a replica — it
 * competes for the sequencer lease. Taking the lease, it applies the log to its end, starts
 * appending after it (the fence) and sequences: the open block's pre-confirmed sub-blocks and the
 * pool it mirrored are already here, so it seals and executes them as the old sequencer would
 * have. Losing the lease or hitting the fence, it stops sequencing and follows again.
 *
 *   following ──lease taken──▶ taking over (apply to the log's end) ──▶ sequencing
 *       ▲                                                                   │
 *       └────────────── lease lost / append fenced / stop ──────────────────┘
 */
export class FleetMember {
  readonly node = randomUUID();
  readonly follower: LogFollower;
  readonly forwarder: WriteForwarder;
  private readonly lease: SequencerLease;
  private readonly responder: WriteResponder;
  private current: FleetState = 'following';
  private leaseTimer: NodeJS.Timeout | undefined;
  private transition: Promise<void> = Promise.resolve();
  private rpc: RpcServer | undefined;
  /** Hears every change of state (logs and metrics). */
  onStateChange: (state: FleetState) => void = () => {};

  constructor(
    private readonly config: NodeConfig,
    private readonly fleet: FleetConnection,
    private readonly log: JetStreamLog,
    private readonly parts: FleetMemberParts,
    private readonly logger: Logger,
  ) {
    // The follower's API calls give up sooner than the client's default, to find new NATS leaders sooner.
    const followerClient = jetstream(fleet.connection, { timeout: FOLLOWER_API_TIMEOUT_MS });
    this.follower = new LogFollower({ client: followerClient, stream: fleet.stream, log, producer: parts.producer, intake: parts.intake, logger });
    this.forwarder = new WriteForwarder(fleet.connection, fleet.writeSubject, this.follower, config.rpcTimeoutMs, logger);
    this.lease = new SequencerLease(fleet.leases, this.node, logger);
    this.responder = new WriteResponder(
      fleet.connection,
      fleet.writeSubject,
      () => this.rpc as RpcServer,
      () => log.lastSequence,
      () => formatPosition(parts.producer.views.current().position),
      () => this.sequencing,
      logger,
    );
    log.onFenced = () => void this.stepDown('another sequencer appended to the log');
  }

  get role(): NodeConfig['role'] {
    return this.config.role;
  }

  get state(): FleetState {
    return this.current;
  }

  get sequencing(): boolean {
    return this.current === 'sequencing';
  }

  get leaseHeld(): boolean {
    return this.lease.held;
  }

  /** The node's methods, with writes forwarded while it does not sequence, and subscriptions resumed from a cursor ahead of it waiting for it. */
  methods(all: readonly MethodDefinition[]): MethodDefinition[] {
    const withWrites = withForwardedWrites(all, { sequencing: () => this.sequencing, forwarder: this.forwarder });
    return withResumeWait(withWrites, {
      views: this.parts.producer.views,
      sequencing: () => this.sequencing,
      intervalMs: this.config.preconfIntervalMs,
      timeoutMs: this.config.rpcTimeoutMs,
      sequencerOpenBlock: async (tier) => {
        try {
          const body = JSON.stringify({ jsonrpc: '2.0', id: 0, method: 'eth_blockNumber', params: [] });
          const position = parsePosition((await this.forwarder.forwardBody(body, tier)).position);
          return position?.blockNumber;
        } catch {
          return undefined;
        }
      },
    });
  }

  /**
   * Read positions of this node: a follower behind the position a client has seen waits up to one
   * sub-block interval, then has the sequencer answer.
   */
  readPositions(): ReadPositions {
    const views = this.parts.producer.views;
    return {
      current: () => formatPosition(views.current().position),
      reach: async (wanted) => {
        const deadline = Date.now() + this.config.preconfIntervalMs;
        while (!reachedPosition(views.current().position, wanted)) {
          if (this.sequencing || Date.now() >= deadline) return this.sequencing;
          await new Promise((resolve) => setTimeout(resolve, 5));
        }
        return true;
      },
      forward: (body, context) => this.forwarder.forwardBody(body, context.tier),
    };
  }

  /** Starts following, and (sequencer and standby roles) competing for the lease. */
  async start(rpc: RpcServer): Promise<void> {
    this.rpc = rpc;
    await this.follower.start();
    this.logger.info('following the sequencer log', { role: this.config.role, node: this.node, position: this.follower.applied });
    if (this.config.role === 'replica') return;
    const everyMs = Math.max(50, Math.floor(this.fleet.leaseTtlMs / 4));
    this.leaseTimer = setInterval(() => void this.onLeaseTick(), everyMs);
    await this.onLeaseTick();
  }

  async stop(): Promise<void> {
    clearInterval(this.leaseTimer);
    await this.serialized(async () => {
      const wasSequencing = this.sequencing;
      this.setState('stopped');
      this.responder.stop();
      await this.parts.sequencer.stop();
      await this.follower.stop();
      if (wasSequencing) await this.lease.release();
    });
    await this.fleet.connection.drain().catch(() => {});
  }

  private onLeaseTick(): Promise<void> {
    return this.serialized(async () => {
      if (this.current === 'stopped' || this.follower.failure) return;
      if (this.sequencing) {
        if (!(await this.lease.renew())) await this.stepDownNow('lost the sequencer lease');
        return;
      }
      if (await this.lease.tryAcquire()) await this.takeOver();
    });
  }

  /** Applies the log to its end, then sequences after it. */
  private async takeOver(): Promise<void> {
    this.setState('taking over');
    const end = (await this.fleet.manager.streams.info(this.fleet.stream)).state.last_seq;
    const caughtUp = await this.follower.waitFor(end, this.config.blockTimeMs * 5, { seen: true });
    if (!caughtUp || this.follower.failure) {
      this.logger.warn('could not apply the log to its end; giving the lease back', { applied: this.follower.applied, end });
      await this.lease.release();
      this.setState('following');
      return;
    }
    await this.follower.stop();
    // After everything read: parts of an append the last sequencer never finished stay behind, unapplied.
    this.log.lead(this.follower.seen);
    this.responder.start();
    this.parts.sequencer.start();
    this.setState('sequencing');
    this.logger.info('sequencing the fleet', {
      node: this.node,
      position: this.follower.applied,
      openBlock: this.parts.producer.openBlock.number,
      preconfirmedSubBlocks: this.parts.producer.openBlock.subBlocks.length,
    });
  }

  private stepDown(reason: string): Promise<void> {
    return this.serialized(() => this.stepDownNow(reason));
  }

  private async stepDownNow(reason: string): Promise<void> {
    if (!this.sequencing && this.current !== 'taking over') return;
    this.responder.stop();
    this.log.follow();
    await this.parts.sequencer.stop();
    this.log.follow();
    this.logger.warn('stepped down to follow the sequencer log', { reason, position: this.log.lastSequence });
    this.setState('following');
    await this.follower.start();
  }

  private setState(state: FleetState): void {
    if (state === this.current) return;
    this.logger.info('fleet role change', { role: this.config.role, node: this.node, from: this.current, to: state, position: this.log.lastSequence });
    this.current = state;
    this.onStateChange(state);
  }

  /** Runs role changes one at a time. */
  private serialized(step: () => Promise<void>): Promise<void> {
    const result = this.transition.then(step);
    this.transition = result.catch((error) => this.logger.error('fleet role change failed', { error }));
    return result;
  }
}
