import type { Common } from '@ethereumjs/common';
import type { ChainRuleSettings } from '../config/commonOfChain.js';
import type { NodeConfig } from '../config/nodeConfig.js';
import { CallExecutor } from '../execution/callWorker/CallExecutor.js';
import { InProcessLanes } from '../execution/callWorker/InProcessLanes.js';
import { VersionedStates } from '../execution/callWorker/VersionedStates.js';
import { type BlockHashLookup, createExecutionVm } from '../execution/createExecutionVm.js';
import { PersistedStateReader } from '../execution/PersistedStateReader.js';
import type { StateReader } from '../execution/StateReader.js';
import { VmPool } from '../execution/VmPool.js';
import type { Storage } from '../storage/Storage.js';

/**
 * The executor of calls, estimates, access lists and traces: worker threads over the node's LMDB
 * directory (every node the CLI starts, --ephemeral included), or, for storage only this thread
 * can read (the in-memory storage of in-process test chains), lanes on this thread with the same
 * scheduling. `dataDir` is the LMDB directory the workers open (undefined for in-memory
 * storage); `pending` is what the in-process lanes read for the pending state; in fork mode
 * `stateBelow` gives the remote's history (a fork's calls run in lanes on this thread).
 */
export function createCallExecutor(
  config: NodeConfig,
  parts: {
    common: Common;
    /** The chain's rules the settings chose, for the worker threads' Common (the in-process lanes use `common`). */
    rules: ChainRuleSettings;
    dataDir: string | undefined;
    storage: Storage;
    pending: StateReader;
    blockHash: BlockHashLookup;
    /** Fork mode: the remote's state at a version below the fork block (its history), else undefined. */
    stateBelow?: (version: number) => StateReader | undefined;
  },
): CallExecutor {
  const limits = {
    timeoutMs: config.rpcEvmTimeoutMs,
    workers: config.executionWorkers,
    dedicatedWorkers: config.dedicatedWorkers,
    maxConcurrentTraces: config.rpcTraceConcurrency,
  };
  const { common, rules, dataDir, storage, pending, blockHash, stateBelow } = parts;
  if (dataDir !== undefined) return new CallExecutor({ ...limits, dataDir, chainId: config.chainId, rules });
  const vms = new VmPool(() => createExecutionVm(common, pending, blockHash), config.executionWorkers);
  const states = new VersionedStates(
    (version) => stateBelow?.(version) ?? new PersistedStateReader(storage, version),
    () => pending,
  );
  return new CallExecutor({ ...limits, lanes: new InProcessLanes(common, vms, states, config.executionWorkers) });
}
