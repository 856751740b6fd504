/**
 * The errors a node answers in Hardhat's words when it presents itself as Hardhat's node
 * (`--compat hardhat`, config/compatibility.ts): failed executions of eth_call and eth_estimateGas,
 * and a send whose transaction was mined and failed. Measured against Hardhat 2.29's `hardhat node`:
 *
 *   revert, invalid opcode, other failure   -32603  "Error: <message>"    data { message, data }
 *   mined and failed                        -32603  "Error: <message>"    data { message, txHash, data }
 *   out of gas (call, estimate, mined)      -32000  "Transaction ran out of gas"  data { message, txHash (null for calls), data }
 *
 * `<message>` is hardhatExecutionMessage's; `data.data` holds the return data, where
 * hardhat-chai-matchers and viem find revert reasons and custom errors. Hardhat's code for these is
 * JSON-RPC's "internal error", which here carries Hardhat's message instead of hiding a fault.
 * Every other error keeps geth's answer (domainErrorTable.ts).
 */
import type { DomainError } from '../../errors/DomainError.js';
import { bytesToHex, type Hex } from '../../primitives/hex.js';
import { ErrorCodes } from './errorCodes.js';
import { hardhatExecutionMessage } from './hardhatExecutionMessage.js';
import { JsonRpcError } from './JsonRpcError.js';

/** How errors are worded: geth's (Sequin's own, and Anvil's presentation) or Hardhat's. */
export type ErrorDialect = 'geth' | 'hardhat';

const OUT_OF_GAS = 'Transaction ran out of gas';

/** Hardhat's answer to `error`, or undefined when Hardhat's answer is geth's (any error but a failed execution). */
export function hardhatAnswer(error: DomainError): JsonRpcError | undefined {
  switch (error.kind) {
    case 'executionReverted':
      return failedExecution('execution reverted', error.returnData, undefined, error);
    case 'executionFailed':
      return failedExecution(error.vmError, new Uint8Array(0), undefined, error);
    case 'gasAllowanceExceeded':
      return failedExecution('out of gas', new Uint8Array(0), undefined, error);
    case 'minedTransactionFailed':
      return failedExecution(error.vmError, error.returnData, error.hash, error);
    default:
      return undefined;
  }
}

/** A failed execution's answer; `txHash` is the mined transaction's, undefined for a call or an estimate. */
function failedExecution(vmError: string, returnData: Uint8Array, txHash: Hex | undefined, cause: Error): JsonRpcError {
  const data = bytesToHex(returnData);
  if (vmError === 'out of gas') {
    return new JsonRpcError(ErrorCodes.server, OUT_OF_GAS, { data: { message: OUT_OF_GAS, txHash: txHash ?? null, data }, cause });
  }
  const message = `Error: ${hardhatExecutionMessage(vmError, returnData)}`;
  const withHash = txHash === undefined ? { message, data } : { message, txHash, data };
  return new JsonRpcError(ErrorCodes.internal, message, { data: withHash, cause });
}
