import { ChainReader } from '../chain/ChainReader.js';
import { ChainWriter } from '../chain/ChainWriter.js';
import { type RlpChainBlock, readRlpChain } from '../chain/readRlpChain.js';
import { recordKeys } from '../chain/recordKeys.js';
import type { ChainSpec } from '../config/ChainSpec.js';
import { commonOfChain } from '../config/commonOfChain.js';
import { createChainSpecCommon } from '../config/createChainSpecCommon.js';
import { TrieNodeStore } from '../execution/TrieNodeStore.js';
import { WorldState } from '../execution/WorldState.js';
import { BlockParameters } from '../sequencer/BlockParameters.js';
import { bootChain } from '../sequencer/bootChain.js';
import { type ImportProgress, importBlocks } from '../sequencer/importBlocks.js';
import { openStorage } from '../storage/openStorage.js';
import { loadGethGenesis } from './loadGethGenesis.js';

export type { ImportProgress };

/** What `sequin import` was asked to do. */
export interface ImportRequest {
  dataDir: string;
  /** A geth genesis file: needed to create the chain in an empty data directory; else it must match the stored one. */
  genesisFile: string | undefined;
  /** Files of concatenated RLP blocks (gzip when the name ends in .gz), imported in this order. */
  files: readonly string[];
  /** Commit and report progress at least this often, in ms (default 1000; 0: after every block). */
  progressIntervalMs?: number;
}

/**
 * `sequin import`: opens (and claims) the data directory, creates the chain from the genesis file if the
 * directory is empty, then imports the files' blocks one after another (sequencer/importBlocks.ts). The
 * data directory is closed again whatever happens. Resolves with the final progress; rejects at the first
 * invalid block (BlockImportError, what came before it stays imported) or unreadable file.
 */
export async function importChain(request: ImportRequest, onProgress: (progress: ImportProgress) => void): Promise<ImportProgress> {
  // Claimed as a node claims it: an import beside a running node would write one chain from two processes.
  const storage = await openStorage({ ephemeral: false, dataDir: request.dataDir });
  try {
    const gethGenesis = loadGethGenesis(request.genesisFile, storage);
    if (gethGenesis === undefined) {
      throw new Error(
        storage.getRecord(recordKeys.head) === undefined
          ? `no chain in ${request.dataDir}: give --genesis FILE (the geth genesis file of the chain to import)`
          : `the chain in ${request.dataDir} was not created from a geth genesis file; import into a data directory made with --genesis`,
      );
    }
    const { spec } = gethGenesis;
    const common = commonOfChain(spec.chainId, spec);
    const chain = new ChainReader(storage);
    const chainWriter = new ChainWriter(chain);
    const trieNodes = new TrieNodeStore(storage);
    await bootChain({
      common,
      storage,
      chain,
      chainWriter,
      world: new WorldState(storage),
      trieNodes,
      genesis: { chainId: spec.chainId, alloc: new Map(), gasLimit: spec.genesis.gasLimit, baseFeePerGas: 0n, coinbase: new Uint8Array(20), gethGenesis },
      parameters: new BlockParameters({ gasLimit: spec.genesis.gasLimit, coinbase: new Uint8Array(20), common, stepGasLimit: true }),
      now: Date.now(),
    });
    return await importBlocks({ common, storage, chain, chainWriter, trieNodes }, blocksOf(request.files, spec), onProgress, request.progressIntervalMs);
  } finally {
    await storage.close();
  }
}

/** The blocks of every file, in order, each decoded under its own fork. */
async function* blocksOf(files: readonly string[], spec: ChainSpec): AsyncGenerator<RlpChainBlock> {
  // readRlpChain sets its Common's fork per block: a Common of its own.
  const common = createChainSpecCommon(spec);
  for (const file of files) yield* readRlpChain(file, spec, common);
}
