// plainTransferGas against the estimator it stands in for: whenever it answers, the EVM-run
// estimator (executeEstimate) answers the same 21,000; every request it declines (contracts,
// precompiles, data, access lists, too little money, a fee cap under the base fee) is left to the
// estimator, whose answer or error differs from a bare 21,000.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createChainCommon } from '../config/chainCommon.js';
import { type Hex, hexToBytes } from '../primitives/hex.js';
import { counterArtifact } from '../testing/contracts/artifacts.js';
import { createTestChain, type TestChain } from '../testing/createTestChain.js';
import { sendTestTransaction } from '../testing/sendTestTransaction.js';
import type { BlockEnvironment } from './BlockEnvironment.js';
import type { CallRequest } from './CallRequest.js';
import { executeEstimate } from './callWorker/executeCallJob.js';
import { createExecutionVm } from './createExecutionVm.js';
import { plainTransferGas } from './plainTransferGas.js';

const BASE_FEE = 1_000_000_000n;

let chain: TestChain;
let counter: Hex;
let environment: BlockEnvironment;

beforeAll(async () => {
  chain = await createTestChain();
  const hash = await sendTestTransaction(chain, chain.accounts[0]!, { data: counterArtifact.bytecode as Hex, gas: 1_000_000n });
  await chain.clock.advance(chain.config.preconfIntervalMs);
  counter = chain.backend.blocks.getTransactionReceipt(hash)!.contractAddress!;
  const open = chain.sequencer.openBlock;
  environment = {
    number: BigInt(open.number),
    timestamp: open.timestamp,
    gasLimit: chain.config.blockGasLimit,
    baseFeePerGas: BASE_FEE,
    coinbase: new Uint8Array(20),
    parentHash: open.parentHash,
  };
});

afterAll(async () => {
  await chain?.close();
});

/** The estimator's answer through the EVM, or the error's kind. */
async function estimated(request: CallRequest): Promise<bigint | string> {
  const common = createChainCommon(chain.config.chainId);
  const execution = await createExecutionVm(common, chain.world, () => undefined);
  try {
    return await executeEstimate({ common, use: (work) => work(execution), state: chain.world, environment, request, gasCap: chain.config.rpcGasCap });
  } catch (error) {
    return (error as { kind?: string }).kind ?? String(error);
  }
}

const funded = () => hexToBytes(chain.accounts[1]!.address);
const somebody = hexToBytes(`0x${'ab'.repeat(20)}`);

describe('plainTransferGas', () => {
  it.each<[string, () => CallRequest]>([
    ['a transfer from a funded account', () => ({ from: funded(), to: somebody, value: 1n })],
    ['a transfer without a sender or value (the zero address sends nothing)', () => ({ to: somebody })],
    ['a transfer with a fee cap the sender can pay', () => ({ from: funded(), to: somebody, value: 1n, maxFeePerGas: 2n * BASE_FEE })],
    ['a legacy-priced transfer', () => ({ from: funded(), to: somebody, gasPrice: BASE_FEE })],
    ['a transfer from a contract (calls skip EIP-3607, as geth)', () => ({ from: hexToBytes(counter), to: somebody })],
  ])('answers 21,000 exactly when the estimator does: %s', async (_, request) => {
    expect(plainTransferGas(chain.world, request(), environment)).toBe(21_000n);
    expect(await estimated(request())).toBe(21_000n);
  });

  it.each<[string, () => CallRequest]>([
    ['to a contract', () => ({ from: funded(), to: hexToBytes(counter) })],
    ['to a precompile', () => ({ from: funded(), to: hexToBytes('0x0000000000000000000000000000000000000004') })],
    ['with data', () => ({ from: funded(), to: somebody, data: Uint8Array.from([1]) })],
    ['with an access list', () => ({ from: funded(), to: somebody, accessList: [{ address: somebody, storageKeys: [] }] })],
    ['with more value than the sender has', () => ({ from: somebody, to: funded(), value: 1n })],
    ['with a fee cap under the base fee', () => ({ from: funded(), to: somebody, maxFeePerGas: BASE_FEE - 1n })],
    ['with a fee the sender cannot pay for 21,000 gas', () => ({ from: somebody, to: funded(), gasPrice: BASE_FEE })],
  ])('leaves to the estimator, which does not answer a bare 21,000: %s', async (_, request) => {
    expect(plainTransferGas(chain.world, request(), environment)).toBeUndefined();
    expect(await estimated(request())).not.toBe(21_000n);
  });
});
