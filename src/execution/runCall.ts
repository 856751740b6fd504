import type { Common } from '@ethereumjs/common';
import type { EVM } from '@ethereumjs/evm';
import { createTx, type TypedTransaction } from '@ethereumjs/tx';
import { Address, bytesToHex as ethBytesToHex } from '@ethereumjs/util';
import { runTx } from '@ethereumjs/vm';
import { commonAt } from '../config/ScheduledCommon.js';
import type { InvalidCallReason } from '../errors/InvalidCallReason.js';
import { SequinError } from '../errors/SequinError.js';
import type { Hex } from '../primitives/hex.js';
import { type BlockEnvironment, toExecutionBlock } from './BlockEnvironment.js';
import type { CallOutcome, CallRequest } from './CallRequest.js';
import { type ExecutionVm, useRulesOf } from './createExecutionVm.js';
import { OverThreadBudget } from './executionDeadline.js';
import { NO_KEPT_STATE_ROOTS } from './FlatStateManager.js';
import { type GasLimitReport, gasLimitWatchOf } from './GasLimitWatch.js';
import type { PrecompileEdit } from './overrides/precompileOverrides.js';
import { withEditedPrecompiles } from './overrides/swapPrecompiles.js';
import type { StateReader } from './StateReader.js';
import { evmErrorToGethMessage, runTxFailureReason } from './vmErrors.js';

const ZERO_ADDRESS = new Uint8Array(20);

/**
 * Executes a call on `state` without keeping its effects, like geth's eth_call: the nonce is not
 * checked, the sender may have code (geth skips EIP-3607 for calls), a missing sender is the
 * zero address, and without a gas price the block's base fee is treated as zero (geth's
 * NoBaseFee) so calls need no funds for gas. A call that cannot run gives an `invalid` outcome
 * with the reason; a domain error raised while it runs (by a tracer, or its deadline), or an
 * OverThreadBudget, is thrown as it is.
 */
export async function runCall(options: {
  common: Common;
  execution: ExecutionVm;
  state: StateReader;
  environment: BlockEnvironment;
  request: CallRequest;
  gasLimit: bigint;
  /** Precompiles a state override moved or removed (see overrides/precompileOverrides.ts). */
  precompileEdits?: readonly PrecompileEdit[];
  /** Watch the run for what depends on its gas limit, to report `leastGasLimit` (the estimator's first run). */
  watchGasLimit?: boolean;
}): Promise<CallOutcome> {
  const { common, execution, state, request, gasLimit } = options;
  execution.state.reset(state);
  const from = request.from ?? ZERO_ADDRESS;
  const feeCap = request.gasPrice ?? request.maxFeePerGas ?? 0n;
  const environment = feeCap === 0n ? { ...options.environment, baseFeePerGas: 0n } : options.environment;
  const value = request.value ?? 0n;
  const balance = state.account(Buffer.from(from).toString('hex'))?.balance ?? 0n;
  const cost = gasLimit * feeCap + value;
  const address = ethBytesToHex(from) as Hex;
  if (balance < cost) return invalid({ kind: 'insufficientFunds', shortfall: { address, balance, cost } });
  if (feeCap > 0n && feeCap < environment.baseFeePerGas) {
    return invalid({ kind: 'feeCapTooLow', detail: { address, feeCap, baseFee: environment.baseFeePerGas } });
  }
  const sender = new Address(from);
  try {
    const rules = commonAt(common, environment);
    const transaction = buildUnsignedTransaction(rules, request, gasLimit, environment.baseFeePerGas);
    (transaction as { getSenderAddress: () => Address }).getSenderAddress = () => sender;
    const block = toExecutionBlock(common, environment);
    useRulesOf(execution, block.common);
    execution.state.computeStateRootsWith(NO_KEPT_STATE_ROOTS);
    execution.state.exemptSenderFromCodeCheck(from);
    const execute = () =>
      withEditedPrecompiles(execution, options.precompileEdits, () =>
        runTx(execution.vm, {
          tx: transaction,
          block,
          skipNonce: true,
          skipBalance: true,
          skipHardForkValidation: true,
          skipBlockGasLimitValidation: true,
        }),
      );
    let report: GasLimitReport | undefined;
    let result: Awaited<ReturnType<typeof execute>>;
    if (options.watchGasLimit && watchableRules(block.common) && (request.authorizationList?.length ?? 0) === 0) {
      ({ result, report } = await gasLimitWatchOf(execution.vm.evm as EVM).watch(execute));
    } else {
      result = await execute();
    }
    const failure = result.execResult.exceptionError?.error;
    const gasUsed = result.totalGasSpent;
    const gasRefund = result.gasRefund ?? 0n;
    const leastGasLimit =
      failure === undefined && report && gasRefund === 0n && (result.execResult.gasRefund ?? 0n) === 0n
        ? leastGasLimitOf(report, gasLimit, gasUsed)
        : undefined;
    return {
      success: failure === undefined,
      returnData: result.execResult.returnValue,
      gasUsed,
      gasRefund,
      ...(failure === undefined ? {} : { error: evmErrorToGethMessage(failure) }),
      ...(leastGasLimit === undefined ? {} : { leastGasLimit }),
    };
  } catch (error) {
    if (error instanceof SequinError || error instanceof OverThreadBudget) throw error;
    return invalid(runTxFailureReason(error instanceof Error ? error.message : String(error)));
  } finally {
    execution.state.reset(state);
  }
}

/** EIP-2200: an SSTORE fails when this much gas or less is left. */
const SSTORE_SENTRY_GAS = 2_300n;

/**
 * Rules under which a watched run tells its least gas limit: not with EIP-8037's state-gas
 * reservoir (it depends on the limit), EOF (EIP-3540, other call opcodes) or stateless gas
 * (EIP-6800, EIP-7864), none of which Sequin's forks activate.
 */
function watchableRules(rules: Common): boolean {
  return ![8037, 3540, 6800, 7864].some((eip) => rules.isActivatedEIP(eip));
}

/**
 * The least gas limit that runs a successful, refund-free run the same way, from what the run
 * at `gasLimit` saw (see GasLimitWatch.ts): the gas it used (or the EIP-7623 calldata floor that
 * replaced it), when nothing in it saw its gas and every SSTORE keeps more than the sentry's
 * 2,300 gas once the limit is lowered to that; else undefined.
 */
function leastGasLimitOf(report: GasLimitReport, gasLimit: bigint, gasUsed: bigint): bigint | undefined {
  if (report.gasObserved) return undefined;
  const lowered = gasLimit - gasUsed;
  if (report.leastGasLeftAtSstore !== undefined && report.leastGasLeftAtSstore - lowered <= SSTORE_SENTRY_GAS) return undefined;
  return gasUsed;
}

function invalid(reason: InvalidCallReason): CallOutcome {
  return { success: false, returnData: new Uint8Array(0), gasUsed: 0n, gasRefund: 0n, invalid: reason };
}

/**
 * The call as a transaction of the block's rules: a set-code tx when it carries authorizations, an
 * EIP-1559 tx without a gas price from London on, else a legacy (or, with an access list from Berlin, an
 * EIP-2930) tx.
 */
function buildUnsignedTransaction(common: Common, request: CallRequest, gasLimit: bigint, baseFee: bigint): TypedTransaction {
  // @ethereumjs/tx refuses, under Osaka, a gas limit above EIP-7825's cap (2^24); geth skips that
  // check in calls (go-ethereum#32641), whose gas defaults to the 50M --rpc-gas-cap: set after.
  const transaction = unsignedTransactionWithoutGas(common, request, baseFee);
  (transaction as { gasLimit: bigint }).gasLimit = gasLimit;
  return transaction;
}

function unsignedTransactionWithoutGas(common: Common, request: CallRequest, baseFee: bigint): TypedTransaction {
  // Each literal below spreads `base` last: on Node 20's V8 fields added after a spread give every
  // object a hidden class of its own (see runStateOutOfResults.ts); none of base's fields is also set there.
  const base = {
    gasLimit: 0n,
    to: request.to ?? undefined,
    value: request.value ?? 0n,
    data: request.data ?? new Uint8Array(0),
    // Calls skip nonce checks (as geth does) and no opcode sees the tx's nonce; the request's one is
    // left out because ethereumjs refuses a nonce of 2^64 - 1, which geth's eth_call accepts.
    nonce: 0n,
  };
  const options = { common, freeze: false };
  if (request.authorizationList && request.authorizationList.length > 0) {
    return createTx(
      {
        type: 4,
        maxFeePerGas: request.maxFeePerGas ?? baseFee,
        maxPriorityFeePerGas: request.maxPriorityFeePerGas ?? 0n,
        accessList: toAccessListBytes(request.accessList),
        authorizationList: request.authorizationList.map((item) => ({
          chainId: ethBytesToHex(bigintBytes(item.chainId)),
          address: ethBytesToHex(item.address),
          nonce: ethBytesToHex(bigintBytes(item.nonce)),
          yParity: ethBytesToHex(bigintBytes(BigInt(item.yParity))),
          r: ethBytesToHex(bigintBytes(item.r)),
          s: ethBytesToHex(bigintBytes(item.s)),
        })),
        ...base,
      },
      options,
    );
  }
  if (request.gasPrice === undefined && common.isActivatedEIP(1559)) {
    const maxFeePerGas = request.maxFeePerGas ?? baseFee;
    const tip = request.maxPriorityFeePerGas ?? 0n;
    return createTx(
      { type: 2, maxFeePerGas, maxPriorityFeePerGas: tip > maxFeePerGas ? maxFeePerGas : tip, accessList: toAccessListBytes(request.accessList), ...base },
      options,
    );
  }
  const gasPrice = request.gasPrice ?? 0n;
  if (request.accessList && common.isActivatedEIP(2930))
    return createTx({ type: 1, gasPrice, accessList: toAccessListBytes(request.accessList), ...base }, options);
  return createTx({ type: 0, gasPrice, ...base }, options);
}

function bigintBytes(value: bigint): Uint8Array {
  if (value === 0n) return new Uint8Array(0);
  let hex = value.toString(16);
  if (hex.length % 2) hex = `0${hex}`;
  return Buffer.from(hex, 'hex');
}

function toAccessListBytes(list: CallRequest['accessList']): Array<[Uint8Array, Uint8Array[]]> {
  return (list ?? []).map((item) => [item.address, item.storageKeys]);
}
