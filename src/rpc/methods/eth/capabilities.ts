import { defineMethod } from '../../server/MethodDefinition.js';

/** What eth_capabilities says of each kind of data: available, from block 0, never deleted. */
const KEPT_FROM_GENESIS = { disabled: false, oldestBlock: '0x0' } as const;

/**
 * eth_capabilities (execution-apis): the head and, per kind of data, the oldest block this node
 * can answer for. Sequin keeps everything from genesis (it is an archive: state of every block,
 * all transactions, receipts and logs), so no kind has a delete strategy.
 */
export const capabilities = defineMethod({
  name: 'eth_capabilities',
  summary: 'Returns the head block and, for each kind of data, the oldest block the node serves.',
  tier: 'public',
  params: [],
  result: {
    name: 'capabilities',
    schema: { title: 'capabilities', type: 'object', required: ['head', 'state', 'tx', 'logs', 'receipts', 'blocks', 'stateproofs'] },
  },
  handler: (backend) => {
    const head = backend.blocks.getBlock({ kind: 'tag', tag: 'latest' }, false)!;
    return {
      head: { number: head.number, hash: head.hash },
      state: KEPT_FROM_GENESIS,
      tx: KEPT_FROM_GENESIS,
      logs: KEPT_FROM_GENESIS,
      receipts: KEPT_FROM_GENESIS,
      blocks: KEPT_FROM_GENESIS,
      stateproofs: KEPT_FROM_GENESIS,
    };
  },
});
