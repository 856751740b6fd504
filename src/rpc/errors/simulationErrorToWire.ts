import type { MessageRejection } from '../../errors/MessageRejection.js';
import type { SimulationProblem } from '../../errors/SimulationError.js';
import { checksumAddress } from '../../primitives/checksumAddress.js';
import { type ErrorCodeEntry, ErrorCodes } from './errorCodes.js';
import type { WireError } from './WireError.js';

/**
 * eth_simulateV1's and testing_buildBlockV1's refusals as geth answers them (internal/ethapi/
 * simulate.go, errors.go, core/error.go): a call that cannot be applied is worded
 * `err: <reason> (supplied gas N)` with the spec's -38xxx code for its reason.
 */
export function simulationErrorToWire(problem: SimulationProblem): WireError {
  switch (problem.kind) {
    case 'emptyInput':
      return wire(ErrorCodes.invalidParams, 'empty input');
    case 'tooManyBlocks':
      return wire(ErrorCodes.clientLimitExceeded, 'too many blocks');
    case 'tooManyCallsInBlock':
      return wire(ErrorCodes.clientLimitExceeded, `too many calls in block: ${problem.calls} > ${problem.max}`);
    case 'tooManyCalls':
      return wire(ErrorCodes.clientLimitExceeded, `too many calls: ${problem.calls} > ${problem.max}`);
    case 'blockNumberOrder':
      return wire(ErrorCodes.blockNumberInvalid, `block numbers must be in order: ${problem.number} <= ${problem.previous}`);
    case 'blockTimestampOrder':
      return wire(ErrorCodes.blockTimestampInvalid, `block timestamps must be in order: ${problem.timestamp} <= ${problem.previous}`);
    case 'blockGasLimitReached':
      return wire(ErrorCodes.blockGasLimitReached, `block gas limit reached: remaining: ${problem.remaining}, required: ${problem.required}`);
    case 'gasCapExhausted':
      return wire(ErrorCodes.server, `RPC gas cap exhausted: need ${problem.need}, remaining ${problem.remaining}`);
    case 'chainIdMismatch':
      return wire(ErrorCodes.server, `chainId does not match node's (have=${problem.have}, want=${problem.want})`);
    case 'mixedFeeFields':
      return wire(ErrorCodes.server, 'both gasPrice and (maxFeePerGas or maxPriorityFeePerGas) specified');
    case 'invalidMessage':
      return wire(rejectionCode(problem.rejection), `err: ${messageRejectionText(problem.rejection)} (supplied gas ${problem.suppliedGas})`);
    case 'parentNotHead':
      return wire(ErrorCodes.server, 'parentHash is not current head');
    case 'invalidTimestamp':
      return wire(ErrorCodes.server, `invalid timestamp, parent ${problem.parent} given ${problem.given}`);
    case 'invalidBlockTransaction':
      return wire(ErrorCodes.server, messageRejectionText(problem.rejection));
  }
}

/** geth's code for a message it cannot apply (txValidationError). */
function rejectionCode(rejection: MessageRejection): ErrorCodeEntry {
  switch (rejection.kind) {
    case 'nonceTooLow':
      return ErrorCodes.nonceTooLow;
    case 'nonceTooHigh':
      return ErrorCodes.nonceTooHigh;
    case 'feeCapTooLow':
      return ErrorCodes.baseFeeTooLow;
    case 'tipAboveFeeCap':
      return ErrorCodes.invalidParams;
    case 'insufficientFunds':
      return ErrorCodes.insufficientFunds;
    case 'intrinsicGasTooLow':
      return ErrorCodes.intrinsicGas;
    case 'initCodeTooLarge':
      return ErrorCodes.initCodeTooLarge;
    default:
      return ErrorCodes.internal;
  }
}

/** geth's words for a message it cannot apply (core/error.go, with the details state_transition.go adds). */
export function messageRejectionText(rejection: MessageRejection): string {
  switch (rejection.kind) {
    case 'nonceTooLow':
      return `nonce too low: address ${checksumAddress(rejection.address)}, tx: ${rejection.transactionNonce} state: ${rejection.stateNonce}`;
    case 'nonceTooHigh':
      return `nonce too high: address ${checksumAddress(rejection.address)}, tx: ${rejection.transactionNonce} state: ${rejection.stateNonce}`;
    case 'nonceMax':
      return `nonce has max value: address ${checksumAddress(rejection.address)}, nonce: ${rejection.nonce}`;
    case 'feeCapTooLow':
      return `max fee per gas less than block base fee: address ${checksumAddress(rejection.address)}, maxFeePerGas: ${rejection.feeCap}, baseFee: ${rejection.baseFee}`;
    case 'tipAboveFeeCap':
      return `max priority fee per gas higher than max fee per gas: address ${checksumAddress(rejection.address)}, maxPriorityFeePerGas: ${rejection.tip}, maxFeePerGas: ${rejection.feeCap}`;
    case 'blobFeeCapTooLow':
      return `max fee per blob gas less than block blob gas fee: address ${checksumAddress(rejection.address)} blobGasFeeCap: ${rejection.blobFeeCap}, blobBaseFee: ${rejection.blobBaseFee}`;
    case 'insufficientFunds':
      return `insufficient funds for gas * price + value: address ${checksumAddress(rejection.address)} have ${rejection.balance} want ${rejection.cost}`;
    case 'intrinsicGasTooLow':
      return `intrinsic gas too low: have ${rejection.gas}, want ${rejection.minimum}`;
    case 'floorDataGas':
      return `insufficient gas for floor data gas cost: have ${rejection.gas}, want ${rejection.minimum}`;
    case 'initCodeTooLarge':
      return `max initcode size exceeded: code size ${rejection.size} limit ${rejection.limit}`;
    case 'senderNotEoa':
      return `sender not an eoa: address ${checksumAddress(rejection.address)}`;
    case 'other':
      return rejection.message;
  }
}

function wire(entry: ErrorCodeEntry, message: string): WireError {
  return { code: entry, message };
}
