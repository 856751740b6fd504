/**
 * An AMM on a fork, end to end: on an origin (a running Sequin, and Anvil) two TestTokens and a
 * SwapPair (x*y=k, 0.3% fee) are deployed, liquidity added, and tokens given to a holder that is no
 * dev account. A real Sequin process forks the origin at that block; there the holder is
 * impersonated, funded with gas, approves the pair and swaps. The swap's output is the constant-
 * product formula on the forked reserves, pre-confirmed first (`pending`), then sealed; the origin
 * never sees it. Traces and eth_getProof work on forked state: at the fork block the fork's proof is
 * the origin's, byte for byte; after the swap the fork's proof verifies against the fork's own
 * block's state root (with @ethereumjs/mpt's verifier) and proves what eth_getStorageAt reads
 * for the slots the swap wrote, in the pair and in both tokens.
 */
import { verifyMerkleProof } from '@ethereumjs/mpt';
import { RLP } from '@ethereumjs/rlp';
import { createAccountFromRLP } from '@ethereumjs/util';
import { decodeEventLog, encodeDeployData, encodeFunctionData, type Hex, hexToBigInt, hexToBytes, pad, parseEther, toHex } from 'viem';
import { generatePrivateKey, privateKeyToAddress } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { swapPairArtifact, testTokenArtifact } from '../../src/testing/contracts/artifacts.js';
import { cleanupNodeProcesses, type NodeProcess, startNodeProcess } from '../../src/testing/startNodeProcess.js';
import { type AnvilProcess, cleanupAnvilProcesses, startAnvil } from '../../src/testing/tools/startAnvil.js';
import { balanceSlot } from './forkOrigin.js';
import { DEV_ACCOUNTS, pollReceipt, rpcError, rpcResult, waitForBlockAfter, ZERO_HASH } from './helpers.js';

const tokenAbi = testTokenArtifact.abi;
const pairAbi = swapPairArtifact.abi;
const SUPPLY = 1_000_000n * 10n ** 18n;
/** The pair's liquidity: 100,000 A against 50,000 B. */
const LIQUIDITY_A = 100_000n * 10n ** 18n;
const LIQUIDITY_B = 50_000n * 10n ** 18n;
const HOLDER_GIVEN = 2_000n * 10n ** 18n;
const SWAP_IN = 1_500n * 10n ** 18n;
/** SwapPair's storage layout (documented in SwapPair.sol): lastProvider, swapCount, reserveA, reserveB. */
const LAST_PROVIDER_SLOT = pad('0x0');
const SWAP_COUNT_SLOT = pad('0x1');
const RESERVE_A_SLOT = pad('0x2');
const RESERVE_B_SLOT = pad('0x3');
const PAIR_SLOTS = [LAST_PROVIDER_SLOT, SWAP_COUNT_SLOT, RESERVE_A_SLOT, RESERVE_B_SLOT];
const SWAP_WRITTEN_SLOTS = [SWAP_COUNT_SLOT, RESERVE_A_SLOT, RESERVE_B_SLOT];
/** The fork seals every 4 s, so a swap sent right after a seal is seen pre-confirmed well before the next. */
const FORK_BLOCK_TIME_MS = 4_000;

const hex = (value: bigint): Hex => toHex(value);

/** The constant-product output with a 0.3% fee, as any x*y=k pair computes it. */
function constantProductOut(amountIn: bigint, reserveIn: bigint, reserveOut: bigint): bigint {
  const inAfterFee = amountIn * 997n;
  return (inAfterFee * reserveOut) / (reserveIn * 1000n + inAfterFee);
}

/** What an origin holds once {@link prepareSwapOrigin} is done. */
interface SwapOrigin {
  url: string;
  tokenA: Hex;
  tokenB: Hex;
  pair: Hex;
  /** No dev account: only impersonation can move its tokens on the fork. */
  holder: Hex;
  forkBlock: bigint;
}

/** Sends a dev account's transaction with a fixed gas limit (no estimate at `latest`) and waits for its pre-confirmed receipt. */
async function sendFromDev(url: string, transaction: { to?: Hex; data: Hex }): Promise<{ contractAddress: Hex | null; blockNumber: bigint }> {
  const hash = await rpcResult<Hex>(url, 'eth_sendTransaction', [{ from: DEV_ACCOUNTS[0]!.address, gas: hex(3_000_000n), ...transaction }]);
  const receipt = await pollReceipt(url, hash, 10_000);
  expect(receipt.status, `transaction ${hash}`).toBe('success');
  return { contractAddress: (receipt.contractAddress ?? null) as Hex | null, blockNumber: receipt.blockNumber };
}

/** Deploys two tokens and the pair from dev account 0, adds liquidity, gives a fresh holder tokens A; returns once all is in a block. */
async function prepareSwapOrigin(url: string, waitForBlock: (after: bigint) => Promise<bigint>): Promise<SwapOrigin> {
  const deployToken = () => sendFromDev(url, { data: encodeDeployData({ abi: tokenAbi, bytecode: testTokenArtifact.bytecode as Hex, args: [SUPPLY] }) });
  const tokenA = (await deployToken()).contractAddress!;
  const tokenB = (await deployToken()).contractAddress!;
  const pair = (await sendFromDev(url, { data: encodeDeployData({ abi: pairAbi, bytecode: swapPairArtifact.bytecode as Hex, args: [tokenA, tokenB] }) }))
    .contractAddress!;
  for (const token of [tokenA, tokenB]) {
    await sendFromDev(url, { to: token, data: encodeFunctionData({ abi: tokenAbi, functionName: 'approve', args: [pair, 2n ** 256n - 1n] }) });
  }
  await sendFromDev(url, { to: pair, data: encodeFunctionData({ abi: pairAbi, functionName: 'addLiquidity', args: [LIQUIDITY_A, LIQUIDITY_B] }) });
  const holder = privateKeyToAddress(generatePrivateKey());
  const last = await sendFromDev(url, { to: tokenA, data: encodeFunctionData({ abi: tokenAbi, functionName: 'transfer', args: [holder, HOLDER_GIVEN] }) });
  const forkBlock = await waitForBlock(last.blockNumber - 1n);
  return { url, tokenA, tokenB, pair, holder, forkBlock };
}

async function call<T>(
  url: string,
  to: Hex,
  abi: typeof tokenAbi | typeof pairAbi,
  functionName: string,
  args: unknown[],
  block: Hex | 'latest' | 'pending',
): Promise<T> {
  const data = encodeFunctionData({ abi, functionName, args } as never);
  return rpcResult<T>(url, 'eth_call', [{ to, data }, block]);
}

/** The pair's reserves and the holder's balances of both tokens at `block`. */
async function readMarket(url: string, origin: SwapOrigin, block: Hex | 'latest' | 'pending') {
  const reserves = await call<Hex>(url, origin.pair, pairAbi, 'getReserves', [], block);
  const balance = async (token: Hex) => hexToBigInt(await call<Hex>(url, token, tokenAbi, 'balanceOf', [origin.holder], block));
  return {
    reserveA: hexToBigInt(`0x${reserves.slice(2, 66)}`),
    reserveB: hexToBigInt(`0x${reserves.slice(66, 130)}`),
    holderA: await balance(origin.tokenA),
    holderB: await balance(origin.tokenB),
  };
}

interface ProofResult {
  balance: Hex;
  codeHash: Hex;
  nonce: Hex;
  storageHash: Hex;
  accountProof: Hex[];
  storageProof: Array<{ key: Hex; value: Hex; proof: Hex[] }>;
}

/** Verifies an eth_getProof answer against `stateRoot` with @ethereumjs/mpt; returns the proven slot values. */
async function verifiedProof(stateRoot: Hex, address: Hex, proof: ProofResult): Promise<bigint[]> {
  const accountRlp = await verifyMerkleProof(
    hexToBytes(address),
    proof.accountProof.map((node) => hexToBytes(node)),
    { root: hexToBytes(stateRoot), useKeyHashing: true },
  );
  expect(accountRlp, 'the account is proven present').not.toBeNull();
  const account = createAccountFromRLP(accountRlp!);
  expect(toHex(account.storageRoot)).toBe(proof.storageHash);
  expect(hex(account.balance)).toBe(proof.balance);
  expect(hex(account.nonce)).toBe(proof.nonce);
  expect(toHex(account.codeHash)).toBe(proof.codeHash);
  const values: bigint[] = [];
  for (const slot of proof.storageProof) {
    const encoded = await verifyMerkleProof(
      hexToBytes(pad(slot.key)),
      slot.proof.map((node) => hexToBytes(node)),
      { root: account.storageRoot, useKeyHashing: true },
    );
    // A present slot is stored RLP-encoded: a byte string of the value without leading zeros.
    const value = encoded === null ? 0n : hexToBigInt(toHex(RLP.decode(encoded) as Uint8Array));
    expect(hex(value), `slot ${slot.key} proven as answered`).toBe(hex(hexToBigInt(slot.value)));
    values.push(value);
  }
  return values;
}

function startSwapFork(origin: SwapOrigin): Promise<NodeProcess> {
  return startNodeProcess({
    storage: 'temp',
    args: ['--fork-url', origin.url, '--fork-block-number', String(origin.forkBlock), '--block-time', String(FORK_BLOCK_TIME_MS)],
  });
}

/** The whole check, for one origin. */
async function expectSwapOnFork(fork: NodeProcess, origin: SwapOrigin): Promise<void> {
  const at = hex(origin.forkBlock);
  const forkedProof = await rpcResult<ProofResult>(fork.url, 'eth_getProof', [origin.pair, PAIR_SLOTS, at]);
  // (a) At the fork block the fork's proof of the pair is the origin's, exactly.
  expect(forkedProof).toEqual(await rpcResult(origin.url, 'eth_getProof', [origin.pair, PAIR_SLOTS, at]));
  const originBlock = await rpcResult<{ stateRoot: Hex }>(origin.url, 'eth_getBlockByNumber', [at, false]);
  const [, , forkedReserveA, forkedReserveB] = await verifiedProof(originBlock.stateRoot, origin.pair, forkedProof);
  expect([forkedReserveA, forkedReserveB]).toEqual([LIQUIDITY_A, LIQUIDITY_B]);

  // The forked market, as the fork reads it: the origin's at the fork block.
  const before = await readMarket(fork.url, origin, 'latest');
  expect(before).toEqual(await readMarket(origin.url, origin, at));
  expect(before).toEqual({ reserveA: LIQUIDITY_A, reserveB: LIQUIDITY_B, holderA: HOLDER_GIVEN, holderB: 0n });

  // The holder has no key and no ETH: fund its gas, impersonate it, approve the pair.
  expect(await rpcResult(fork.url, 'anvil_setBalance', [origin.holder, hex(parseEther('1'))])).toBeNull();
  expect(await rpcResult(fork.url, 'anvil_impersonateAccount', [origin.holder])).toBeNull();
  const send = (to: Hex, data: Hex) => rpcResult<Hex>(fork.url, 'eth_sendTransaction', [{ from: origin.holder, to, data, gas: hex(300_000n) }]);
  const approval = await send(origin.tokenA, encodeFunctionData({ abi: tokenAbi, functionName: 'approve', args: [origin.pair, SWAP_IN] }));
  expect((await pollReceipt(fork.url, approval, 10_000)).status).toBe('success');

  // Swap right after a seal, so the pre-confirmed stage is seen before the next one.
  const expectedOut = constantProductOut(SWAP_IN, before.reserveA, before.reserveB);
  const head = await waitForBlockAfter(fork.url, BigInt(await rpcResult<Hex>(fork.url, 'eth_blockNumber')), FORK_BLOCK_TIME_MS * 3);
  const swap = await send(origin.pair, encodeFunctionData({ abi: pairAbi, functionName: 'swap', args: [origin.tokenA, SWAP_IN, expectedOut] }));
  const receipt = await pollReceipt(fork.url, swap, 10_000);
  const after = { reserveA: before.reserveA + SWAP_IN, reserveB: before.reserveB - expectedOut, holderA: before.holderA - SWAP_IN, holderB: expectedOut };
  expect(receipt.status).toBe('success');
  expect(receipt.blockNumber).toBe(head + 1n);
  expect(receipt.blockHash).toBe(ZERO_HASH);
  expect(await readMarket(fork.url, origin, 'pending')).toEqual(after);
  expect(await readMarket(fork.url, origin, 'latest')).toEqual(before);
  expect(BigInt(await rpcResult<Hex>(fork.url, 'eth_blockNumber'))).toBe(head);
  const swapLog = receipt.logs.find((log) => log.address === origin.pair)!;
  expect(decodeEventLog({ abi: pairAbi, data: swapLog.data, topics: swapLog.topics })).toMatchObject({
    eventName: 'Swap',
    args: {
      trader: expect.stringMatching(new RegExp(origin.holder, 'i')),
      tokenIn: expect.stringMatching(new RegExp(origin.tokenA, 'i')),
      amountIn: SWAP_IN,
      amountOut: expectedOut,
    },
  });

  // Sealed: latest has it too.
  await waitForBlockAfter(fork.url, head, FORK_BLOCK_TIME_MS * 3);
  expect(await readMarket(fork.url, origin, 'latest')).toEqual(after);
  expect(await rpcResult(fork.url, 'anvil_stopImpersonatingAccount', [origin.holder])).toBeNull();

  // The swap's trace on forked state: the pair pulls token A from the holder and pays token B out.
  const trace = await rpcResult<{ type: string; from: Hex; to: Hex; calls?: Array<{ type: string; from: Hex; to: Hex; input: Hex }> }>(
    fork.url,
    'debug_traceTransaction',
    [swap, { tracer: 'callTracer' }],
  );
  const lower = (address: Hex) => address.toLowerCase();
  expect(trace).toMatchObject({ type: 'CALL', from: lower(origin.holder), to: lower(origin.pair) });
  expect(trace.calls?.map(({ type, from, to, input }) => ({ type, from, to, input }))).toEqual([
    {
      type: 'CALL',
      from: lower(origin.pair),
      to: lower(origin.tokenA),
      input: encodeFunctionData({ abi: tokenAbi, functionName: 'transferFrom', args: [origin.holder, origin.pair, SWAP_IN] }),
    },
    {
      type: 'CALL',
      from: lower(origin.pair),
      to: lower(origin.tokenB),
      input: encodeFunctionData({ abi: tokenAbi, functionName: 'transfer', args: [origin.holder, expectedOut] }),
    },
  ]);

  // (b) The fork's own sealed block: the proof verifies against its state root and proves what eth_getStorageAt reads,
  // for the slots the swap wrote. (The fork's trie holds only what the fork wrote, docs/guides/forking.md#state-roots: a slot it
  // never wrote, like lastProvider, is not in it.)
  const sealedAt = hex(receipt.blockNumber);
  const sealed = await rpcResult<{ stateRoot: Hex; hash: Hex }>(fork.url, 'eth_getBlockByNumber', [sealedAt, false]);
  const sealedProof = await rpcResult<ProofResult>(fork.url, 'eth_getProof', [origin.pair, SWAP_WRITTEN_SLOTS, sealedAt]);
  const proven = await verifiedProof(sealed.stateRoot, origin.pair, sealedProof);
  const storage = await Promise.all(
    SWAP_WRITTEN_SLOTS.map(async (slot) => hexToBigInt(await rpcResult<Hex>(fork.url, 'eth_getStorageAt', [origin.pair, slot, sealedAt]))),
  );
  expect(proven).toEqual(storage);
  expect(proven).toEqual([1n, after.reserveA, after.reserveB]);
  // The holder's token balances are proven too: in token A's and token B's own storage.
  for (const [token, value] of [
    [origin.tokenA, after.holderA],
    [origin.tokenB, after.holderB],
  ] as const) {
    const tokenProof = await rpcResult<ProofResult>(fork.url, 'eth_getProof', [token, [balanceSlot(origin.holder)], sealedAt]);
    expect(await verifiedProof(sealed.stateRoot, token, tokenProof)).toEqual([value]);
  }

  // A slot the fork never wrote (lastProvider) still reads the origin's value, so a proof from the fork's own trie
  // would show zero: refused, naming the slot and where a proof can be had.
  expect(await rpcError(fork.url, 'eth_getProof', [origin.pair, [LAST_PROVIDER_SLOT], sealedAt])).toMatchObject({
    code: -32000,
    message: expect.stringMatching(/^cannot prove slot 0x0{64} of 0x[0-9a-f]{40} above the fork block \d+: its value comes from the remote/),
  });

  // The origin never saw any of it.
  expect(await readMarket(origin.url, origin, 'latest')).toEqual(before);
  expect(await rpcResult(origin.url, 'eth_getTransactionReceipt', [swap])).toBeNull();
}

afterAll(async () => {
  await cleanupNodeProcesses();
  await cleanupAnvilProcesses();
});

describe('swapping through an AMM pair on a fork of a running Sequin', () => {
  let origin: SwapOrigin;
  let fork: NodeProcess;

  beforeAll(async () => {
    const originNode = await startNodeProcess();
    origin = await prepareSwapOrigin(originNode.url, (after) => waitForBlockAfter(originNode.url, after));
    fork = await startSwapFork(origin);
  }, 60_000);

  it('impersonates a holder and swaps at the x*y=k price of the forked reserves, pre-confirmed then sealed; traces and proofs work', async () => {
    await expectSwapOnFork(fork, origin);
  }, 60_000);
});

describe('swapping through an AMM pair on a fork of Anvil', () => {
  let anvil: AnvilProcess;
  let origin: SwapOrigin;
  let fork: NodeProcess;

  beforeAll(async () => {
    anvil = await startAnvil();
    // Anvil automines: every transaction is its own block.
    origin = await prepareSwapOrigin(anvil.url, async () => BigInt(await rpcResult<Hex>(anvil.url, 'eth_blockNumber')));
    fork = await startSwapFork(origin);
  }, 60_000);

  it('impersonates a holder and swaps at the x*y=k price of the forked reserves, pre-confirmed then sealed; traces and proofs work', async () => {
    await expectSwapOnFork(fork, origin);
  }, 60_000);
});
