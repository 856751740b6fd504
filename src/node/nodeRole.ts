import type { NodeConfig } from '../config/nodeConfig.js';
import type { Logger } from '../primitives/logger.js';
import type { NodeMetrics } from '../rpc/metrics/NodeMetrics.js';
import type { MethodDefinition } from '../rpc/server/MethodDefinition.js';
import type { RpcServer } from '../rpc/server/RpcServer.js';
import type { Readiness } from '../rpc/status/statusRoutes.js';
import { localReadPositions, type ReadPositions } from '../rpc/transports/ReadPositions.js';
import type { NodeParts, NodePartsOptions } from './buildNodeParts.js';

/**
 * What differs between a node on its own and a member of a fleet (`--nats`), decided once, at start:
 * startNode asks the role instead of asking "is this a fleet member" feature by feature.
 *
 *   chooseNodeRole(config) ─▶ partsOptions (a fleet's log and shared genesis) ─▶ buildNodeParts
 *                          ─▶ join(parts) ─▶ RunningRole: methods, metrics, /ready, read positions,
 *                                                         start (after the RPC server exists), stop
 */
export interface NodeRole {
  /** What the node's parts are built with: a fleet's log and the genesis timestamp its nodes share. */
  readonly partsOptions: Pick<NodePartsOptions, 'log' | 'genesisTimestamp'>;
  /** Takes the role with the built parts (a fleet member checks the shared genesis and resumes its log position). */
  join(parts: NodeParts): Promise<RunningRole>;
}

/** A role taken: how the node serves and runs in it. */
export interface RunningRole {
  /** The methods served: a fleet member forwards writes while it does not sequence. */
  methods(all: readonly MethodDefinition[]): readonly MethodDefinition[];
  /** Registers the role's own metrics. */
  observeMetrics(metrics: NodeMetrics): void;
  /** /ready: the node's own readiness, with a fleet member's log position and lag. */
  readiness(own: () => Readiness): () => Readiness;
  /** Where reads stand, and how a read waits for a position it has not reached (a fleet's replicas). */
  readPositions(): ReadPositions;
  /** Starts producing (a lone node's sequencer) or following the fleet's log. */
  start(rpc: RpcServer): Promise<void>;
  stop(): Promise<void>;
}

/** The role `config` asks for: a fleet member with `--nats`, else a node on its own. */
export async function chooseNodeRole(config: NodeConfig, logger: Logger): Promise<NodeRole> {
  return config.nats === undefined ? LONE_NODE : await fleetMemberRole(config, logger);
}

/** A node on its own: its sequencer is the only writer, always running. */
const LONE_NODE: NodeRole = {
  partsOptions: {},
  join: async ({ sequencer }) => ({
    methods: (all) => all,
    observeMetrics: () => {},
    readiness: (own) => own,
    readPositions: () => localReadPositions(sequencer.views),
    start: async () => sequencer.start(),
    stop: () => sequencer.stop(),
  }),
};

/**
 * A fleet member. Its code is loaded only by a node started with --nats: with the NATS client it is
 * a fifth of the bundle, which a lone node would otherwise parse and run at every start (issue 13).
 */
async function fleetMemberRole(config: NodeConfig, logger: Logger): Promise<NodeRole> {
  const [{ prepareFleet, joinFleet }, { fleetReadiness }, { observeFleetMetrics }] = await Promise.all([
    import('../fleet/joinFleet.js'),
    import('../fleet/fleetReadiness.js'),
    import('../fleet/observeFleetMetrics.js'),
  ]);
  const fleet = await prepareFleet(config, logger);
  return {
    partsOptions: { log: fleet.log, genesisTimestamp: fleet.genesisTimestamp },
    join: async (parts) => {
      const member = await joinFleet(fleet, parts, config, logger);
      return {
        methods: (all) => member.methods(all),
        observeMetrics: (metrics) => observeFleetMetrics(metrics, member),
        readiness: (own) => fleetReadiness(member, config.blockTimeMs, own),
        readPositions: () => member.readPositions(),
        start: (rpc) => member.start(rpc),
        stop: () => member.stop(),
      };
    },
  };
}
