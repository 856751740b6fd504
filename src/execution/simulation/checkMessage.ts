import type { Common } from '@ethereumjs/common';
import type { TypedTransaction } from '@ethereumjs/tx';
import type { MessageRejection } from '../../errors/MessageRejection.js';
import { bytesToHex } from '../../primitives/hex.js';
import type { StateReader } from '../StateReader.js';
import type { SimulatedMessage } from './simulatedTransaction.js';

/** EIP-3860: the largest init code a creation may carry. */
const MAX_INITCODE_SIZE = 49_152;
/** EIP-4844: blob gas per blob. */
const GAS_PER_BLOB = 131_072n;
/** EIP-7623: the calldata floor per token. */
const FLOOR_GAS_PER_TOKEN = 10n;

/** The block a message is checked against. */
export interface MessageContext {
  common: Common;
  /** The block's base fee; undefined before London. */
  baseFee: bigint | undefined;
  blobBaseFee: bigint;
  /** geth's validation mode: nonces checked, and fees checked even when they are all zero. */
  validate: boolean;
}

/**
 * geth's checks before a message runs (core/state_transition.go preCheck, buyGas and the start of
 * execute), in geth's order, on the state it would run on: the nonce (validation only), the fee
 * fields against the base fee (skipped without validation when they are all zero), the blob fee,
 * the balance for gas × fee cap + value, the intrinsic gas, the EIP-7623 calldata floor and the
 * EIP-3860 init code limit. The sender holding code is not checked (geth skips it here). Returns
 * the first rejection, or undefined when the message may run.
 */
export function checkMessage(
  state: StateReader,
  transaction: TypedTransaction,
  message: SimulatedMessage,
  context: MessageContext,
): MessageRejection | undefined {
  const { common, baseFee, validate } = context;
  const address = bytesToHex(message.from);
  const account = state.account(Buffer.from(message.from).toString('hex'));
  const stateNonce = account?.nonce ?? 0n;
  if (validate) {
    if (stateNonce < message.nonce) return { kind: 'nonceTooHigh', address, transactionNonce: message.nonce, stateNonce };
    if (stateNonce > message.nonce) return { kind: 'nonceTooLow', address, transactionNonce: message.nonce, stateNonce };
    if (message.nonce === 2n ** 64n - 1n) return { kind: 'nonceMax', address, nonce: message.nonce };
  }
  if (baseFee !== undefined) {
    const skip = !validate && message.feeCap === 0n && message.tip === 0n;
    if (!skip) {
      if (message.feeCap < message.tip) return { kind: 'tipAboveFeeCap', address, tip: message.tip, feeCap: message.feeCap };
      if (message.feeCap < baseFee) return { kind: 'feeCapTooLow', address, feeCap: message.feeCap, baseFee };
    }
  }
  const blobGas = GAS_PER_BLOB * BigInt(message.blobCount);
  if (message.blobCount > 0 && common.isActivatedEIP(4844)) {
    const skip = !validate && message.blobFeeCap === 0n;
    if (!skip && message.blobFeeCap < context.blobBaseFee) {
      return { kind: 'blobFeeCapTooLow', address, blobFeeCap: message.blobFeeCap, blobBaseFee: context.blobBaseFee };
    }
  }
  const balance = account?.balance ?? 0n;
  const cost = message.gas * message.feeCap + message.value + blobGas * message.blobFeeCap;
  if (balance < cost) return { kind: 'insufficientFunds', address, balance, cost };
  const intrinsic = transaction.getIntrinsicGas();
  if (message.gas < intrinsic) return { kind: 'intrinsicGasTooLow', gas: message.gas, minimum: intrinsic };
  if (common.isActivatedEIP(7623)) {
    const floor = calldataFloor(transaction.data);
    if (message.gas < floor) return { kind: 'floorDataGas', gas: message.gas, minimum: floor };
  }
  const isCreation = transaction.to === undefined;
  if (isCreation && common.isActivatedEIP(3860) && transaction.data.length > MAX_INITCODE_SIZE) {
    return { kind: 'initCodeTooLarge', size: transaction.data.length, limit: MAX_INITCODE_SIZE };
  }
  return undefined;
}

/** EIP-7623's floor: 21,000 + 10 per token, a token being a zero byte or a quarter of a non-zero one. */
function calldataFloor(data: Uint8Array): bigint {
  let tokens = 0n;
  for (const byte of data) tokens += byte === 0 ? 1n : 4n;
  return 21_000n + FLOOR_GAS_PER_TOKEN * tokens;
}
