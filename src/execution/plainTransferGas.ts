import type { BlockEnvironment } from './BlockEnvironment.js';
import type { CallRequest } from './CallRequest.js';
import { TRANSFER_GAS } from './estimateGas.js';
import { codeOf, type StateReader } from './StateReader.js';

/**
 * eth_estimateGas of a plain value transfer without running the EVM: 21,000 when the estimator
 * would certainly answer that (its first run, at exactly 21,000 gas, would succeed), else
 * undefined and the caller runs the estimator. Certain means: a recipient that is neither a
 * contract nor in the precompiles' range, no data, no access list or authorizations, and the
 * funds and fee cap that the call's pre-checks ask for at 21,000 gas (balance ≥ 21,000 × fee
 * cap + value; a fee cap, if any, at least the base fee). The sender may be a contract: calls
 * skip EIP-3607, as geth's do.
 *
 * Why: wallets estimate transfers more than anything else, and answering one takes a few state
 * reads, so it needs no worker and no place in the execution queue. estimateGas.test.ts and
 * plainTransferGas.test.ts check that it answers as the estimator does.
 */
export function plainTransferGas(state: StateReader, request: CallRequest, environment: BlockEnvironment): bigint | undefined {
  const to = request.to;
  if (!to || isLowAddress(to)) return undefined;
  if ((request.data?.length ?? 0) > 0 || (request.accessList?.length ?? 0) > 0 || (request.authorizationList?.length ?? 0) > 0) return undefined;
  if (codeOf(state, hex(to)).length > 0) return undefined;
  const sender = state.account(request.from ? hex(request.from) : '00'.repeat(20));
  const feeCap = request.gasPrice ?? request.maxFeePerGas ?? 0n;
  if (feeCap > 0n && feeCap < environment.baseFeePerGas) return undefined;
  const balance = sender?.balance ?? 0n;
  if (balance < TRANSFER_GAS * feeCap + (request.value ?? 0n)) return undefined;
  return TRANSFER_GAS;
}

/** Addresses whose first 18 bytes are zero are (or may become) precompiles, which run code without having any. */
function isLowAddress(address: Uint8Array): boolean {
  for (let index = 0; index < 18; index++) if (address[index] !== 0) return false;
  return true;
}

function hex(bytes: Uint8Array): string {
  return Buffer.from(bytes).toString('hex');
}
