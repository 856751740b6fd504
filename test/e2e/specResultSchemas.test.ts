/**
 * Every served method of the Ethereum JSON-RPC specification answers results its `openrpc.json` result
 * schema accepts (JSON Schema draft 2019-09, as hive validates them), on a chain holding transactions of
 * every type: the execution-apis test chain (legacy, EIP-2930, EIP-1559, blob and EIP-7702 transactions),
 * imported and served by the real node with `--mining manual`.
 *
 *   - the methods are those in both `openrpc.json` and the node's `rpc.discover`;
 *   - block, transaction and receipt methods are called once per transaction type (the first block holding
 *     it, the transaction by hash and by position, its receipt, the block's receipts, raw forms, traces),
 *     block-tag methods also at `latest`, `pending`, `earliest`, `safe` and `finalized`;
 *   - every call is meant to succeed: an error answer is a problem as much as a result the schema refuses;
 *   - a served spec method that no call here answered with a non-null result fails the test unless it is
 *     one of the few listed exclusions, so a spec method served later must be covered here;
 *   - a pooled transaction is checked with geth's nulls for its four block fields
 *     (test/conformance/notYetSealed.ts): the fields must be there, the rest must pass; on a second node in
 *     the default interval mining, the pending block with a pre-confirmed sub-block, its transaction and
 *     receipt are checked as they are;
 *   - the one deliberate difference (eth_signTransaction's hex answer, docs/reference/geth-and-anvil.md) must still
 *     differ in exactly that way; every other problem fails the test.
 */
import { readFileSync } from 'node:fs';
import { type Hex, numberToHex } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXECUTION_APIS_TESTS, startImportedChainNode } from '../../src/testing/startImportedChainNode.js';
import { cleanupNodeProcesses, type NodeProcess, startNodeProcess } from '../../src/testing/startNodeProcess.js';
import type { Json } from '../conformance/compareResponses.js';
import { createResultValidators, type OpenRpcDocument } from '../conformance/createResultValidators.js';
import { withNotYetSealedStandIns } from '../conformance/notYetSealed.js';
import { parseRecordedTest } from '../conformance/parseRecordedTest.js';
import { pollUntil, rpc, rpcResult, signTransfer } from './helpers.js';

const SPEC = JSON.parse(readFileSync(new URL('../openrpc.json', EXECUTION_APIS_TESTS), 'utf8')) as OpenRpcDocument;
const VALIDATORS = createResultValidators(SPEC);

/**
 * Served spec methods this test cannot answer successfully, each with why. Anything else served and in the
 * spec must be covered below.
 */
const EXCLUDED: Record<string, string> = {};

/**
 * Results that differ from their schema on purpose (docs/reference/geth-and-anvil.md): each call whose problems match
 * is expected to differ so (the test fails once it stops), and still counts as covered.
 */
const DOCUMENTED_DIFFERENCES: Array<{ method: string; problems: RegExp; reason: string }> = [
  // The raw transaction as a hex string, as Anvil answers and viem's and ethers' signTransaction return (geth: `{raw, tx}`).
  { method: 'eth_signTransaction', problems: /^\(result\) must be object$/, reason: 'hex string, not geth’s {raw, tx}' },
];
/**
 * The spec declares these results as `oneOf` [hashes, logs]: an empty array matches both branches, so `[]`
 * can never pass. It is accepted unvalidated and does not count as coverage.
 */
const EMPTY_ARRAY_AMBIGUOUS = new Set(['eth_getLogs', 'eth_getFilterChanges', 'eth_getFilterLogs']);

const TRANSACTION_TYPES = ['0x0', '0x1', '0x2', '0x3', '0x4'] as const;
const BLOCK_TAGS = ['latest', 'pending', 'earliest', 'safe', 'finalized'] as const;

interface Transaction {
  type: Hex;
  hash: Hex;
  from: Hex;
  to: Hex | null;
  input: Hex;
  transactionIndex: Hex;
  blockNumber: Hex;
  blockHash: Hex;
}
interface Block {
  number: Hex;
  hash: Hex;
  timestamp: Hex;
  transactions: Transaction[];
}

let node: NodeProcess;
/** The methods to cover: in the spec and served by the node. */
let targets: Set<string>;

beforeAll(async () => {
  node = await startImportedChainNode();
  const discovered = await rpcResult<{ methods: Array<{ name: string }> }>(node.url, 'rpc.discover');
  const served = new Set(discovered.methods.map((method) => method.name));
  targets = new Set(SPEC.methods.map((method) => method.name).filter((name) => served.has(name)));
}, 120_000);
afterAll(cleanupNodeProcesses);

/** A raw transaction the fixtures signed with one of the chain's funded accounts (hive's `send-legacy-transaction`). */
function recordedRawTransaction(): Hex {
  const name = 'eth_sendRawTransaction/send-legacy-transaction';
  const test = parseRecordedTest(name, readFileSync(new URL(`${name}.io`, EXECUTION_APIS_TESTS), 'utf8'));
  const request = JSON.parse(test.messages[0]!.json) as { params: [Hex] };
  return request.params[0];
}

describe('result schemas of the served spec methods (openrpc.json)', () => {
  it('answers every served spec method with schema-valid results on a chain with every transaction type', async () => {
    const problems: string[] = [];
    const covered = new Set<string>();
    const differencesSeen = new Set<(typeof DOCUMENTED_DIFFERENCES)[number]>();
    let validated = 0;

    /**
     * Calls `method` (on `options.url`, else the imported chain's node), validates a non-null result against
     * its schema (with geth's nulls of objects not sealed yet when `options.notYetSealed`), and returns it.
     */
    async function check<T = unknown>(method: string, params: unknown[] = [], options: { url?: string; notYetSealed?: boolean } = {}): Promise<T | undefined> {
      if (!targets.has(method)) throw new Error(`${method} is not a served spec method`);
      const where = `${method} ${JSON.stringify(params).slice(0, 300)}`;
      const response = await rpc(options.url ?? node.url, method, params);
      if (response.error) {
        problems.push(`${where}: answered error ${response.error.code} ${response.error.message}`);
        return undefined;
      }
      const result = response.result;
      if (result === null || result === undefined) return result as T | undefined;
      if (Array.isArray(result) && result.length === 0 && EMPTY_ARRAY_AMBIGUOUS.has(method)) return result as T;
      const validator = VALIDATORS.get(method);
      if (validator === undefined) throw new Error(`${method} has no result schema in openrpc.json`);
      const schemaProblems = validator(options.notYetSealed ? withNotYetSealedStandIns(result as Json) : (result as Json)).join('; ');
      validated++;
      const known = DOCUMENTED_DIFFERENCES.find((difference) => difference.method === method && difference.problems.test(schemaProblems));
      if (known) differencesSeen.add(known);
      else if (schemaProblems.length > 0) problems.push(`${where}: ${schemaProblems}`);
      if (known || schemaProblems.length === 0) covered.add(method);
      return result as T;
    }

    // Find the first block holding each transaction type.
    const head = BigInt(await rpcResult<Hex>(node.url, 'eth_blockNumber'));
    const firstOfType = new Map<string, { block: Block; transaction: Transaction }>();
    for (let number = 0n; number <= head; number++) {
      const block = await rpcResult<Block>(node.url, 'eth_getBlockByNumber', [numberToHex(number), true]);
      for (const transaction of block.transactions) if (!firstOfType.has(transaction.type)) firstOfType.set(transaction.type, { block, transaction });
    }
    expect([...firstOfType.keys()].sort()).toEqual([...TRANSACTION_TYPES]);

    // A contract call from the chain: the first transaction calling a contract with input.
    const contractCall = [...firstOfType.values()]
      .map(({ transaction }) => transaction)
      .find((transaction) => transaction.to !== null && transaction.input.length > 2 && transaction.type === '0x2');
    expect(contractCall).toBeDefined();
    const call = { from: contractCall!.from, to: contractCall!.to!, input: contractCall!.input };

    for (const type of TRANSACTION_TYPES) {
      const { block, transaction } = firstOfType.get(type)!;
      for (const full of [false, true]) {
        await check('eth_getBlockByNumber', [block.number, full]);
        await check('eth_getBlockByHash', [block.hash, full]);
      }
      await check('eth_getBlockTransactionCountByNumber', [block.number]);
      await check('eth_getBlockTransactionCountByHash', [block.hash]);
      await check('eth_getTransactionByHash', [transaction.hash]);
      await check('eth_getTransactionByBlockHashAndIndex', [block.hash, transaction.transactionIndex]);
      await check('eth_getTransactionByBlockNumberAndIndex', [block.number, transaction.transactionIndex]);
      await check('eth_getTransactionReceipt', [transaction.hash]);
      await check('eth_getBlockReceipts', [block.number]);
      await check('eth_getBlockReceipts', [block.hash]);
      await check('eth_getLogs', [{ blockHash: block.hash }]);
      await check('debug_getRawBlock', [block.number]);
      await check('debug_getRawHeader', [block.number]);
      await check('debug_getRawReceipts', [block.number]);
      await check('debug_getRawTransaction', [transaction.hash]);
      await check('debug_traceTransaction', [transaction.hash]);
      await check('debug_traceBlockByNumber', [block.number]);
      await check('debug_traceBlockByHash', [block.hash]);
      await check('eth_getBalance', [transaction.from, block.number]);
      await check('eth_getTransactionCount', [transaction.from, block.number]);
      if (transaction.to !== null) await check('eth_getCode', [transaction.to, block.number]);
    }

    // The contract's storage slots, as an access list of the chain's own call names them.
    const accessList = await check<{ accessList: Array<{ address: Hex; storageKeys: Hex[] }> }>('eth_createAccessList', [call, 'latest']);
    const storageKeys = accessList?.accessList.find((entry) => entry.address === call.to)?.storageKeys ?? [];
    expect(storageKeys.length).toBeGreaterThan(0);

    for (const tag of BLOCK_TAGS) {
      for (const full of [false, true]) await check('eth_getBlockByNumber', [tag, full]);
      await check('eth_getBlockTransactionCountByNumber', [tag]);
      await check('eth_getBlockReceipts', [tag]);
      await check('eth_getBalance', [call.from, tag]);
      await check('eth_getTransactionCount', [call.from, tag]);
      await check('eth_getCode', [call.to, tag]);
      await check('eth_getStorageAt', [call.to, storageKeys[0], tag]);
      await check('eth_getStorageValues', [{ [call.to]: storageKeys }, tag]);
      await check('eth_getProof', [call.to, storageKeys, tag]);
      await check('eth_getProof', [call.from, [], tag]);
      await check('eth_call', [call, tag]);
      await check('eth_estimateGas', [call, tag]);
      await check('eth_createAccessList', [call, tag]);
      await check('debug_getRawHeader', [tag]);
    }
    await check('debug_traceBlockByNumber', ['latest']);
    await check('debug_getRawBlock', ['latest']);
    await check('debug_getRawReceipts', ['latest']);

    // Logs over the whole chain, and the same through a filter.
    await check('eth_getLogs', [{ fromBlock: 'earliest', toBlock: 'latest' }]);
    await check('eth_getLogs', [{ fromBlock: '0x0', toBlock: numberToHex(head), address: call.to }]);
    const logFilter = await check<Hex>('eth_newFilter', [{ fromBlock: 'earliest', toBlock: 'latest' }]);
    await check('eth_getFilterLogs', [logFilter]);
    await check('eth_getFilterChanges', [logFilter]);
    const blockFilter = await check<Hex>('eth_newBlockFilter');
    await check('eth_getFilterChanges', [blockFilter]);
    const pendingFilter = await check<Hex>('eth_newPendingTransactionFilter');

    // Fees and chain facts.
    await check('eth_feeHistory', ['0x40', 'latest', [10, 50, 90]]);
    await check('eth_feeHistory', ['0x4', 'pending', [25, 75]]);
    await check('eth_feeHistory', ['0x2', numberToHex(head), []]);
    for (const method of [
      'eth_chainId',
      'net_version',
      'eth_blockNumber',
      'eth_syncing',
      'eth_gasPrice',
      'eth_maxPriorityFeePerGas',
      'eth_blobBaseFee',
      'eth_baseFee',
      'eth_config',
      'eth_capabilities',
      'eth_accounts',
    ])
      await check(method);

    // Simulation: two blocks, overrides, transfers traced, full transactions.
    await check('eth_simulateV1', [
      {
        blockStateCalls: [
          { stateOverrides: { [call.from]: { balance: '0xde0b6b3a7640000' } }, calls: [call, { from: call.from, to: call.from, value: '0x1' }] },
          { blockOverrides: { feeRecipient: call.to }, calls: [call] },
        ],
        traceTransfers: true,
        validation: false,
        returnFullTransactions: true,
      },
      'latest',
    ]);
    await check('eth_simulateV1', [{ blockStateCalls: [{ calls: [call] }] }, 'pending']);

    // Submission: the pool holds the transaction, the pending filter sees it, and a block can be built from it.
    const sent = await check<Hex>('eth_sendRawTransaction', [recordedRawTransaction()]);
    const pooled = await check<Transaction>('eth_getTransactionByHash', [sent], { notYetSealed: true });
    expect(pooled?.hash).toBe(sent);
    await check('eth_getFilterChanges', [pendingFilter]);
    await check('txpool_status');
    await check('txpool_content');
    await check('txpool_contentFrom', [pooled!.from]);
    const latest = await rpcResult<Block>(node.url, 'eth_getBlockByNumber', ['latest', false]);
    const attributes = {
      timestamp: numberToHex(BigInt(latest.timestamp) + 12n),
      prevRandao: `0x${'00'.repeat(32)}`,
      suggestedFeeRecipient: call.from,
      withdrawals: [],
      parentBeaconBlockRoot: `0x${'11'.repeat(32)}`,
    };
    await check('testing_buildBlockV1', [latest.hash, attributes, null, '0x']);
    await check('testing_buildBlockV1', [latest.hash, attributes, [], '0x']);

    // The dev accounts sign (they hold no funds here, signing needs none).
    const [devAccount] = await rpcResult<Hex[]>(node.url, 'eth_accounts');
    await check('eth_sign', [devAccount, '0xdeadbeef']);
    await check('eth_signTransaction', [
      { from: devAccount, to: call.to, gas: '0x5208', maxFeePerGas: '0x3b9aca00', maxPriorityFeePerGas: '0x1', nonce: '0x0', value: '0x0' },
    ]);

    // A block Sequin seals itself from the pool: the filters see it, the sent transaction is mined.
    await rpcResult(node.url, 'evm_mine');
    const hashes = await check<Hex[]>('eth_getFilterChanges', [blockFilter]);
    expect(hashes?.length).toBe(1);
    await check('eth_getFilterChanges', [logFilter]);
    const mined = await check<Transaction>('eth_getTransactionByHash', [sent]);
    expect(mined?.blockHash).toBe(hashes?.[0]);
    await check('eth_getTransactionReceipt', [sent]);
    for (const full of [false, true]) await check('eth_getBlockByHash', [mined!.blockHash, full]);
    await check('eth_getBlockReceipts', ['latest']);
    await check('debug_getRawReceipts', ['latest']);

    for (const filter of [logFilter, blockFilter, pendingFilter]) await check('eth_uninstallFilter', [filter]);

    // Objects not sealed yet on a node in the default interval mining: a queued transaction (a nonce gap), and
    // the pending block with a pre-confirmed sub-block, its transaction and its receipt.
    const interval = await startNodeProcess({ args: ['--block-time', '60000'] });
    const queued = await check<Hex>('eth_sendRawTransaction', [await signTransfer(2, 1)], { url: interval.url });
    await check('eth_getTransactionByHash', [queued], { url: interval.url, notYetSealed: true });
    await check('txpool_content', [], { url: interval.url });
    const preconfirmed = await check<Hex>('eth_sendRawTransaction', [await signTransfer(3, 0)], { url: interval.url });
    await pollUntil(async () => (await rpc(interval.url, 'eth_getTransactionReceipt', [preconfirmed])).result, { what: 'the pre-confirmation' });
    for (const full of [false, true]) {
      // OP's flashblocks shape (docs/flashblocks.md): the zero hash as hash, the latest sub-block's index as nonce.
      const pending = await check<{ hash: Hex; nonce: Hex }>('eth_getBlockByNumber', ['pending', full], { url: interval.url });
      expect([pending?.hash, pending?.nonce]).toEqual([`0x${'00'.repeat(32)}`, '0x0000000000000000']);
    }
    await check('eth_getTransactionByHash', [preconfirmed], { url: interval.url });
    await check('eth_getTransactionReceipt', [preconfirmed], { url: interval.url });
    await check('eth_getBlockReceipts', ['pending'], { url: interval.url });
    // The second node's dev accounts are funded (on the imported chain they hold nothing): a node-signed send.
    const [funded] = await rpcResult<Hex[]>(interval.url, 'eth_accounts');
    await check('eth_sendTransaction', [{ from: funded, to: call.to, value: '0x1' }], { url: interval.url });

    expect(problems, problems.join('\n')).toEqual([]);
    expect([...differencesSeen].map((difference) => difference.method).sort()).toEqual(DOCUMENTED_DIFFERENCES.map((difference) => difference.method).sort());
    const uncovered = [...targets].filter((method) => !covered.has(method)).sort();
    expect(uncovered).toEqual(Object.keys(EXCLUDED).sort());
    console.info(`validated ${validated} results of ${covered.size} served spec methods`);
  }, 60_000);
});
