/**
 * Errors as clients see them: viem's error classes recognise our messages (through the errors
 * its actions throw and through `getNodeError`), and the raw JSON-RPC errors are pinned exactly,
 * since viem and ethers classify node errors by their text (geth's wording).
 */
import {
  BaseError,
  concatHex,
  ExecutionRevertedError,
  encodeErrorResult,
  encodeFunctionData,
  type Hex,
  InsufficientFundsError,
  IntrinsicGasTooLowError,
  keccak256,
  NonceTooLowError,
  numberToHex,
  parseGwei,
  RpcRequestError,
  TipAboveFeeCapError,
  toRlp,
  trim,
} from 'viem';
import { generatePrivateKey, privateKeyToAccount, sign } from 'viem/accounts';
import { getNodeError } from 'viem/utils';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reverterArtifact } from '../../src/testing/contracts/artifacts.js';
import { cleanupNodeProcesses, type NodeProcess, startNodeProcess } from '../../src/testing/startNodeProcess.js';
import { DEV_ACCOUNTS, DEV_KEYS, pollUntil, rpcError, rpcResult, viemClients } from './helpers.js';

const CHAIN_ID = 31337;
const SINK: Hex = '0x000000000000000000000000000000000000dEaD';

let node: NodeProcess;

beforeAll(async () => {
  node = await startNodeProcess();
});
afterAll(cleanupNodeProcesses);

/** The error a promise rejects with (fails the test if it resolves). */
async function rejection(promise: Promise<unknown>): Promise<BaseError> {
  try {
    await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(BaseError);
    return error as BaseError;
  }
  throw new Error('expected a rejection');
}

/**
 * Signs a type-2 tx without the fee sanity checks viem, ethers and ethereumjs all apply before
 * signing (they refuse a tip above the fee cap), so the node's own check can be exercised.
 */
async function signUncheckedEip1559(
  privateKey: Hex,
  fields: { nonce: bigint; to: Hex; value: bigint; gas: bigint; maxFeePerGas: bigint; maxPriorityFeePerGas: bigint },
): Promise<Hex> {
  const quantity = (value: bigint): Hex => (value === 0n ? '0x' : numberToHex(value));
  const body: Array<Hex | Hex[]> = [
    quantity(BigInt(CHAIN_ID)),
    quantity(fields.nonce),
    quantity(fields.maxPriorityFeePerGas),
    quantity(fields.maxFeePerGas),
    quantity(fields.gas),
    fields.to,
    quantity(fields.value),
    '0x',
    [],
  ];
  const signature = await sign({ hash: keccak256(concatHex(['0x02', toRlp(body)])), privateKey });
  return concatHex(['0x02', toRlp([...body, quantity(BigInt(signature.yParity!)), trim(signature.r), trim(signature.s)])]);
}

/** viem's classification of a raw JSON-RPC error object, as its actions do it. */
function classify(error: { code: number; message: string; data?: unknown }, args: Parameters<typeof getNodeError>[1] = {}) {
  return getNodeError(new RpcRequestError({ body: {}, error, url: node.url }), args);
}

async function waitForReceipt(hash: Hex) {
  return pollUntil(() => rpcResult<Record<string, unknown> | null>(node.url, 'eth_getTransactionReceipt', [hash]), { what: `receipt of ${hash}` });
}

describe('viem recognises our transaction errors', () => {
  it('nonce too low → NonceTooLowError', async () => {
    const { walletClient } = viemClients(node.url, 0);
    await waitForReceipt(await walletClient.sendTransaction({ to: SINK, value: 1n }));
    const error = await rejection(walletClient.sendTransaction({ to: SINK, value: 1n, nonce: 0, gas: 21_000n }));
    expect(error.walk((cause) => cause instanceof NonceTooLowError)).toBeInstanceOf(NonceTooLowError);
    expect(error.details).toBe('nonce too low: next nonce 1, tx nonce 0');

    const raw = await walletClient.signTransaction({ to: SINK, value: 1n, nonce: 0, gas: 21_000n, maxFeePerGas: parseGwei('10'), maxPriorityFeePerGas: 1n });
    const rawError = await rpcError(node.url, 'eth_sendRawTransaction', [raw]);
    expect(rawError).toEqual({ code: -32000, message: 'nonce too low: next nonce 1, tx nonce 0' });
    expect(classify(rawError)).toBeInstanceOf(NonceTooLowError);
  });

  it('insufficient funds → InsufficientFundsError', async () => {
    const pauper = privateKeyToAccount(generatePrivateKey());
    const { walletClient } = viemClients(node.url);
    const error = await rejection(
      walletClient.sendTransaction({ account: pauper, to: SINK, value: 1n, gas: 21_000n, maxFeePerGas: parseGwei('2'), maxPriorityFeePerGas: 1n }),
    );
    expect(error.walk((cause) => cause instanceof InsufficientFundsError)).toBeInstanceOf(InsufficientFundsError);
    expect(error.details).toBe('insufficient funds for gas * price + value: balance 0, tx cost 42000000000001, overshot 42000000000001');
  });

  it('tip above fee cap → TipAboveFeeCapError', async () => {
    const raw = await signUncheckedEip1559(DEV_KEYS[1], {
      nonce: 0n,
      to: SINK,
      value: 1n,
      gas: 21_000n,
      maxFeePerGas: parseGwei('2'),
      maxPriorityFeePerGas: parseGwei('3'),
    });
    const rawError = await rpcError(node.url, 'eth_sendRawTransaction', [raw]);
    expect(rawError).toEqual({
      code: -32000,
      message: 'max priority fee per gas higher than max fee per gas: maxPriorityFeePerGas: 3000000000, maxFeePerGas: 2000000000',
    });
    expect(classify(rawError)).toBeInstanceOf(TipAboveFeeCapError);

    const { publicClient } = viemClients(node.url);
    const thrown = await rejection(publicClient.sendRawTransaction({ serializedTransaction: raw as Hex }));
    expect(getNodeError(thrown, {})).toBeInstanceOf(TipAboveFeeCapError);
  });

  it('intrinsic gas too low → IntrinsicGasTooLowError', async () => {
    const { walletClient } = viemClients(node.url, 2);
    const error = await rejection(walletClient.sendTransaction({ to: SINK, value: 1n, gas: 20_000n }));
    expect(error.walk((cause) => cause instanceof IntrinsicGasTooLowError)).toBeInstanceOf(IntrinsicGasTooLowError);
    expect(error.details).toBe('intrinsic gas too low: gas 20000, minimum needed 21000');
  });

  it('estimateGas of a reverting call → ExecutionRevertedError with the reason', async () => {
    const { walletClient, publicClient } = viemClients(node.url, 3);
    const deployHash = await walletClient.deployContract({ abi: reverterArtifact.abi, bytecode: reverterArtifact.bytecode as Hex });
    const receipt = await waitForReceipt(deployHash);
    const reverter = receipt.contractAddress as Hex;

    const error = await rejection(
      publicClient.estimateContractGas({
        address: reverter,
        abi: reverterArtifact.abi,
        functionName: 'revertWithReason',
        account: DEV_ACCOUNTS[3]!,
        blockTag: 'pending',
      } as never),
    );
    // estimateContractGas decodes the revert data itself; the reason survives.
    expect(error.shortMessage).toContain('nope: reason');

    const plain = await rejection(
      publicClient.estimateGas({
        account: DEV_ACCOUNTS[3]!,
        to: reverter,
        data: encodeFunctionData({ abi: reverterArtifact.abi, functionName: 'revertWithReason' }),
        blockTag: 'pending',
      } as never),
    );
    const reverted = plain.walk((cause) => cause instanceof ExecutionRevertedError) as ExecutionRevertedError | null;
    expect(reverted).toBeInstanceOf(ExecutionRevertedError);
    expect(reverted!.details).toBe('execution reverted: nope: reason');
    expect(reverted!.shortMessage).toBe('Execution reverted with reason: nope: reason.');

    const rawError = await rpcError(node.url, 'eth_estimateGas', [
      { from: DEV_ACCOUNTS[3]!.address, to: reverter, data: encodeFunctionData({ abi: reverterArtifact.abi, functionName: 'revertWithReason' }) },
      'pending',
    ]);
    expect(rawError).toEqual({
      code: -32000,
      message: 'execution reverted: nope: reason',
      data: encodeErrorResult({
        abi: [{ type: 'error', name: 'Error', inputs: [{ type: 'string', name: 'reason' }] }],
        errorName: 'Error',
        args: ['nope: reason'],
      }),
    });
    expect(classify(rawError)).toBeInstanceOf(ExecutionRevertedError);
  });
});

describe('pool admission errors, pinned exactly', () => {
  // Account 7 only ever has a future-nonce tx queued, so it stays in the pool (never
  // pre-confirmed): resending it is deterministically "already known", not "nonce too low".
  const account = DEV_ACCOUNTS[7]!;
  const queued = {
    to: SINK,
    value: 1n,
    nonce: 5,
    gas: 21_000n,
    maxFeePerGas: parseGwei('10'),
    maxPriorityFeePerGas: parseGwei('1'),
    chainId: CHAIN_ID,
  } as const;
  let raw: Hex;

  beforeAll(async () => {
    raw = await account.signTransaction(queued);
    const hash = await rpcResult<Hex>(node.url, 'eth_sendRawTransaction', [raw]);
    expect(await rpcResult(node.url, 'eth_getTransactionByHash', [hash])).toMatchObject({ hash, blockHash: null, nonce: '0x5' });
  });

  it('resending the same raw tx → "already known" (viem: NonceTooLowError)', async () => {
    const error = await rpcError(node.url, 'eth_sendRawTransaction', [raw]);
    expect(error).toEqual({ code: -32000, message: 'already known' });
    expect(classify(error)).toBeInstanceOf(NonceTooLowError);

    const { publicClient } = viemClients(node.url);
    const thrown = await rejection(publicClient.sendRawTransaction({ serializedTransaction: raw }));
    expect(getNodeError(thrown, {})).toBeInstanceOf(NonceTooLowError);
  });

  it('the same nonce with fees only 5% higher → "replacement transaction underpriced"', async () => {
    const bumped = await account.signTransaction({
      ...queued,
      maxFeePerGas: (queued.maxFeePerGas * 105n) / 100n,
      maxPriorityFeePerGas: (queued.maxPriorityFeePerGas * 105n) / 100n,
    });
    expect(await rpcError(node.url, 'eth_sendRawTransaction', [bumped])).toEqual({ code: -32000, message: 'replacement transaction underpriced' });
    // A 10% bump replaces it.
    const replacement = await account.signTransaction({
      ...queued,
      maxFeePerGas: (queued.maxFeePerGas * 110n) / 100n,
      maxPriorityFeePerGas: (queued.maxPriorityFeePerGas * 110n) / 100n,
    });
    const hash = await rpcResult<Hex>(node.url, 'eth_sendRawTransaction', [replacement]);
    expect(await rpcResult(node.url, 'eth_getTransactionByHash', [hash])).toMatchObject({ hash, nonce: '0x5' });
  });

  it('an unprotected (pre-EIP-155) legacy tx', async () => {
    const unprotected = await DEV_ACCOUNTS[6]!.signTransaction({ type: 'legacy', to: SINK, value: 1n, nonce: 0, gas: 21_000n, gasPrice: parseGwei('10') });
    expect(await rpcError(node.url, 'eth_sendRawTransaction', [unprotected])).toEqual({
      code: -32000,
      message: 'only replay-protected (EIP-155) transactions allowed over RPC',
    });
  });

  it('a tx signed for another chain', async () => {
    const foreign = await DEV_ACCOUNTS[6]!.signTransaction({
      to: SINK,
      value: 1n,
      nonce: 0,
      gas: 21_000n,
      maxFeePerGas: parseGwei('10'),
      maxPriorityFeePerGas: 1n,
      chainId: 1,
    });
    expect(await rpcError(node.url, 'eth_sendRawTransaction', [foreign])).toEqual({ code: -32000, message: 'invalid chain id for signer: have 1 want 31337' });
    const foreignLegacy = await DEV_ACCOUNTS[6]!.signTransaction({
      type: 'legacy',
      to: SINK,
      value: 1n,
      nonce: 0,
      gas: 21_000n,
      gasPrice: parseGwei('10'),
      chainId: 5,
    });
    expect(await rpcError(node.url, 'eth_sendRawTransaction', [foreignLegacy])).toEqual({
      code: -32000,
      message: 'invalid chain id for signer: have 5 want 31337',
    });
  });

  it('a blob (type 3) tx', async () => {
    const blob = await DEV_ACCOUNTS[6]!.signTransaction({
      type: 'eip4844',
      to: SINK,
      nonce: 0,
      gas: 21_000n,
      maxFeePerGas: parseGwei('10'),
      maxPriorityFeePerGas: 1n,
      maxFeePerBlobGas: parseGwei('1'),
      blobVersionedHashes: [`0x01${'00'.repeat(31)}`],
      chainId: CHAIN_ID,
    });
    expect(await rpcError(node.url, 'eth_sendRawTransaction', [blob])).toEqual({
      code: -32000,
      message: 'transaction type not supported: blob transactions are not accepted by this chain',
    });
  });

  it('nothing of those rejected txs reached the pool or the chain', async () => {
    expect(BigInt(await rpcResult<Hex>(node.url, 'eth_getTransactionCount', [DEV_ACCOUNTS[6]!.address, 'pending']))).toBe(0n);
  });
});
