// debug_trace* on an in-process chain, checked against expectations computed by hand: the struct
// log and call tree of a hand-assembled proxy calling a hand-assembled store (every opcode's gas
// by the Berlin/London rules), reverts with their reason, logs with their block index, the
// prestate (and diff) of a value transfer from balances before and after, pre-confirmed
// transactions traced on the open block, block traces, traceCall on chosen states, time-outs
// and geth's errors.

import { encodeErrorResult, encodeEventTopics, encodeFunctionData, getContractAddress, padHex, type Hex as ViemHex } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RpcReceipt } from '../../chain/receiptView.js';
import type { CallFrameJson } from '../../execution/tracing/CallTracer.js';
import type { StructLoggerResult } from '../../execution/tracing/StructLogger.js';
import type { TraceCallConfig, TraceConfig } from '../../execution/tracing/TraceConfig.js';
import type { BlockSelector } from '../../primitives/blockTag.js';
import { type Hex, hexToBytes, toQuantity } from '../../primitives/hex.js';
import { traceCallConfig, traceConfig } from '../../rpc/schemas/traceDecoders.js';
import { counterArtifact, gasHeavyArtifact, reverterArtifact } from '../../testing/contracts/artifacts.js';
import { createTestChain, type TestChain } from '../../testing/createTestChain.js';
import { onTheWire } from '../../testing/onTheWire.js';
import { sendTestTransaction, TEST_TIP } from '../../testing/sendTestTransaction.js';
import type { TransactionTrace } from './TraceService.js';

/** Init code returning `runtime`: PUSH1 len, DUP1, PUSH1 11, PUSH1 0, CODECOPY, PUSH1 0, RETURN. */
function deployCode(runtime: string): Hex {
  return `0x60${(runtime.length / 2).toString(16).padStart(2, '0')}80600b6000396000f3${runtime}`;
}

/** Stores 42 in slot 0: PUSH1 0x2a, PUSH1 0, SSTORE, STOP. */
const STORE_42 = '602a60005500';

/**
 * Forwards its calldata to `target` with 100,000 gas and stores the call's success flag in slot 0:
 *   0 CALLDATASIZE, 1 PUSH1 0, 3 PUSH1 0, 5 CALLDATACOPY          (calldata to memory 0)
 *   6 PUSH1 0, 8 PUSH1 0, 10 CALLDATASIZE, 11 PUSH1 0, 13 PUSH1 0 (retSize, retOffset, argsSize, argsOffset, value)
 *  15 PUSH20 target, 36 PUSH3 100000, 40 CALL, 41 PUSH1 0, 43 SSTORE, 44 STOP
 */
function proxy(target: Hex): string {
  return `36600060003760006000366000600073${target.slice(2)}620186a0f160005500`;
}

/**
 * Creates a STORE_42 contract, DELEGATECALLs it (so the store runs on the factory's own slot
 * 0), then STATICCALLs it (where its SSTORE is a write-protection failure):
 *   PUSH17 <init code>, PUSH1 0, MSTORE, PUSH1 17, PUSH1 15, PUSH1 0, CREATE,
 *   PUSH1 0 ×4, DUP5, GAS, DELEGATECALL, POP, PUSH1 0 ×4, DUP5, GAS, STATICCALL, STOP
 */
const FACTORY = `70${deployCode(STORE_42).slice(2)}600052601160 0f6000f0600060006000600084 5af450600060006000600084 5afa00`.replaceAll(' ', '');

const TX_GAS = 200_000n;
const LATEST: BlockSelector = { kind: 'tag', tag: 'latest' };
const PENDING: BlockSelector = { kind: 'tag', tag: 'pending' };
const RECIPIENT = '0x00000000000000000000000000000000000d0a11';
const ONE_ETHER = 10n ** 18n;
const COINBASE = '0x0000000000000000000000000000000000000000';

const config = (json?: Record<string, unknown>): TraceConfig => traceConfig(json);
const callConfig = (json?: Record<string, unknown>): TraceCallConfig => traceCallConfig(json);

let chain: TestChain;
const address: Record<'store' | 'reverter' | 'counter' | 'gasHeavy' | 'proxyStore' | 'proxyReverter' | 'proxyCounter' | 'factory', Hex> = {
  factory: '0x',
  gasHeavy: '0x',
  store: '0x',
  reverter: '0x',
  counter: '0x',
  proxyStore: '0x',
  proxyReverter: '0x',
  proxyCounter: '0x',
};
/** Block 2's transactions: increment, proxy→store, proxy→revert, direct revert, proxy→increment, a transfer. */
const tx: Record<
  'deployStore' | 'increment' | 'proxyStore' | 'proxyRevert' | 'revert' | 'proxyIncrement' | 'transfer' | 'factory' | 'pendingFirst' | 'pendingSecond',
  Hex
> = {
  deployStore: '0x',
  factory: '0x',
  increment: '0x',
  proxyStore: '0x',
  proxyRevert: '0x',
  revert: '0x',
  proxyIncrement: '0x',
  transfer: '0x',
  pendingFirst: '0x',
  pendingSecond: '0x',
};

const INCREMENT = encodeFunctionData({ abi: counterArtifact.abi, functionName: 'increment' });
const REVERT_WITH_REASON = encodeFunctionData({ abi: reverterArtifact.abi, functionName: 'revertWithReason' });
const REVERT_DATA = encodeErrorResult({ abi: [{ type: 'error', name: 'Error', inputs: [{ type: 'string' }] }], errorName: 'Error', args: ['nope: reason'] });

async function seal(): Promise<void> {
  await chain.clock.advance(chain.sequencer.openBlock.openedAtMs + chain.config.blockTimeMs - chain.clock.now());
}

async function preconfirm(): Promise<void> {
  await chain.clock.advance(chain.config.preconfIntervalMs);
}

function receipt(hash: Hex): RpcReceipt {
  return chain.backend.blocks.getTransactionReceipt(hash)!;
}

async function settle(promise: Promise<unknown>): Promise<{ code: number; message: string }> {
  try {
    await promise;
  } catch (error) {
    // As the client sees it, through the RPC edge (fails the test on an error that is not an answer).
    const { code, message } = onTheWire(error);
    return { code, message };
  }
  throw new Error('expected the trace to fail');
}

function intrinsicGas(data: Hex): bigint {
  let gas = 21_000n;
  for (const byte of hexToBytes(data)) gas += byte === 0 ? 4n : 16n;
  return gas;
}

beforeAll(async () => {
  chain = await createTestChain();
  const [first, second] = chain.accounts as [(typeof chain.accounts)[0], (typeof chain.accounts)[0]];
  const deploy = async (data: Hex) => sendTestTransaction(chain, first, { data, gas: 1_000_000n });
  // Block 1: the contracts.
  const deployments = [
    await deploy(deployCode(STORE_42)),
    await deploy(reverterArtifact.bytecode as Hex),
    await deploy(counterArtifact.bytecode as Hex),
    await deploy(gasHeavyArtifact.bytecode as Hex),
  ];
  await preconfirm();
  tx.deployStore = deployments[0]!;
  [address.store, address.reverter, address.counter, address.gasHeavy] = deployments.map((hash) => receipt(hash).contractAddress) as [Hex, Hex, Hex, Hex];
  const proxies = [
    await deploy(deployCode(proxy(address.store))),
    await deploy(deployCode(proxy(address.reverter))),
    await deploy(deployCode(proxy(address.counter))),
    await deploy(deployCode(FACTORY)),
  ];
  await preconfirm();
  [address.proxyStore, address.proxyReverter, address.proxyCounter, address.factory] = proxies.map((hash) => receipt(hash).contractAddress) as [
    Hex,
    Hex,
    Hex,
    Hex,
  ];
  await seal();
  // Block 2.
  tx.increment = await sendTestTransaction(chain, first, { to: address.counter, data: INCREMENT, gas: TX_GAS });
  tx.proxyStore = await sendTestTransaction(chain, first, { to: address.proxyStore, gas: TX_GAS });
  tx.proxyRevert = await sendTestTransaction(chain, first, { to: address.proxyReverter, data: REVERT_WITH_REASON, gas: TX_GAS });
  tx.revert = await sendTestTransaction(chain, first, { to: address.reverter, data: REVERT_WITH_REASON, gas: TX_GAS });
  tx.proxyIncrement = await sendTestTransaction(chain, first, { to: address.proxyCounter, data: INCREMENT, gas: TX_GAS });
  tx.transfer = await sendTestTransaction(chain, second, { to: RECIPIENT, value: ONE_ETHER, gas: 21_000n });
  tx.factory = await sendTestTransaction(chain, first, { to: address.factory, gas: 1_000_000n });
  await preconfirm();
  await seal();
  expect(chain.backend.blocks.blockNumber()).toBe(2n);
  // Block 3 stays open: two pre-confirmed increments, in two sub-blocks.
  tx.pendingFirst = await sendTestTransaction(chain, first, { to: address.proxyCounter, data: INCREMENT, gas: TX_GAS });
  await preconfirm();
  tx.pendingSecond = await sendTestTransaction(chain, first, { to: address.proxyCounter, data: INCREMENT, gas: TX_GAS });
  await preconfirm();
  expect(chain.sequencer.openBlock.subBlocks).toHaveLength(2);
});

afterAll(async () => {
  await chain?.close();
});

describe('struct logger (the default tracer)', () => {
  it('logs every opcode of a call tree with geth’s gas, cost and depth, computed by hand', async () => {
    const trace = (await chain.backend.traces.traceTransaction(tx.proxyStore, config())) as StructLoggerResult;
    // 200,000 gas - 21,000 intrinsic = 179,000 before the first opcode.
    const expected: Array<[number, string, number, number, number]> = [
      [0, 'CALLDATASIZE', 179_000, 2, 1],
      [1, 'PUSH1', 178_998, 3, 1],
      [3, 'PUSH1', 178_995, 3, 1],
      [5, 'CALLDATACOPY', 178_992, 3, 1], // copies 0 bytes: no copy or memory cost
      [6, 'PUSH1', 178_989, 3, 1],
      [8, 'PUSH1', 178_986, 3, 1],
      [10, 'CALLDATASIZE', 178_983, 2, 1],
      [11, 'PUSH1', 178_981, 3, 1],
      [13, 'PUSH1', 178_978, 3, 1],
      [15, 'PUSH20', 178_975, 3, 1],
      [36, 'PUSH3', 178_972, 3, 1],
      [40, 'CALL', 178_969, 2_600 + 100_000, 1], // cold account access, plus the gas it forwards
      [0, 'PUSH1', 100_000, 3, 2],
      [2, 'PUSH1', 99_997, 3, 2],
      [4, 'SSTORE', 99_994, 22_100, 2], // cold slot (2,100) set from zero (20,000)
      [5, 'STOP', 77_894, 0, 2],
      [41, 'PUSH1', 154_263, 3, 1], // 178,969 - 2,600 - 22,106 used by the callee
      [43, 'SSTORE', 154_260, 22_100, 1],
      [44, 'STOP', 132_160, 0, 1],
    ];
    expect(trace.structLogs.map(({ pc, op, gas, gasCost, depth }) => [pc, op, gas, gasCost, depth])).toEqual(expected);
    // 21,000 + (179,000 - 132,160) = 67,840, no refund.
    expect(trace).toMatchObject({ gas: 67_840, failed: false, returnValue: '0x' });
    expect(BigInt(receipt(tx.proxyStore).gasUsed)).toBe(67_840n);
  });

  it('shows the stack (hex quantities, top last) and the storage each SLOAD/SSTORE has seen; no memory unless asked', async () => {
    const { structLogs } = (await chain.backend.traces.traceTransaction(tx.proxyStore, config())) as StructLoggerResult;
    const call = structLogs[11]!;
    expect(call.stack).toEqual(['0x0', '0x0', '0x0', '0x0', '0x0', address.store.toLowerCase(), '0x186a0']);
    const word = (value: number) => padHex(toQuantity(value) as ViemHex, { size: 32 });
    expect(structLogs[14]).toEqual({ pc: 4, op: 'SSTORE', gas: 99_994, gasCost: 22_100, depth: 2, stack: ['0x2a', '0x0'], storage: { [word(0)]: word(42) } });
    expect(structLogs[17]!.storage).toEqual({ [word(0)]: word(1) });
    expect(structLogs.every((entry) => entry.memory === undefined && entry.returnData === undefined && entry.refund === undefined)).toBe(true);
  });

  it('honours disableStack, disableStorage, enableMemory and enableReturnData', async () => {
    const bare = (await chain.backend.traces.traceTransaction(tx.proxyStore, config({ disableStack: true, disableStorage: true }))) as StructLoggerResult;
    expect(bare.structLogs.some((entry) => entry.stack !== undefined || entry.storage !== undefined)).toBe(false);
    const full = (await chain.backend.traces.traceTransaction(tx.proxyRevert, config({ enableMemory: true, enableReturnData: true }))) as StructLoggerResult;
    const call = full.structLogs.find((entry) => entry.op === 'CALL')!;
    // The 4-byte selector copied to memory by CALLDATACOPY, as one zero-padded word.
    expect(call.memory).toEqual([`${REVERT_WITH_REASON}${'0'.repeat(56)}`]);
    const afterCall = full.structLogs.find((entry) => entry.depth === 1 && entry.pc === 41)!;
    expect(afterCall.returnData).toBe(REVERT_DATA);
    expect(full.structLogs.filter((entry) => entry.returnData !== undefined).every((entry) => entry.depth === 1 && entry.pc > 40)).toBe(true);
  });

  it('reports a reverted transaction as failed with the revert data as its return value', async () => {
    const trace = (await chain.backend.traces.traceTransaction(tx.revert, config())) as StructLoggerResult;
    expect(trace).toMatchObject({ failed: true, returnValue: REVERT_DATA, gas: Number(BigInt(receipt(tx.revert).gasUsed)) });
    expect(trace.structLogs.at(-1)!.op).toBe('REVERT');
  });

  it('shows the refund counter once an SSTORE earns a refund', async () => {
    const data = hexToBytes(encodeFunctionData({ abi: gasHeavyArtifact.abi, functionName: 'refundDance' }));
    const trace = (await chain.backend.traces.traceCall({ to: hexToBytes(address.gasHeavy), data, gas: TX_GAS }, LATEST, callConfig())) as StructLoggerResult;
    const stores = trace.structLogs.flatMap((entry, index) => (entry.op === 'SSTORE' ? [index] : []));
    expect(stores).toHaveLength(2);
    // Setting 1 back to 0 in a slot that was 0 refunds 20,000 - 100 (EIP-3529). The refund is
    // counted while the SSTORE's gas is computed, so (as in geth) its own entry already shows it.
    expect(trace.structLogs[stores[1]!]).toMatchObject({ gasCost: 100, refund: 19_900 });
    expect(trace.structLogs.slice(0, stores[1]!).every((entry) => entry.refund === undefined)).toBe(true);
    expect(trace.structLogs.slice(stores[1]!).every((entry) => entry.refund === 19_900)).toBe(true);
  });

  it('marks the opcode that ran out of gas with the error, and returns nothing for that failure', async () => {
    // A call with 21,010 gas to the store: 10 gas for PUSH1, PUSH1 (6), then SSTORE cannot be paid.
    const trace = (await chain.backend.traces.traceCall({ to: hexToBytes(address.store), gas: 21_010n }, LATEST, callConfig())) as StructLoggerResult;
    expect(trace.failed).toBe(true);
    expect(trace.returnValue).toBe('0x');
    expect(trace.structLogs.map(({ op, gas, error }) => [op, gas, error])).toEqual([
      ['PUSH1', 10, undefined],
      ['PUSH1', 7, undefined],
      ['SSTORE', 4, 'out of gas'],
    ]);
  });
});

describe('callTracer', () => {
  it('nests the callee’s frame with its gas and gas used, computed by hand', async () => {
    expect(await chain.backend.traces.traceTransaction(tx.proxyStore, config({ tracer: 'callTracer' }))).toEqual({
      from: chain.accounts[0]!.address.toLowerCase(),
      gas: toQuantity(TX_GAS),
      gasUsed: toQuantity(67_840),
      to: address.proxyStore.toLowerCase(),
      input: '0x',
      calls: [
        {
          from: address.proxyStore.toLowerCase(),
          gas: toQuantity(100_000),
          gasUsed: toQuantity(22_106),
          to: address.store.toLowerCase(),
          input: '0x',
          value: '0x0',
          type: 'CALL',
        },
      ],
      value: '0x0',
      type: 'CALL',
    } satisfies CallFrameJson);
  });

  it('gives a reverted sub-call its error, revert data and decoded reason; the caller carries on', async () => {
    const trace = (await chain.backend.traces.traceTransaction(tx.proxyRevert, config({ tracer: 'callTracer' }))) as CallFrameJson;
    const callee = trace.calls![0]!;
    expect(callee).toMatchObject({
      from: address.proxyReverter.toLowerCase(),
      gas: toQuantity(100_000),
      to: address.reverter.toLowerCase(),
      input: REVERT_WITH_REASON,
      output: REVERT_DATA,
      error: 'execution reverted',
      revertReason: 'nope: reason',
      type: 'CALL',
    });
    expect(trace.error).toBeUndefined();
    // The proxy's own gas: 2+3+3 + CALLDATACOPY of 4 bytes (3 + 3 per word + 3 for the memory word)
    // + the call's 7 argument pushes (20) + CALL to a cold account (2,600) + PUSH1 + SSTORE 0→0 on a
    // cold slot (2,200).
    const proxyGas = 8n + 9n + 20n + 2_600n + 3n + 2_200n;
    expect(BigInt(trace.gasUsed)).toBe(intrinsicGas(REVERT_WITH_REASON) + proxyGas + BigInt(callee.gasUsed));
    expect(trace.gasUsed).toBe(receipt(tx.proxyRevert).gasUsed);
  });

  it('reports a reverted transaction’s own frame with the reason and the receipt’s gas', async () => {
    expect(await chain.backend.traces.traceTransaction(tx.revert, config({ tracer: 'callTracer' }))).toEqual({
      from: chain.accounts[0]!.address.toLowerCase(),
      gas: toQuantity(TX_GAS),
      gasUsed: receipt(tx.revert).gasUsed,
      to: address.reverter.toLowerCase(),
      input: REVERT_WITH_REASON,
      output: REVERT_DATA,
      error: 'execution reverted',
      revertReason: 'nope: reason',
      value: '0x0',
      type: 'CALL',
    });
  });

  it('withLog adds logs to the frame that emitted them, with their index in the block and position among sub-calls', async () => {
    const trace = (await chain.backend.traces.traceTransaction(
      tx.proxyIncrement,
      config({ tracer: 'callTracer', tracerConfig: { withLog: true } }),
    )) as CallFrameJson;
    expect(trace.logs).toBeUndefined();
    // The block's first transaction (a direct increment) emitted log 0 and made the count 1.
    expect(trace.calls![0]!.logs).toEqual([
      {
        address: address.counter.toLowerCase(),
        topics: encodeEventTopics({ abi: counterArtifact.abi, eventName: 'Incremented', args: { by: address.proxyCounter } }),
        data: padHex('0x2', { size: 32 }),
        index: '0x1',
        position: '0x0',
      },
    ]);
    const plain = (await chain.backend.traces.traceTransaction(tx.proxyIncrement, config({ tracer: 'callTracer' }))) as CallFrameJson;
    expect(plain.calls![0]!.logs).toBeUndefined();
  });

  it('shows a deployment as a CREATE frame to the new address, its output the runtime code', async () => {
    expect(await chain.backend.traces.traceTransaction(tx.deployStore, config({ tracer: 'callTracer' }))).toEqual({
      from: chain.accounts[0]!.address.toLowerCase(),
      gas: toQuantity(1_000_000),
      gasUsed: receipt(tx.deployStore).gasUsed,
      to: address.store.toLowerCase(),
      input: deployCode(STORE_42),
      output: `0x${STORE_42}`,
      value: '0x0',
      type: 'CREATE',
    });
  });

  it('names CREATE, DELEGATECALL and STATICCALL frames as geth does', async () => {
    const trace = (await chain.backend.traces.traceTransaction(tx.factory, config({ tracer: 'callTracer' }))) as CallFrameJson;
    const factory = address.factory.toLowerCase();
    const created = getContractAddress({ from: address.factory, nonce: 1n }).toLowerCase();
    const [create, delegate, staticCall] = trace.calls!;
    expect(trace.calls!.map((call) => call.type)).toEqual(['CREATE', 'DELEGATECALL', 'STATICCALL']);
    expect(create).toMatchObject({ from: factory, to: created, input: deployCode(STORE_42), output: `0x${STORE_42}`, value: '0x0' });
    // The delegate runs the store's code on the factory's own (cold, zero) slot 0: 3 + 3 + 22,100.
    expect(delegate).toMatchObject({ from: factory, to: created, input: '0x', gasUsed: toQuantity(22_106), value: '0x0' });
    // A static call carries no value; its SSTORE fails and burns all the gas it was given.
    expect(staticCall).toMatchObject({ from: factory, to: created, input: '0x', error: 'write protection' });
    expect(staticCall!.value).toBeUndefined();
    expect(staticCall!.gasUsed).toBe(staticCall!.gas);
    const diff = (await chain.backend.traces.traceTransaction(tx.factory, config({ tracer: 'prestateTracer', tracerConfig: { diffMode: true } }))) as {
      pre: Record<string, unknown>;
      post: Record<string, Record<string, unknown>>;
    };
    // The created contract did not exist before: absent from pre, in post with its code and nonce 1.
    expect(diff.pre[created]).toBeUndefined();
    expect(diff.post[created]).toMatchObject({ code: `0x${STORE_42}`, nonce: 1 });
    expect(diff.post[factory]).toMatchObject({ nonce: 2, storage: { [padHex('0x0', { size: 32 })]: padHex('0x2a', { size: 32 }) } });
  });

  it('onlyTopCall leaves out sub-calls', async () => {
    const trace = (await chain.backend.traces.traceTransaction(
      tx.proxyStore,
      config({ tracer: 'callTracer', tracerConfig: { onlyTopCall: true } }),
    )) as CallFrameJson;
    expect(trace.calls).toBeUndefined();
    expect(trace.gasUsed).toBe(toQuantity(67_840));
  });
});

describe('prestateTracer', () => {
  /** Balances around block 2's transfer, from block 1's state and the receipts before it. */
  function transferContext() {
    const block2 = chain.backend.blocks.getBlock({ kind: 'number', number: 2n }, false)!;
    const baseFee = BigInt(block2.baseFeePerGas!);
    const index = block2.transactions.indexOf(tx.transfer);
    // The fee recipient earns each earlier transaction's tip on its gas.
    let coinbaseBefore = chain.backend.state.getBalance(hexToBytes(COINBASE), { kind: 'number', number: 1n });
    for (const hash of block2.transactions.slice(0, index)) {
      const earlier = receipt(hash);
      coinbaseBefore += BigInt(earlier.gasUsed) * (BigInt(earlier.effectiveGasPrice) - baseFee);
    }
    const price = BigInt(receipt(tx.transfer).effectiveGasPrice);
    expect(price).toBe(baseFee + TEST_TIP);
    const sender = chain.accounts[1]!.address.toLowerCase();
    const senderBefore = chain.backend.state.getBalance(hexToBytes(sender), { kind: 'number', number: 1n });
    return { sender, senderBefore, coinbaseBefore, price, baseFee };
  }

  it('lists the sender and the fee recipient as they were; the recipient did not exist', async () => {
    const { sender, senderBefore, coinbaseBefore } = transferContext();
    // The sender never sent before: nonce 0 is omitted, as geth omits it.
    expect(await chain.backend.traces.traceTransaction(tx.transfer, config({ tracer: 'prestateTracer' }))).toEqual({
      [COINBASE]: { balance: toQuantity(coinbaseBefore) },
      [sender]: { balance: toQuantity(senderBefore) },
    });
  });

  it('diffMode shows balances and nonces before and after, computed from the price paid', async () => {
    const { sender, senderBefore, coinbaseBefore, price, baseFee } = transferContext();
    const senderAfter = senderBefore - ONE_ETHER - 21_000n * price;
    expect(await chain.backend.traces.traceTransaction(tx.transfer, config({ tracer: 'prestateTracer', tracerConfig: { diffMode: true } }))).toEqual({
      post: {
        [COINBASE]: { balance: toQuantity(coinbaseBefore + 21_000n * (price - baseFee)) },
        [RECIPIENT]: { balance: toQuantity(ONE_ETHER) },
        [sender]: { balance: toQuantity(senderAfter), nonce: 1 },
      },
      pre: {
        [COINBASE]: { balance: toQuantity(coinbaseBefore) },
        [sender]: { balance: toQuantity(senderBefore) },
      },
    });
    expect(chain.backend.state.getBalance(hexToBytes(sender), { kind: 'number', number: 2n })).toBe(senderAfter);
  });

  it('includes called contracts with code, code hash, nonce and the slots read or written', async () => {
    const pre = (await chain.backend.traces.traceTransaction(tx.proxyStore, config({ tracer: 'prestateTracer' }))) as Record<string, Record<string, unknown>>;
    const zeroWord = padHex('0x0', { size: 32 });
    expect(pre[address.store.toLowerCase()]).toEqual({
      balance: '0x0',
      code: `0x${STORE_42}`,
      codeHash: expect.stringMatching(/^0x[0-9a-f]{64}$/),
      nonce: 1,
      storage: { [zeroWord]: zeroWord },
    });
    expect(Object.keys(pre).sort()).toEqual(
      [COINBASE, address.store.toLowerCase(), address.proxyStore.toLowerCase(), chain.accounts[0]!.address.toLowerCase()].sort(),
    );
    const diff = (await chain.backend.traces.traceTransaction(tx.proxyStore, config({ tracer: 'prestateTracer', tracerConfig: { diffMode: true } }))) as {
      post: Record<string, unknown>;
    };
    expect(diff.post[address.store.toLowerCase()]).toEqual({ storage: { [zeroWord]: padHex('0x2a', { size: 32 }) } });
  });

  it('rejects diffMode with includeEmpty, as geth does', async () => {
    expect(
      await settle(
        chain.backend.traces.traceTransaction(tx.transfer, config({ tracer: 'prestateTracer', tracerConfig: { diffMode: true, includeEmpty: true } })),
      ),
    ).toEqual({
      code: -32000,
      message: 'cannot use diffMode with includeEmpty',
    });
  });
});

describe('pre-confirmed transactions', () => {
  it('are traced on the open block: the earlier pre-confirmed transaction is replayed first', async () => {
    const slot0 = padHex('0x0', { size: 32 });
    // Block 2 left the count at 2; the first pending increment made it 3.
    const pre = (await chain.backend.traces.traceTransaction(tx.pendingSecond, config({ tracer: 'prestateTracer' }))) as Record<
      string,
      { storage?: Record<string, string> }
    >;
    expect(pre[address.counter.toLowerCase()]!.storage).toEqual({ [slot0]: padHex('0x3', { size: 32 }) });
    const calls = (await chain.backend.traces.traceTransaction(
      tx.pendingSecond,
      config({ tracer: 'callTracer', tracerConfig: { withLog: true } }),
    )) as CallFrameJson;
    expect(calls.calls![0]!.logs![0]).toMatchObject({ index: '0x1', data: padHex('0x4', { size: 32 }) });
    const logs = (await chain.backend.traces.traceTransaction(tx.pendingSecond, config())) as StructLoggerResult;
    expect(logs.structLogs.find((entry) => entry.op === 'SLOAD')!.storage).toEqual({ [slot0]: padHex('0x3', { size: 32 }) });
  });

  it('debug_traceBlockByNumber("pending") traces the open block', async () => {
    const traces = (await chain.backend.traces.traceBlock(PENDING, config({ tracer: 'callTracer' }))) as TransactionTrace[];
    expect(traces.map((trace) => trace.txHash)).toEqual([tx.pendingFirst, tx.pendingSecond]);
  });
});

describe('block traces', () => {
  it('answer [{ txHash, result }] in block order, each as the transaction’s own trace', async () => {
    const block = chain.backend.blocks.getBlock({ kind: 'number', number: 2n }, false)!;
    for (const selector of [
      { kind: 'number', number: 2n },
      { kind: 'hash', hash: block.hash },
    ] as BlockSelector[]) {
      const traces = (await chain.backend.traces.traceBlock(selector, config({ tracer: 'callTracer' }))) as TransactionTrace[];
      expect(traces.map((trace) => trace.txHash)).toEqual(block.transactions);
      for (const trace of traces) expect(trace.result).toEqual(await chain.backend.traces.traceTransaction(trace.txHash, config({ tracer: 'callTracer' })));
    }
    const structLogs = (await chain.backend.traces.traceBlock({ kind: 'number', number: 2n }, config())) as TransactionTrace[];
    expect(structLogs.find((trace) => trace.txHash === tx.proxyStore)!.result).toMatchObject({ gas: 67_840 });
  });
});

describe('debug_traceCall', () => {
  it('traces on the state after the block: the store’s slot is already set, so SSTOREs are no-ops', async () => {
    const trace = (await chain.backend.traces.traceCall(
      { to: hexToBytes(address.proxyStore) },
      { kind: 'number', number: 2n },
      callConfig({ tracer: 'callTracer' }),
    )) as CallFrameJson;
    // Without a gas limit the call gets the 50M cap. Each SSTORE rewrites its value: cold slot 2,100 + 100.
    expect(trace.gas).toBe(toQuantity(50_000_000));
    expect(trace.calls![0]!.gasUsed).toBe(toQuantity(3 + 3 + 2_200));
    expect(trace.gasUsed).toBe(toQuantity(21_000 + 31 + 2_600 + 2_206 + 3 + 2_200));
  });

  it('with txIndex traces on the state before that transaction of the block', async () => {
    const block = chain.backend.blocks.getBlock({ kind: 'number', number: 2n }, false)!;
    const txIndex = block.transactions.indexOf(tx.proxyStore);
    const trace = (await chain.backend.traces.traceCall(
      { to: hexToBytes(address.proxyStore), gas: TX_GAS },
      { kind: 'number', number: 2n },
      callConfig({ tracer: 'callTracer', txIndex: toQuantity(txIndex) }),
    )) as CallFrameJson;
    expect(trace.calls![0]!.gasUsed).toBe(toQuantity(22_106));
    expect(trace.gasUsed).toBe(toQuantity(67_840));
    expect(
      await settle(chain.backend.traces.traceCall({ to: hexToBytes(address.proxyStore) }, { kind: 'number', number: 2n }, callConfig({ txIndex: '0x63' }))),
    ).toEqual({
      code: -32000,
      message: 'transaction index 99 out of range for block #2',
    });
  });

  it('accepts "pending" (the pre-confirmed state), unlike geth', async () => {
    const trace = (await chain.backend.traces.traceCall(
      { to: hexToBytes(address.counter), data: hexToBytes(encodeFunctionData({ abi: counterArtifact.abi, functionName: 'count' })) },
      PENDING,
      callConfig({ tracer: 'callTracer' }),
    )) as CallFrameJson;
    expect(trace.output).toBe(padHex('0x4', { size: 32 }));
  });

  it('fails as geth does when the call cannot execute', async () => {
    const failure = await settle(
      chain.backend.traces.traceCall({ from: hexToBytes(RECIPIENT), to: hexToBytes(address.store), value: 10n ** 30n }, LATEST, callConfig()),
    );
    expect(failure.code).toBe(-32000);
    expect(failure.message).toMatch(
      /^tracing failed: insufficient funds for gas \* price \+ value: address 0x0+d0a11 have 1000000000000000000 want 1000000000000000000000000000000$/,
    );
  });
});

describe('time-outs and errors', () => {
  it('a trace past its timeout fails with "execution timeout"; the event loop keeps running meanwhile', async () => {
    // JUMPDEST; PUSH1 0; JUMP: loops until the 50M gas cap is burnt (seconds), far beyond 150 ms.
    const endless = { data: hexToBytes('0x5b600056') };
    let timerFired = false;
    setTimeout(() => {
      timerFired = true;
    }, 20);
    const started = performance.now();
    expect(await settle(chain.backend.traces.traceCall(endless, LATEST, callConfig({ tracer: 'callTracer', timeout: '150ms' })))).toEqual({
      code: -32000,
      message: 'execution timeout',
    });
    const elapsed = performance.now() - started;
    expect(elapsed).toBeGreaterThanOrEqual(140);
    expect(elapsed).toBeLessThan(1_500);
    expect(timerFired).toBe(true);
    expect(await settle(chain.backend.traces.traceTransaction(tx.proxyStore, config({ timeout: '0s' })))).toEqual({
      code: -32000,
      message: 'execution timeout',
    });
  });

  it('answers geth’s errors for unknown transactions, blocks and tracers', async () => {
    const unknown = `0x${'ab'.repeat(32)}` as Hex;
    expect(await settle(chain.backend.traces.traceTransaction(unknown, config()))).toEqual({ code: -32000, message: 'transaction not found' });
    expect(await settle(chain.backend.traces.traceBlock({ kind: 'number', number: 0n }, config()))).toEqual({
      code: -32000,
      message: 'genesis is not traceable',
    });
    expect(await settle(chain.backend.traces.traceBlock({ kind: 'number', number: 99n }, config()))).toEqual({ code: -32000, message: 'block #99 not found' });
    expect(await settle(chain.backend.traces.traceBlock({ kind: 'hash', hash: unknown }, config()))).toEqual({
      code: -32000,
      message: `block ${unknown} not found`,
    });
    expect(await settle(chain.backend.traces.traceTransaction(tx.proxyStore, config({ tracer: 'fourByteTracer' })))).toEqual({
      code: -32000,
      message: 'tracer not found',
    });
    expect(await settle(chain.backend.traces.traceTransaction(tx.proxyStore, config({ tracer: 'callTracer', tracerConfig: { onlyTopCall: 'yes' } })))).toEqual({
      code: -32000,
      message: 'json: cannot unmarshal string into Go struct field callTracerConfig.onlyTopCall of type bool',
    });
  });
});
