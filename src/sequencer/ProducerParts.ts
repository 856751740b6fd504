import type { Common } from '@ethereumjs/common';
import type { ChainReader } from '../chain/ChainReader.js';
import type { ChainWriter } from '../chain/ChainWriter.js';
import type { EventBus } from '../events/EventBus.js';
import type { ExecutionVm } from '../execution/createExecutionVm.js';
import type { TrieNodeStore } from '../execution/TrieNodeStore.js';
import type { WorldState } from '../execution/WorldState.js';
import type { Logger } from '../primitives/logger.js';
import type { Storage } from '../storage/Storage.js';
import type { PoolJournal } from '../txpool/PoolJournal.js';
import type { TxPool } from '../txpool/TxPool.js';
import type { BlockParameters } from './BlockParameters.js';
import type { ChainEvents } from './ChainEvents.js';
import type { Clock } from './Clock.js';
import type { CommitmentSigner } from './CommitmentSigner.js';
import type { SequencerLog } from './SequencerLog.js';

/** Everything the one writer works with: the writers of chain and state, and what it reads to build blocks. */
export interface BlockProducerParts {
  common: Common;
  /** What the next blocks are stamped with (timestamps, base fee, gas limit, coinbase). */
  parameters: BlockParameters;
  storage: Storage;
  chain: ChainReader;
  chainWriter: ChainWriter;
  world: WorldState;
  pool: TxPool;
  journal: PoolJournal;
  events: EventBus<ChainEvents>;
  execution: ExecutionVm;
  trieNodes: TrieNodeStore;
  clock: Clock;
  logger: Logger;
  /** The fleet's log every sub-block and seal goes to before it is published; none on a node of its own. */
  log?: SequencerLog;
  /** The sequencer key, signing every sub-block this node produces (none on a fleet's replica, which never produces). */
  signer?: CommitmentSigner;
}
