import type { StoredBlock } from '../chain/records.js';
import { PersistedStateReader } from '../execution/PersistedStateReader.js';
import type { ChainView } from '../sequencer/ChainView.js';
import { TestBlockBuilder, type TestBlockBuilderParts } from '../services/blocks/TestBlockBuilder.js';
import type { TestChain } from './createTestChain.js';

/**
 * A testing_buildBlockV1 builder whose head is block `number - 1` of `chain`, reading that block's
 * persisted state, with an empty pool: what the block lifecycle paths tests build a sealed block again
 * with, to compare the two.
 */
export function builderOnParent(
  chain: TestChain,
  number: number,
  parts: Pick<TestBlockBuilderParts, 'common' | 'stepGasLimit' | 'opening'>,
): { builder: TestBlockBuilder; parent: StoredBlock } {
  const parent = chain.chain.blockByNumber(number - 1)!;
  const latestState = new PersistedStateReader(chain.storage, number - 1);
  const view = {
    head: parent,
    latestState,
    block: (n: number) => chain.chain.blockByNumber(n),
    blockByHash: (hash: string) => (hash === parent.hash ? parent : undefined),
  };
  const builder = new TestBlockBuilder({
    ...parts,
    storage: chain.storage,
    views: { current: () => view as unknown as ChainView },
    pool: { contents: () => new Map() },
    selection: { stateAt: () => latestState },
    gasLimit: chain.config.blockGasLimit,
  });
  return { builder, parent };
}
