import type { InvalidCallReason } from '../../errors/InvalidCallReason.js';
import { TxErrorMessage } from './TxErrorMessage.js';

/**
 * geth's message for a call that could not be executed (core/state_transition.go preCheck,
 * eth/gasestimator), with the details geth appends when Sequin knows them.
 */
export function invalidCallReasonMessage(reason: InvalidCallReason): string {
  switch (reason.kind) {
    case 'insufficientFunds': {
      const shortfall = reason.shortfall;
      if (!shortfall) return TxErrorMessage.insufficientFunds;
      return `${TxErrorMessage.insufficientFunds}: address ${shortfall.address} have ${shortfall.balance} want ${shortfall.cost}`;
    }
    case 'feeCapTooLow': {
      const detail = reason.detail;
      if (!detail) return TxErrorMessage.feeCapTooLow;
      return `${TxErrorMessage.feeCapTooLow}: address ${detail.address}, maxFeePerGas: ${detail.feeCap}, baseFee: ${detail.baseFee}`;
    }
    case 'insufficientFundsForTransfer':
      return TxErrorMessage.insufficientFundsForTransfer;
    case 'intrinsicGasTooLow': {
      const detail = reason.detail;
      return detail ? `${TxErrorMessage.intrinsicGasTooLow}: gas ${detail.gas}, minimum needed ${detail.minimum}` : TxErrorMessage.intrinsicGasTooLow;
    }
    case 'insufficientGasForAuthorizations':
      return 'insufficient gas to process all authorizations';
    case 'nonceTooLow':
      return TxErrorMessage.nonceTooLow;
    case 'gasLimitExceeded':
      return TxErrorMessage.gasLimitExceeded;
    case 'senderNotEoa':
      return TxErrorMessage.senderNotEoa;
    case 'unrecognized':
      return reason.message;
  }
}
