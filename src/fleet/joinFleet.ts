import type { ChainReader } from '../chain/ChainReader.js';
import type { NodeConfig } from '../config/nodeConfig.js';
import type { Logger } from '../primitives/logger.js';
import type { SequencerIdentity } from '../services/preconfirmations/SequencerIdentity.js';
import type { Storage } from '../storage/Storage.js';
import { connectFleet, type FleetConnection } from './connectFleet.js';
import { FleetMember, type FleetMemberParts } from './FleetMember.js';
import { JetStreamLog } from './JetStreamLog.js';
import { checkSharedGenesis, readSharedGenesis } from './sharedGenesis.js';
import { checkSharedSequencer, readSharedSequencer } from './sharedSequencer.js';

/** A fleet connection made before the node's parts: the log they write to and the genesis they share. */
export interface PreparedFleet {
  fleet: FleetConnection;
  log: JetStreamLog;
  genesisTimestamp: bigint | undefined;
}

/** Connects to the `--nats` cluster, before the node's parts are built (they need the log and the genesis). */
export async function prepareFleet(config: NodeConfig, logger: Logger): Promise<PreparedFleet> {
  const fleet = await connectFleet(config, logger);
  try {
    const genesis = await readSharedGenesis(fleet.chainFacts);
    return { fleet, log: new JetStreamLog(fleet.client, fleet.logSubject, logger), genesisTimestamp: genesis ? BigInt(genesis.timestamp) : undefined };
  } catch (error) {
    await fleet.connection.close().catch(() => {});
    throw error;
  }
}

/**
 * Joins the fleet with the built parts: checks the genesis and the sequencer key (one signer for the fleet),
 * resumes the log position, and returns the (not yet started) member.
 */
export async function joinFleet(
  prepared: PreparedFleet,
  parts: FleetMemberParts & { storage: Storage; chain: ChainReader; sequencerIdentity: SequencerIdentity },
  config: NodeConfig,
  logger: Logger,
): Promise<FleetMember> {
  const { fleet, log } = prepared;
  try {
    await checkSharedGenesis(fleet.chainFacts, parts.chain.blockByNumber(0)!);
    const { sequencerIdentity } = parts;
    const sequencer = await checkSharedSequencer(fleet.chainFacts, sequencerIdentity.address);
    if (sequencer) sequencerIdentity.learn(sequencer);
    sequencerIdentity.lookUp = () => readSharedSequencer(fleet.chainFacts);
    log.restorePosition(parts.storage);
    return new FleetMember(config, fleet, log, parts, logger);
  } catch (error) {
    await fleet.connection.close().catch(() => {});
    throw error;
  }
}
