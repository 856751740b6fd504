/**
 * Executes a deposit transaction with the OP Stack's deposit rules, as op-geth's state transition does
 * (core/state_transition.go, Regolith and later), on @ethereumjs/vm:
 *
 *   mint       `mint` wei are added to `from` first, and stay whatever happens next
 *   no fees    no gas is bought, nothing goes to the coinbase or a vault; the gas used is still counted
 *   no checks  no nonce check, no base-fee check, the sender may have code; the nonce still goes up
 *   failure    a deposit the state refuses (value above the balance, gas below the intrinsic gas, a
 *              system transaction after Regolith) is still included: its changes after the mint are
 *              undone, the nonce goes up, it fails using its whole gas limit
 *   receipt    depositNonce (the nonce before) from Regolith, depositReceiptVersion 1 from Canyon
 *
 * The execution itself is runTx's (the EVM, warm sets, refunds, EIP-161) on the deposit as an unsigned
 * legacy transaction priced at zero. runTx checks and charges against a block whose base fee reads zero
 * (what lets a zero price through its base-fee check and leaves nothing to pay), while the EVM runs in
 * the real block: BASEFEE reads the block's base fee and GASPRICE 0, as in op-geth, whose deposits skip
 * the fee checks (preCheck, buyGas) but run in the block's own context.
 */
import { type Block, createBlock } from '@ethereumjs/block';
import { createTx, type TypedTransaction } from '@ethereumjs/tx';
import { runTx } from '@ethereumjs/vm';
import { opRulesAt } from '../../config/opStack/opRules.js';
import { opStackOf } from '../../config/ScheduledCommon.js';
import { type ExecutionVm, useRulesOf } from '../createExecutionVm.js';
import type { ExecutedTransaction } from '../executeTransaction.js';
import type { DepositTransaction } from './DepositTransaction.js';

const EMPTY_BLOOM = new Uint8Array(256);

export async function executeDeposit(execution: ExecutionVm, block: Block, deposit: DepositTransaction, blockGasUsed: bigint): Promise<ExecutedTransaction> {
  useRulesOf(execution, block.common);
  const chain = opStackOf(block.common);
  const rules = chain ? opRulesAt(chain, block.header.timestamp) : undefined;
  const { state } = execution;
  const from = deposit.from;
  const before = (await state.getAccount(from)) ?? undefined;
  const depositNonce = before?.nonce ?? 0n;
  if (deposit.mint > 0n) await state.modifyAccountFields(from, { balance: (before?.balance ?? 0n) + deposit.mint });
  const facts = {
    kind: 'deposit' as const,
    depositNonce,
    depositReceiptVersion: rules?.canyon === false ? undefined : 1n,
  };
  const failed = (): ExecutedTransaction => ({
    transaction: deposit as unknown as TypedTransaction,
    gasUsed: deposit.gasLimit,
    cumulativeGasUsed: blockGasUsed + deposit.gasLimit,
    success: false,
    logs: [],
    bloom: EMPTY_BLOOM,
    contractAddress: undefined,
    effectiveGasPrice: 0n,
    opStack: facts,
  });
  if (deposit.isSystemTx && rules?.regolith !== false) return failWithNonce(execution, from, failed);

  await state.checkpoint();
  let result: Awaited<ReturnType<typeof runTx>>;
  state.exemptSenderFromCodeCheck(from.bytes);
  try {
    result = await withEvmIn(execution, block, () =>
      runTx(execution.vm, {
        tx: asLegacyCall(deposit, block),
        block: withZeroBaseFee(block),
        skipNonce: true,
        skipHardForkValidation: true,
        skipBlockGasLimitValidation: true,
      }),
    );
  } catch {
    await state.revert();
    return failWithNonce(execution, from, failed);
  } finally {
    state.endSenderCodeExemption();
  }
  await state.commit();
  const gasUsed = result.totalGasSpent;
  return {
    transaction: deposit as unknown as TypedTransaction,
    gasUsed,
    cumulativeGasUsed: blockGasUsed + gasUsed,
    success: result.execResult.exceptionError === undefined,
    logs: (result.execResult.logs ?? []).map(([address, topics, data]) => ({ address, topics, data })),
    bloom: result.bloom.bitvector,
    contractAddress: result.createdAddress?.bytes,
    effectiveGasPrice: 0n,
    opStack: facts,
  };
}

/** A refused deposit: the mint stays, the nonce goes up, the whole gas limit is used. */
async function failWithNonce(execution: ExecutionVm, from: DepositTransaction['from'], failed: () => ExecutedTransaction): Promise<ExecutedTransaction> {
  const account = await execution.state.getAccount(from);
  await execution.state.modifyAccountFields(from, { nonce: (account?.nonce ?? 0n) + 1n });
  return failed();
}

/** The deposit as runTx runs it: an unsigned legacy call (or creation) at price zero, sent by `from`. */
function asLegacyCall(deposit: DepositTransaction, block: Block): TypedTransaction {
  const transaction = createTx(
    { type: 0, nonce: 0n, gasPrice: 0n, gasLimit: deposit.gasLimit, to: deposit.to, value: deposit.value, data: deposit.data },
    { common: block.common, freeze: false },
  );
  (transaction as { getSenderAddress: () => typeof deposit.from }).getSenderAddress = () => deposit.from;
  return transaction;
}

const zeroBaseFeeBlocks = new WeakMap<Block, Block>();

/** `block` with a zero base fee (see the module comment), built once per block. */
function withZeroBaseFee(block: Block): Block {
  const { baseFeePerGas } = block.header;
  if (baseFeePerGas === undefined || baseFeePerGas === 0n) return block;
  let zero = zeroBaseFeeBlocks.get(block);
  if (zero === undefined) {
    zero = createBlock({ header: { ...block.header.toJSON(), baseFeePerGas: 0n } }, { common: block.common, skipConsensusFormatValidation: true });
    zeroBaseFeeBlocks.set(block, zero);
  }
  return zero;
}

/** Runs `run` (a runTx) with the EVM's calls made in `block`, whatever block runTx was given (see the module comment). */
async function withEvmIn<T>(execution: ExecutionVm, block: Block, run: () => Promise<T>): Promise<T> {
  const { evm } = execution.vm;
  const own = Object.hasOwn(evm, 'runCall');
  const runCall = evm.runCall;
  evm.runCall = (options) => runCall.call(evm, { ...options, block });
  try {
    return await run();
  } finally {
    if (own) evm.runCall = runCall;
    else delete (evm as { runCall?: unknown }).runCall;
  }
}
