import { EVMError } from '@ethereumjs/evm';
import { TxErrorMessage } from '../errors/txErrors.js';

/**
 * The one place where @ethereumjs/evm's error wording becomes geth's (core/vm/errors.go), so
 * clients matching geth's strings understand failed executions.
 */
export function evmErrorToGethMessage(error: string): string {
  const ERROR = EVMError.errorMessages;
  switch (error) {
    case ERROR.OUT_OF_GAS:
    case ERROR.CODESTORE_OUT_OF_GAS:
      return TxErrorMessage.outOfGas;
    case ERROR.REVERT:
      return TxErrorMessage.executionReverted;
    case ERROR.STACK_UNDERFLOW:
      return 'stack underflow';
    case ERROR.STACK_OVERFLOW:
      return 'stack limit reached 1024';
    case ERROR.INVALID_JUMP:
      return 'invalid jump destination';
    case ERROR.INVALID_OPCODE:
      return 'invalid opcode';
    case ERROR.OUT_OF_RANGE:
      return 'return data out of bounds';
    case ERROR.STATIC_STATE_CHANGE:
      return 'write protection';
    case ERROR.INSUFFICIENT_BALANCE:
      return 'insufficient balance for transfer';
    case ERROR.CREATE_COLLISION:
      return 'contract address collision';
    case ERROR.CODESIZE_EXCEEDS_MAXIMUM:
      return 'max code size exceeded';
    case ERROR.INVALID_BYTECODE_RESULT:
      return 'invalid code: must not begin with 0xef';
    case ERROR.INITCODE_SIZE_VIOLATION:
      return TxErrorMessage.initCodeTooLarge;
    default:
      return error;
  }
}

/**
 * Maps a runTx validation failure (thrown before execution) to geth's message, or undefined
 * when it is not a transaction-validity error.
 */
export function runTxFailureToGethMessage(message: string): string | undefined {
  if (message.includes("sender doesn't have enough funds") || message.includes('insufficient balance')) return TxErrorMessage.insufficientFunds;
  if (message.includes('nonce') && message.includes('invalid')) return TxErrorMessage.nonceTooLow;
  if (message.includes('is less than the block')) return TxErrorMessage.feeCapTooLow;
  if (message.includes('gas limit is too low') || message.includes('intrinsic gas')) return TxErrorMessage.intrinsicGasTooLow;
  if (message.includes('higher gas limit than the block')) return TxErrorMessage.gasLimitExceeded;
  if (message.includes('sender has deployed code') || message.includes('invalid sender address')) return 'sender not an eoa';
  return undefined;
}
