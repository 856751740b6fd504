// eth_estimateGas through the node backend, checked against what real signed transactions use:
// each estimate must be enough (a tx with gas = estimate succeeds), close to the true minimum
// (found by bisecting eth_call and confirmed on chain: a tx with gas = minimum − 1 fails), and
// errors must carry geth's messages and revert data.

import { decodeFunctionResult, encodeDeployData, encodeErrorResult, encodeFunctionData, type Hex as ViemHex } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RpcReceipt } from '../chain/receiptView.js';
import { SequinError } from '../errors/SequinError.js';
import type { BlockSelector } from '../primitives/blockTag.js';
import { bytesToHex, type Hex, hexToBytes } from '../primitives/hex.js';
import { counterArtifact, gasHeavyArtifact, reverterArtifact, testTokenArtifact } from '../testing/contracts/artifacts.js';
import { createTestChain, type TestChain } from '../testing/createTestChain.js';
import { onTheWire } from '../testing/onTheWire.js';
import { sendTestTransaction } from '../testing/sendTestTransaction.js';
import type { CallRequest } from './CallRequest.js';

const LATEST: BlockSelector = { kind: 'tag', tag: 'latest' };
const PENDING: BlockSelector = { kind: 'tag', tag: 'pending' };
const INTERVAL = 200;
/** geth's estimator stops within 1.5% of the minimum; allow a little more. */
const TOLERANCE = 0.02;
const SUPPLY = 10n ** 24n;

const errorAbi = [{ type: 'error', name: 'Error', inputs: [{ name: 'message', type: 'string' }] }] as const;
const panicAbi = [{ type: 'error', name: 'Panic', inputs: [{ name: 'code', type: 'uint256' }] }] as const;

let chain: TestChain;
let token: Hex;
let reverter: Hex;
let counter: Hex;
let gasHeavy: Hex;

function receipt(hash: Hex): RpcReceipt {
  const found = chain.backend.blocks.getTransactionReceipt(hash);
  if (!found) throw new Error(`no receipt for ${hash}`);
  return found;
}

let addressCounter = 0;

/** A new address that holds nothing yet (deterministic: a fixed prefix and a counter, clear of the precompiles). */
function freshAddress(): Hex {
  addressCounter++;
  return `0x${'ab'.repeat(10)}${addressCounter.toString(16).padStart(20, '0')}`;
}

/** A call request from dev account `from` (default 0). */
function request(fields: { to?: Hex | null; data?: Hex; value?: bigint; from?: Hex }): CallRequest {
  return {
    from: hexToBytes(fields.from ?? chain.accounts[0]!.address),
    ...(fields.to === undefined ? {} : { to: fields.to === null ? null : hexToBytes(fields.to) }),
    ...(fields.data ? { data: hexToBytes(fields.data) } : {}),
    ...(fields.value === undefined ? {} : { value: fields.value }),
  };
}

async function callSucceeds(call: CallRequest, gas: bigint): Promise<boolean> {
  try {
    await chain.backend.calls.call({ ...call, gas }, PENDING);
    return true;
  } catch {
    return false;
  }
}

/** The least gas limit with which the call succeeds on the pending state, by bisection between `low` (fails) and `high` (succeeds). */
async function minimumGas(call: CallRequest, low: bigint, high: bigint): Promise<bigint> {
  expect(await callSucceeds(call, high), 'call succeeds at the estimate').toBe(true);
  while (low + 1n < high) {
    const middle = (low + high) / 2n;
    if (await callSucceeds(call, middle)) high = middle;
    else low = middle;
  }
  return high;
}

/** Submits txs from dev account 0 with the given gas limits (consecutive nonces), pre-confirms them in one sub-block, returns their receipts. */
async function sendWithGas(fields: { to?: Hex | null; data?: Hex; value?: bigint }, gasLimits: bigint[]): Promise<RpcReceipt[]> {
  const hashes: Hex[] = [];
  for (const gas of gasLimits) {
    hashes.push(
      await sendTestTransaction(chain, chain.accounts[0]!, {
        ...(fields.to ? { to: fields.to } : {}),
        ...(fields.data ? { data: fields.data } : {}),
        value: fields.value ?? 0n,
        gas,
      }),
    );
  }
  await chain.clock.advance(INTERVAL);
  return hashes.map(receipt);
}

/**
 * The core check: the estimate at "pending" is ≥ the true minimum and within TOLERANCE of it;
 * on chain, a tx with gas = minimum − 1 fails and one with gas = estimate succeeds using no more
 * than the estimate. Returns the numbers for case-specific assertions.
 */
async function checkEstimate(fields: { to?: Hex | null; data?: Hex; value?: bigint }): Promise<{ estimate: bigint; minimum: bigint; gasUsed: bigint }> {
  const call = request(fields);
  const estimate = await chain.backend.calls.estimateGas(call, PENDING);
  const minimum = await minimumGas(call, 21_000n, estimate);
  expect(estimate).toBeGreaterThanOrEqual(minimum);
  expect(Number(estimate - minimum) / Number(minimum), `estimate ${estimate} vs minimum ${minimum}`).toBeLessThanOrEqual(TOLERANCE);
  // Both txs run in one sub-block on the same contract state: the failed one changes only the sender's nonce and balance.
  const [tooLow, enough] = await sendWithGas(fields, [minimum - 1n, estimate]);
  expect(tooLow!.status, `gas ${minimum - 1n} (minimum − 1) fails on chain`).toBe('0x0');
  expect(enough!.status, `gas ${estimate} (the estimate) succeeds on chain`).toBe('0x1');
  const gasUsed = BigInt(enough!.gasUsed);
  expect(estimate).toBeGreaterThanOrEqual(gasUsed);
  return { estimate, minimum, gasUsed };
}

/** Expects `promise` to reject with a domain error the RPC edge answers with exactly `expected`. */
async function expectRpcError(promise: Promise<unknown>, expected: { code: number; message: string; data?: Hex }): Promise<void> {
  const error = await promise.then(
    () => undefined,
    (thrown: unknown) => thrown,
  );
  expect(error, 'rejects').toBeInstanceOf(SequinError);
  const wire = onTheWire(error);
  expect({ code: wire.code, message: wire.message, ...(expected.data === undefined ? {} : { data: wire.data }) }).toEqual(expected);
}

async function deploy(data: Hex): Promise<Hex> {
  const hash = await sendTestTransaction(chain, chain.accounts[0]!, { data, gas: 3_000_000n });
  await chain.clock.advance(INTERVAL);
  const deployed = receipt(hash);
  expect(deployed.status).toBe('0x1');
  return deployed.contractAddress!;
}

beforeAll(async () => {
  chain = await createTestChain();
  token = await deploy(encodeDeployData({ abi: testTokenArtifact.abi, bytecode: testTokenArtifact.bytecode as ViemHex, args: [SUPPLY] }));
  reverter = await deploy(reverterArtifact.bytecode as Hex);
  counter = await deploy(counterArtifact.bytecode as Hex);
  gasHeavy = await deploy(gasHeavyArtifact.bytecode as Hex);
  // Seal, so "latest" holds the contracts too.
  await chain.clock.advance(chain.sequencer.openBlock.openedAtMs + chain.config.blockTimeMs - chain.clock.now());
  expect(chain.backend.blocks.blockNumber()).toBe(1n);
});

afterAll(async () => {
  await chain?.close();
});

describe('estimateGas against gas actually used', () => {
  it('estimates exactly 21,000 for a plain transfer, which then succeeds', async () => {
    const recipient = freshAddress();
    for (const selector of [LATEST, PENDING]) expect(await chain.backend.calls.estimateGas(request({ to: recipient, value: 1n }), selector)).toBe(21_000n);
    const [sent] = await sendWithGas({ to: recipient, value: 1n }, [21_000n]);
    expect(sent).toMatchObject({ status: '0x1', gasUsed: '0x5208' });
  });

  it('ERC-20 transfer (to a fresh holder, then to an existing one)', async () => {
    const holder = freshAddress();
    const data = encodeFunctionData({ abi: testTokenArtifact.abi, functionName: 'transfer', args: [holder, 5n] });
    // minimum − 1 fails, estimate succeeds: the holder is fresh for both txs, so both estimates hold.
    const fresh = await checkEstimate({ to: token, data });
    const existing = await checkEstimate({ to: token, data });
    // Nothing in a transfer depends on its gas limit: the estimate is the exact minimum.
    expect(fresh.estimate).toBe(fresh.minimum);
    expect(existing.estimate).toBe(existing.minimum);
    // A zero-to-nonzero balance write costs more than a nonzero-to-nonzero one.
    expect(existing.gasUsed).toBeLessThan(fresh.gasUsed);
  });

  it('Counter.increment', async () => {
    await checkEstimate({ to: counter, data: encodeFunctionData({ abi: counterArtifact.abi, functionName: 'increment' }) });
  });

  it('contract deployment', async () => {
    const { gasUsed } = await checkEstimate({
      to: null,
      data: encodeDeployData({ abi: testTokenArtifact.abi, bytecode: testTokenArtifact.bytecode as ViemHex, args: [1000n] }),
    });
    expect(gasUsed).toBeGreaterThan(200_000n);
  });

  it('GasHeavy.burn(n): gas grows with n and the estimate follows', async () => {
    const used: bigint[] = [];
    for (const iterations of [1n, 5n, 25n]) {
      const { gasUsed } = await checkEstimate({
        to: gasHeavy,
        data: encodeFunctionData({ abi: gasHeavyArtifact.abi, functionName: 'burn', args: [iterations] }),
      });
      used.push(gasUsed);
    }
    // ~22k per fresh slot.
    expect(used[2]! - used[1]!).toBeGreaterThan(20n * 20_000n);
    expect(used[2]! - used[1]!).toBeLessThan(20n * 24_000n);
  });

  it('Reverter.okIfEnoughGas: needs ~100k gas left though it uses ~22-45k', async () => {
    const { estimate, minimum, gasUsed } = await checkEstimate({
      to: reverter,
      data: encodeFunctionData({ abi: reverterArtifact.abi, functionName: 'okIfEnoughGas' }),
    });
    expect(minimum).toBeGreaterThan(100_000n);
    expect(gasUsed).toBeLessThan(60_000n);
    expect(estimate).toBeGreaterThan(gasUsed * 2n);
  });

  it('GasHeavy.callWithForwardedGas: the 63/64 rule (EIP-150)', async () => {
    const increment = encodeFunctionData({ abi: counterArtifact.abi, functionName: 'increment' });
    await checkEstimate({
      to: gasHeavy,
      data: encodeFunctionData({ abi: gasHeavyArtifact.abi, functionName: 'callWithForwardedGas', args: [counter, increment] }),
    });
    // Forwarding into a callee that itself needs 100k gas left: 1/64 of everything is withheld at each level.
    const okIfEnoughGas = encodeFunctionData({ abi: reverterArtifact.abi, functionName: 'okIfEnoughGas' });
    const { minimum } = await checkEstimate({
      to: gasHeavy,
      data: encodeFunctionData({ abi: gasHeavyArtifact.abi, functionName: 'callWithForwardedGas', args: [reverter, okIfEnoughGas] }),
    });
    expect(minimum).toBeGreaterThan(110_000n);
  });

  it('a cheap last SSTORE: EIP-2200 wants more than 2,300 gas left at it, so the minimum exceeds the gas used', async () => {
    // Runtime: SSTORE(0, 1) (a new slot), then SSTORE(0, 2) (now warm and dirty: 100 gas), STOP; no refund.
    const runtime = '6001600055600260005500';
    const sstoreTwice = await deploy(`0x600b600c600039600b6000f3${runtime}`);
    const { minimum, gasUsed } = await checkEstimate({ to: sstoreTwice });
    expect(minimum - gasUsed).toBeGreaterThan(2_000n);
  });

  it('GasHeavy.refundDance: the limit needed exceeds the gas finally used (refund)', async () => {
    const { minimum, gasUsed } = await checkEstimate({ to: gasHeavy, data: encodeFunctionData({ abi: gasHeavyArtifact.abi, functionName: 'refundDance' }) });
    expect(minimum).toBeGreaterThan(gasUsed);
  });
});

describe('estimateGas and call errors', () => {
  const reason = encodeErrorResult({ abi: errorAbi, errorName: 'Error', args: ['nope: reason'] });

  it('revert with a reason: -32000 "execution reverted: <reason>" with the Error(string) bytes as data', async () => {
    const data = encodeFunctionData({ abi: reverterArtifact.abi, functionName: 'revertWithReason' });
    await expectRpcError(chain.backend.calls.estimateGas(request({ to: reverter, data }), PENDING), {
      code: -32000,
      message: 'execution reverted: nope: reason',
      data: reason,
    });
  });

  it('custom error: "execution reverted" with the encoded error as data', async () => {
    const data = encodeFunctionData({ abi: reverterArtifact.abi, functionName: 'revertWithCustomError' });
    const denied = encodeErrorResult({ abi: reverterArtifact.abi, errorName: 'Denied', args: [42n] });
    await expectRpcError(chain.backend.calls.estimateGas(request({ to: reverter, data }), PENDING), {
      code: -32000,
      message: 'execution reverted',
      data: denied,
    });
  });

  it('assert: "execution reverted: assert(false)" with Panic(1) as data', async () => {
    const data = encodeFunctionData({ abi: reverterArtifact.abi, functionName: 'panicAssert' });
    const panic = encodeErrorResult({ abi: panicAbi, errorName: 'Panic', args: [1n] });
    await expectRpcError(chain.backend.calls.estimateGas(request({ to: reverter, data }), PENDING), {
      code: -32000,
      message: 'execution reverted: assert(false)',
      data: panic,
    });
  });

  it('empty revert: "execution reverted" with empty data', async () => {
    const data = encodeFunctionData({ abi: reverterArtifact.abi, functionName: 'revertEmpty' });
    await expectRpcError(chain.backend.calls.estimateGas(request({ to: reverter, data }), PENDING), {
      code: -32000,
      message: 'execution reverted',
      data: '0x',
    });
  });

  it('call returns the function result', async () => {
    const balanceOf = encodeFunctionData({ abi: testTokenArtifact.abi, functionName: 'balanceOf', args: [chain.accounts[0]!.address as ViemHex] });
    const balance = decodeFunctionResult({
      abi: testTokenArtifact.abi,
      functionName: 'balanceOf',
      data: bytesToHex(await chain.backend.calls.call(request({ to: token, data: balanceOf }), { kind: 'number', number: 1n })),
    });
    // Block 1 holds the deployments only: the deployer still has the whole supply there.
    expect(balance).toBe(SUPPLY);
    const name = encodeFunctionData({ abi: testTokenArtifact.abi, functionName: 'name' });
    expect(
      decodeFunctionResult({
        abi: testTokenArtifact.abi,
        functionName: 'name',
        data: bytesToHex(await chain.backend.calls.call(request({ to: token, data: name }), PENDING)),
      }),
    ).toBe('Test Token');
    const count = encodeFunctionData({ abi: counterArtifact.abi, functionName: 'count' });
    const pendingCount = decodeFunctionResult({
      abi: counterArtifact.abi,
      functionName: 'count',
      data: bytesToHex(await chain.backend.calls.call(request({ to: counter, data: count }), PENDING)),
    });
    expect(pendingCount).toBeGreaterThan(0n);
    // Nothing called increment before block 1 was sealed.
    expect(
      decodeFunctionResult({
        abi: counterArtifact.abi,
        functionName: 'count',
        data: bytesToHex(await chain.backend.calls.call(request({ to: counter, data: count }), { kind: 'number', number: 1n })),
      }),
    ).toBe(0n);
  });

  it('call reverts with code 3, the reason in the message and the revert bytes as data', async () => {
    const data = encodeFunctionData({ abi: reverterArtifact.abi, functionName: 'revertWithReason' });
    await expectRpcError(chain.backend.calls.call(request({ to: reverter, data }), PENDING), {
      code: 3,
      message: 'execution reverted: nope: reason',
      data: reason,
    });
    const view = encodeFunctionData({ abi: reverterArtifact.abi, functionName: 'alwaysReverts' });
    await expectRpcError(chain.backend.calls.call(request({ to: reverter, data: view }), LATEST), {
      code: 3,
      message: 'execution reverted: view revert',
      data: encodeErrorResult({ abi: errorAbi, errorName: 'Error', args: ['view revert'] }),
    });
    const denied = encodeFunctionData({ abi: reverterArtifact.abi, functionName: 'revertWithCustomError' });
    await expectRpcError(chain.backend.calls.call(request({ to: reverter, data: denied }), PENDING), {
      code: 3,
      message: 'execution reverted',
      data: encodeErrorResult({ abi: reverterArtifact.abi, errorName: 'Denied', args: [42n] }),
    });
  });

  it('a call that runs out of gas at the cap: "gas required exceeds allowance"', async () => {
    const data = encodeFunctionData({ abi: gasHeavyArtifact.abi, functionName: 'burn', args: [100n] });
    const error = await chain.backend.calls.estimateGas({ ...request({ to: gasHeavy, data }), gas: 100_000n }, PENDING).catch((thrown: unknown) => thrown);
    expect(error).toBeInstanceOf(SequinError);
    expect(onTheWire(error)).toMatchObject({ code: -32000, message: 'gas required exceeds allowance (100000)' });
  });
});

describe('estimateGas on "pending" sees pre-confirmed state', () => {
  it('estimates a transfer that only succeeds after a pre-confirmed one; "latest" reverts until the block is sealed', async () => {
    const holder = freshAddress();
    await sendTestTransaction(chain, chain.accounts[0]!, {
      to: token,
      data: encodeFunctionData({ abi: testTokenArtifact.abi, functionName: 'transfer', args: [holder, 100n] }),
      gas: 100_000n,
    });
    await chain.clock.advance(INTERVAL);
    expect(chain.backend.blocks.blockNumber()).toBeLessThan(BigInt(chain.sequencer.openBlock.number));

    const onward = request({
      from: holder,
      to: token,
      data: encodeFunctionData({ abi: testTokenArtifact.abi, functionName: 'transfer', args: [freshAddress(), 60n] }),
    });
    const estimate = await chain.backend.calls.estimateGas(onward, PENDING);
    expect(estimate).toBeGreaterThan(21_000n);
    const insufficient = encodeErrorResult({ abi: errorAbi, errorName: 'Error', args: ['ERC20: insufficient balance'] });
    await expectRpcError(chain.backend.calls.estimateGas(onward, LATEST), {
      code: -32000,
      message: 'execution reverted: ERC20: insufficient balance',
      data: insufficient,
    });

    await chain.clock.advance(chain.sequencer.openBlock.openedAtMs + chain.config.blockTimeMs - chain.clock.now());
    expect(await chain.backend.calls.estimateGas(onward, LATEST)).toBe(estimate);
  });
});
