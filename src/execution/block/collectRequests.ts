import type { Common } from '@ethereumjs/common';
import { Address, bigIntToAddressBytes } from '@ethereumjs/util';
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToBigint } from '../../primitives/hex.js';
import type { ExecutionVm } from '../createExecutionVm.js';
import type { ExecutedLog } from '../executeTransaction.js';

/** One EIP-7685 execution-layer request list: its type byte and its requests' data, concatenated. */
export interface BlockRequests {
  type: number;
  data: Uint8Array;
}

/** keccak256("DepositEvent(bytes,bytes,bytes,bytes,bytes)"): the deposit contract's event (EIP-6110). */
const DEPOSIT_EVENT_TOPIC = Buffer.from('649bbc62d0e31342afea4e5cd82d4049e7e1ee912fc0889aa790803be39038c5', 'hex');
/** The ABI layout of a deposit event's data: five dynamic byte strings of these lengths. */
const DEPOSIT_FIELD_SIZES = [48, 32, 8, 96, 8];
const DEPOSIT_EVENT_SIZE = 576;

/**
 * The requests of a block from Prague on, in type order, as geth collects them after the block's
 * transactions: deposits (type 0) from the deposit contract's logs (EIP-6110), then the queues of the
 * withdrawal (type 1, EIP-7002) and consolidation (type 2, EIP-7251) request contracts, each read by a
 * system call that also advances the queue (it changes state). A request contract that does not exist
 * yields no requests, as in @ethereumjs.
 */
export async function collectRequests(
  execution: ExecutionVm,
  rules: Common,
  options: { logs: readonly ExecutedLog[]; depositContract: Uint8Array | undefined },
): Promise<BlockRequests[]> {
  const requests: BlockRequests[] = [];
  if (rules.isActivatedEIP(6110)) requests.push({ type: 0, data: depositRequests(options.logs, options.depositContract) });
  if (rules.isActivatedEIP(7002)) requests.push({ type: 1, data: await systemCall(execution, rules, rules.param('withdrawalRequestPredeployAddress')) });
  if (rules.isActivatedEIP(7251)) requests.push({ type: 2, data: await systemCall(execution, rules, rules.param('consolidationRequestPredeployAddress')) });
  return requests;
}

/** The requests hash of a block without requests (most blocks): sha256 of nothing. */
const NO_REQUESTS_HASH = sha256(new Uint8Array(0));

/** EIP-7685's requests hash: sha256 over sha256(type ‖ data) of each non-empty request list. */
export function requestsHash(requests: readonly BlockRequests[]): Uint8Array {
  const hashes: Uint8Array[] = [];
  for (const { type, data } of requests) if (data.length > 0) hashes.push(sha256(Buffer.concat([Uint8Array.of(type), data])));
  return hashes.length === 0 ? NO_REQUESTS_HASH.slice() : sha256(Buffer.concat(hashes));
}

/** The deposit requests in `logs`: pubkey ‖ withdrawal credentials ‖ amount ‖ signature ‖ index of each deposit event. */
function depositRequests(logs: readonly ExecutedLog[], contract: Uint8Array | undefined): Uint8Array {
  if (contract === undefined) return new Uint8Array(0);
  const parts: Uint8Array[] = [];
  for (const log of logs) {
    if (!Buffer.from(log.address).equals(contract) || log.topics.length === 0 || !Buffer.from(log.topics[0]!).equals(DEPOSIT_EVENT_TOPIC)) continue;
    parts.push(...depositFields(log.data));
  }
  return Buffer.concat(parts);
}

/** The five byte strings of a deposit event's data; throws on any other layout (geth refuses such a block). */
function depositFields(data: Uint8Array): Uint8Array[] {
  if (data.length !== DEPOSIT_EVENT_SIZE) throw new Error('invalid deposit log: unsupported data layout');
  return DEPOSIT_FIELD_SIZES.map((size, index) => {
    const offset = Number(bytesToBigint(data.subarray(index * 32, index * 32 + 32)));
    if (offset + 32 + size > data.length || bytesToBigint(data.subarray(offset, offset + 32)) !== BigInt(size)) {
      throw new Error('invalid deposit log: unsupported data layout');
    }
    return data.slice(offset + 32, offset + 32 + size);
  });
}

/**
 * Calls a request contract from the system address (30,000,000 gas, no value) and returns what it
 * answers. The system address's account is left as it was (the call must not create or change it).
 */
async function systemCall(execution: ExecutionVm, rules: Common, contractAddress: bigint): Promise<Uint8Array> {
  const { state, vm } = execution;
  const contract = new Address(bigIntToAddressBytes(contractAddress));
  if ((await state.getAccount(contract)) === undefined) return new Uint8Array(0);
  const systemAddress = new Address(bigIntToAddressBytes(rules.param('systemAddress')));
  const systemAccount = await state.getAccount(systemAddress);
  const result = await vm.evm.runCall({ caller: systemAddress, to: contract, gasLimit: rules.param('systemCallGasLimit') });
  if (systemAccount === undefined) await state.deleteAccount(systemAddress);
  else await state.putAccount(systemAddress, systemAccount);
  return result.execResult.returnValue;
}
