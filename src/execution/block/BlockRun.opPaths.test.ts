// The block lifecycle on every path, on an OP Stack chain (`--network optimism`): the blocks the sequencer
// makes — each opening with its L1-attributes deposit, user deposits (a mint, a contract creation, a failed
// one that keeps its mint) in its first sub-blocks, transactions paying L1 fees and crediting the vaults
// after — are run again through testing_buildBlockV1 (buildBlock, which opens the block with its own
// L1-attributes deposit from the same simulated L1) and a tracing replay (replayBlock), and each must reach
// the sealed block's state root, receipts root, bloom, gas used and state. The sequencer's per-sub-block
// roots must end at the sealed header's.
//
// The Ethereum paths test (BlockRun.paths.test.ts) also runs chain import and eth_simulateV1; here they
// do not apply: `sequin import` reads blocks with @ethereumjs/block, which has no deposit type, and
// eth_simulateV1's calls are unsigned and cannot be deposits, so their L1 fees are the GasPriceOracle's
// estimate, not the signed transaction's (docs/op-stack.md, "Simulated and built blocks").

import { RLP } from '@ethereumjs/rlp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StoredBlock, StoredReceipt } from '../../chain/records.js';
import { commonOfChain } from '../../config/commonOfChain.js';
import { opStackChainOf } from '../../config/opStack/opStackChainOf.js';
import type { ScheduledCommon } from '../../config/ScheduledCommon.js';
import { bytesToHex, type Hex, hexToBytes } from '../../primitives/hex.js';
import { keccak256 } from '../../primitives/keccak.js';
import { builderOnParent } from '../../testing/builderOnParent.js';
import { createTestChain, type TestChain } from '../../testing/createTestChain.js';
import { sealBlock } from '../../testing/driveChain.js';
import { sendTestTransaction } from '../../testing/sendTestTransaction.js';
import { DepositTransaction } from '../opStack/DepositTransaction.js';
import { SimulatedL1 } from '../opStack/SimulatedL1.js';
import { defaultTraceConfig } from '../tracing/TraceConfig.js';

const L1_FEE_VAULT: Hex = '0x420000000000000000000000000000000000001a';
const BASE_FEE_VAULT: Hex = '0x4200000000000000000000000000000000000019';
const DEAD: Hex = '0x000000000000000000000000000000000000dead';
/** Init code whose contract emits one log (LOG0 of nothing) when called, and returns that runtime. */
const EMITTER_INIT: Hex = '0x6005600c60003960056000f360006000a000';

interface Reached {
  stateRoot?: Hex;
  receiptsRoot?: Hex;
  logsBloom?: Hex;
  gasUsed?: bigint;
  accounts?: Map<string, { balance: bigint; nonce: bigint }>;
}

let chain: TestChain;
let common: ScheduledCommon;
const sealed: Array<{ stored: StoredBlock; transactions: Uint8Array[]; receipts: StoredReceipt[] }> = [];
const rootsAfterSubBlocks = new Map<number, Array<{ transactionsRoot: Hex; receiptsRoot: Hex }>>();
let depositor: Hex;
let salt = 0;

/** Submits a deposit from `from`, as eth_sendRawTransaction takes it. */
async function submitDeposit(fields: { from: Hex; to?: Hex; mint: bigint; value: bigint; gas: bigint; data?: Hex }): Promise<Hex> {
  const deposit = new DepositTransaction(
    {
      sourceHash: keccak256(Uint8Array.of(salt++)),
      from: hexToBytes(fields.from),
      to: fields.to === undefined ? undefined : hexToBytes(fields.to),
      mint: fields.mint,
      value: fields.value,
      gasLimit: fields.gas,
      isSystemTx: false,
      data: hexToBytes(fields.data ?? '0x'),
    },
    common,
  );
  return chain.intake.submit(deposit.serialize());
}

beforeAll(async () => {
  chain = await createTestChain({ network: 'optimism', l1BaseFee: 20_000_000_000n, l1BlobBaseFee: 3_000_000n });
  // The chain's rules, made as the node makes them from its --network.
  common = commonOfChain(chain.config.chainId, undefined, { opStack: opStackChainOf(chain.config, false)! });
  chain.events.on('subBlock', ({ blockNumber }) => {
    const { tries } = chain.sequencer.openBlock;
    const list = rootsAfterSubBlocks.get(Number(blockNumber)) ?? [];
    list.push({ transactionsRoot: bytesToHex(tries.transactionsRoot()), receiptsRoot: bytesToHex(tries.receiptsRoot()) });
    rootsAfterSubBlocks.set(Number(blockNumber), list);
  });
  await sealBlock(chain);
  const [alice, bob] = chain.accounts;
  depositor = '0x00000000000000000000000000000000000d0517';
  const interval = chain.config.preconfIntervalMs;
  // Block A: a minting deposit alone in the first sub-block; the next sub-block still takes a deposit (the
  // block holds deposits only), then transfers paying L1 fees.
  await submitDeposit({ from: depositor, to: DEAD, mint: 10n ** 18n, value: 1000n, gas: 100_000n });
  await chain.clock.advance(interval);
  await submitDeposit({ from: depositor, mint: 0n, value: 0n, gas: 200_000n, data: EMITTER_INIT });
  await sendTestTransaction(chain, alice!, { to: DEAD, value: 5n, gas: 21_000n });
  await sendTestTransaction(chain, bob!, { to: depositor, value: 7n, gas: 21_000n });
  const a = await sealBlock(chain);
  // Block B: a deposit that fails (value above its balance: it keeps its mint), a call that logs, a transfer.
  await submitDeposit({ from: depositor, to: DEAD, mint: 3n, value: 10n ** 20n, gas: 50_000n });
  const emitter = bytesToHex(keccak256(RLP.encode([hexToBytes(depositor), 1])).subarray(12));
  await sendTestTransaction(chain, alice!, { to: emitter, gas: 50_000n });
  await sendTestTransaction(chain, bob!, { to: alice!.address as Hex, value: 3n, gas: 21_000n });
  const b = await sealBlock(chain);
  for (const number of [a, b]) {
    const stored = chain.chain.blockByNumber(number)!;
    const body = RLP.decode(chain.chain.rawBlock(number)!) as unknown as [unknown, Uint8Array[]];
    const transactions = body[1].map((item) => (item instanceof Uint8Array ? item : RLP.encode(item)));
    const receipts = stored.transactions.map((hash) => chain.chain.transaction(hash)!.receipt);
    sealed.push({ stored, transactions, receipts });
  }
}, 60_000);

afterAll(async () => {
  await chain?.close();
});

describe('the block lifecycle on every path, on an OP Stack chain', () => {
  it('has blocks to compare: the L1-attributes deposit first, user deposits before the rest, one failed, logs, L1 fees paid', () => {
    const [a, b] = sealed;
    expect(a!.transactions.map((raw) => raw[0])).toEqual([0x7e, 0x7e, 0x7e, 0x02, 0x02]);
    expect(b!.transactions.map((raw) => raw[0])).toEqual([0x7e, 0x7e, 0x02, 0x02]);
    expect(a!.receipts.map((receipt) => receipt.status)).toEqual(['0x1', '0x1', '0x1', '0x1', '0x1']);
    expect(b!.receipts[1]!.status).toBe('0x0');
    // Within a sub-block the pool orders by tip, then hash: count, not positions.
    expect(b!.receipts.filter((receipt) => receipt.logs.length === 1)).toHaveLength(1);
    for (const { receipts } of sealed) expect(receipts.filter((receipt) => BigInt((receipt as { l1Fee?: Hex }).l1Fee ?? 0) > 0n)).toHaveLength(2);
    expect(rootsAfterSubBlocks.get(Number(a!.stored.number))!.length).toBeGreaterThanOrEqual(2);
    const selector = { kind: 'number' as const, number: BigInt(b!.stored.number) };
    for (const vault of [L1_FEE_VAULT, BASE_FEE_VAULT]) expect(chain.backend.state.getBalance(hexToBytes(vault), selector)).toBeGreaterThan(0n);
  });

  it("gives the sequencer's open block, after its last sub-block, the sealed header's roots", () => {
    for (const { stored } of sealed) {
      expect(rootsAfterSubBlocks.get(Number(stored.number))!.at(-1)).toEqual({ transactionsRoot: stored.transactionsRoot, receiptsRoot: stored.receiptsRoot });
    }
  });

  const PATHS: Array<{ name: string; run: (index: number) => Promise<Reached> }> = [
    { name: 'testing_buildBlockV1 (buildBlock)', run: builtBlock },
    { name: 'debug_traceBlockByNumber (replayBlock)', run: tracedBlock },
  ];
  describe.each(PATHS)('$name', ({ run }) => {
    it.each([0, 1])('reaches sealed block #%i: roots, gas and state', async (index) => {
      const { stored } = sealed[index]!;
      const reached = await run(index);
      const fields: Reached = { stateRoot: stored.stateRoot, receiptsRoot: stored.receiptsRoot, logsBloom: stored.logsBloom, gasUsed: BigInt(stored.gasUsed) };
      const compared = Object.keys(reached).filter((key) => key !== 'accounts') as Array<keyof Reached>;
      for (const key of compared) expect(reached[key], key).toEqual(fields[key]);
      const selector = { kind: 'number' as const, number: BigInt(stored.number) };
      for (const [address, account] of reached.accounts ?? []) {
        expect(account, address).toEqual({
          balance: chain.backend.state.getBalance(hexToBytes(address as Hex), selector),
          nonce: chain.backend.state.getTransactionCount(hexToBytes(address as Hex), selector),
        });
      }
    });
  });
});

/** testing_buildBlockV1 on the parent with the block's transactions after its L1-attributes deposit (the builder opens with its own). */
async function builtBlock(index: number): Promise<Reached> {
  const { stored, transactions } = sealed[index]!;
  const number = Number(stored.number);
  const { config } = chain;
  const { builder, parent } = builderOnParent(chain, number, {
    common,
    stepGasLimit: false,
    opening: { l1: new SimulatedL1({ baseFee: config.l1BaseFee, blobBaseFee: config.l1BlobBaseFee, blockTime: BigInt(config.l1BlockTime) }, true) },
  });
  const envelope = (await builder.buildBlock({
    parentHash: parent.hash,
    attributes: {
      timestamp: BigInt(stored.timestamp),
      prevRandao: hexToBytes(stored.mixHash),
      suggestedFeeRecipient: hexToBytes(stored.miner),
      withdrawals: [],
      parentBeaconBlockRoot: hexToBytes(stored.parentBeaconBlockRoot!),
    },
    transactions: transactions.slice(1),
    extraData: new Uint8Array(0),
  })) as { executionPayload: { stateRoot: Hex; receiptsRoot: Hex; logsBloom: Hex; gasUsed: Hex; transactions: Hex[] } };
  const payload = envelope.executionPayload;
  // The builder's own L1-attributes deposit is the sealed block's, byte for byte.
  expect(payload.transactions[0]).toBe(bytesToHex(transactions[0]!));
  return { stateRoot: payload.stateRoot, receiptsRoot: payload.receiptsRoot, logsBloom: payload.logsBloom, gasUsed: BigInt(payload.gasUsed) };
}

/** debug_traceBlockByNumber with the prestate tracer in diff mode: each account's last post-state is its state after the block. */
async function tracedBlock(index: number): Promise<Reached> {
  const number = BigInt(sealed[index]!.stored.number);
  const config = { ...defaultTraceConfig(), tracer: 'prestateTracer', tracerConfig: { diffMode: true } };
  const traces = (await chain.backend.traces.traceBlock({ kind: 'number', number }, config)) as Array<{
    result: { pre: Record<string, { balance?: Hex; nonce?: number }>; post: Record<string, { balance?: Hex; nonce?: number }> };
  }>;
  const accounts = new Map<string, { balance: bigint; nonce: bigint }>();
  for (const { result } of traces) {
    for (const [address, post] of Object.entries(result.post)) {
      const before = accounts.get(address) ?? { balance: BigInt(result.pre[address]?.balance ?? 0), nonce: BigInt(result.pre[address]?.nonce ?? 0) };
      accounts.set(address, {
        balance: post.balance === undefined ? before.balance : BigInt(post.balance),
        nonce: post.nonce === undefined ? before.nonce : BigInt(post.nonce),
      });
    }
  }
  // The block's fee recipient (the SequencerFeeVault), and in the first block the deposits' sender, are among
  // the accounts the replay reached. (Like geth's prestate tracer, it sees the accounts a transaction touches,
  // not the base fee and L1 fee vaults credited after it, whose balances the built block's state root checks;
  // a deposit refused before the EVM ran — the second block's — shows no trace of its sender.)
  expect([...accounts.keys()]).toEqual(expect.arrayContaining(index === 0 ? [depositor, sealed[index]!.stored.miner] : [sealed[index]!.stored.miner]));
  return { accounts };
}
