import type { Block } from '@ethereumjs/block';
import { Address, bigIntToBytes, setLengthLeft } from '@ethereumjs/util';
import { sha256 } from '@noble/hashes/sha2.js';
import type { ExecutionVm } from '../createExecutionVm.js';

/** EIP-4788's beacon roots contract. */
export const BEACON_ROOTS_ADDRESS = '000f3df6d732807ef1319fb7b8bb8522d0beac02';
/** EIP-2935's block hash history contract. */
export const HISTORY_STORAGE_ADDRESS = '0000f90827f1c53a10cb7a02335b175320002935';
/** EIP-7002's withdrawal request contract. */
export const WITHDRAWAL_REQUEST_ADDRESS = '00000961ef480eb55e80d19ad83579a64c007002';
/** EIP-7251's consolidation request contract. */
export const CONSOLIDATION_REQUEST_ADDRESS = '0000bbddc7ce488642fb579f8b00f3a590007251';
/** The caller of system calls (EIP-4788 and later). */
const SYSTEM_ADDRESS = new Address(Buffer.from('fffffffffffffffffffffffffffffffffffffffe', 'hex'));
/** The ring buffer length of EIP-4788 and EIP-2935. */
const RING_LENGTH = 8191n;
/** The gas a system call may use. */
const SYSTEM_CALL_GAS = 30_000_000n;

/**
 * The system calls a block makes before its transactions, as a block builder does them: EIP-4788
 * stores the parent beacon block root (Cancun), EIP-2935 the parent's hash (Prague). Each contract
 * keeps what it is called with in its ring buffer, so this writes those slots directly (as
 * @ethereumjs/vm's block runner does); nothing is written when the contract has no code.
 */
export async function beforeBlockSystemCalls(
  execution: ExecutionVm,
  block: { number: bigint; timestamp: bigint; parentHash: Uint8Array; parentBeaconBlockRoot: Uint8Array | undefined },
): Promise<void> {
  const { common } = execution.vm;
  const state = execution.state;
  if (common.isActivatedEIP(4788) && block.parentBeaconBlockRoot !== undefined && (await hasCode(execution, BEACON_ROOTS_ADDRESS))) {
    const address = addressOf(BEACON_ROOTS_ADDRESS);
    const index = block.timestamp % RING_LENGTH;
    await state.putStorage(address, slot(index), bigIntToBytes(block.timestamp));
    await state.putStorage(address, slot(index + RING_LENGTH), block.parentBeaconBlockRoot);
  }
  if (common.isActivatedEIP(2935) && block.number > 0n && (await hasCode(execution, HISTORY_STORAGE_ADDRESS))) {
    await state.putStorage(addressOf(HISTORY_STORAGE_ADDRESS), slot((block.number - 1n) % RING_LENGTH), block.parentHash);
  }
}

/**
 * The EIP-7685 requests a block ends with (Prague): deposits (none: the chain has no deposit
 * contract here), then the requests the EIP-7002 and EIP-7251 contracts return when the system
 * calls them (which also advances their queues). Each is `type ‖ data`; empty ones included.
 * Undefined before Prague.
 */
export async function afterBlockSystemCalls(execution: ExecutionVm, block: Block): Promise<Uint8Array[] | undefined> {
  const { common } = execution.vm;
  if (!common.isActivatedEIP(7685)) return undefined;
  const requests: Uint8Array[] = [Uint8Array.of(0)];
  requests.push(concatType(1, await systemCall(execution, block, WITHDRAWAL_REQUEST_ADDRESS)));
  requests.push(concatType(2, await systemCall(execution, block, CONSOLIDATION_REQUEST_ADDRESS)));
  return requests;
}

/** EIP-7685's requests hash: sha256 over the sha256 of each request that carries data. */
export function requestsHash(requests: readonly Uint8Array[]): Uint8Array {
  const hashes = requests.filter((request) => request.length > 1).map((request) => sha256(request));
  return sha256(Buffer.concat(hashes));
}

/** Calls a request contract from the system address and returns what it answers (empty when it does not exist). */
async function systemCall(execution: ExecutionVm, block: Block, contract: string): Promise<Uint8Array> {
  const { state, vm } = execution;
  const to = addressOf(contract);
  if ((await state.getAccount(to)) === undefined) return new Uint8Array(0);
  const systemAccount = await state.getAccount(SYSTEM_ADDRESS);
  const result = await vm.evm.runCall({ caller: SYSTEM_ADDRESS, to, gasLimit: SYSTEM_CALL_GAS, block });
  // The system address is only the caller: leave it as it was.
  if (systemAccount === undefined) await state.deleteAccount(SYSTEM_ADDRESS);
  else await state.putAccount(SYSTEM_ADDRESS, systemAccount);
  return result.execResult.exceptionError === undefined ? result.execResult.returnValue : new Uint8Array(0);
}

async function hasCode(execution: ExecutionVm, address: string): Promise<boolean> {
  return (await execution.state.getCodeSize(addressOf(address))) > 0;
}

function addressOf(hex: string): Address {
  return new Address(Buffer.from(hex, 'hex'));
}

function slot(index: bigint): Uint8Array {
  return setLengthLeft(bigIntToBytes(index), 32);
}

function concatType(type: number, data: Uint8Array): Uint8Array {
  const request = new Uint8Array(1 + data.length);
  request[0] = type;
  request.set(data, 1);
  return request;
}
