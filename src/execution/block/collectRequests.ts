import type { Common } from '@ethereumjs/common';
import { Address, bigIntToAddressBytes } from '@ethereumjs/util';
import type { BlockRequests } from '../../chain/requestsHash.js';
import { bytesToBigint } from '../../primitives/hex.js';
import type { ExecutedLog } from '../executeTransaction.js';
import { evmErrorToGethMessage } from '../vmErrors.js';
import type { BlockContext, BlockEnd } from './BlockRules.js';

/** keccak256("DepositEvent(bytes,bytes,bytes,bytes,bytes)"): the deposit contract's event (EIP-6110). */
const DEPOSIT_EVENT_TOPIC = Buffer.from('649bbc62d0e31342afea4e5cd82d4049e7e1ee912fc0889aa790803be39038c5', 'hex');
/** The ABI layout of a deposit event's data: five dynamic byte strings of these lengths. */
const DEPOSIT_FIELD_SIZES = [48, 32, 8, 96, 8];
const DEPOSIT_EVENT_SIZE = 576;

/**
 * The requests of a block from Prague on (EIP-7685), in type order, as geth collects them after the block's
 * transactions: deposits (type 0) from the deposit contract's logs (EIP-6110), then the queues of the
 * withdrawal (type 1, EIP-7002) and consolidation (type 2, EIP-7251) request contracts, each read by a
 * system call that also advances the queue (it changes state). A request contract that does not exist
 * yields no requests, as in @ethereumjs; one whose call fails makes the block invalid, as in geth
 * ("system call failed to execute"). Sets `end.requests`; leaves it undefined before Prague.
 */
export async function collectRequests(context: BlockContext, end: BlockEnd): Promise<void> {
  const { rules } = context;
  if (!rules.isActivatedEIP(7685)) return;
  const requests: BlockRequests[] = [];
  if (rules.isActivatedEIP(6110)) requests.push({ type: 0, data: depositRequests(end.logs, depositContractOf(rules)) });
  if (rules.isActivatedEIP(7002)) requests.push({ type: 1, data: await systemCall(context, rules.param('withdrawalRequestPredeployAddress')) });
  if (rules.isActivatedEIP(7251)) requests.push({ type: 2, data: await systemCall(context, rules.param('consolidationRequestPredeployAddress')) });
  end.requests = requests;
}

/** The deposit requests in `logs`: pubkey ‖ withdrawal credentials ‖ amount ‖ signature ‖ index of each deposit event. */
function depositRequests(logs: () => Iterable<ExecutedLog>, contract: Uint8Array | undefined): Uint8Array {
  if (contract === undefined) return new Uint8Array(0);
  const parts: Uint8Array[] = [];
  for (const log of logs()) {
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
 * Calls a request contract from the system address (30,000,000 gas, no value) in the block and returns what
 * it answers. The system address's account is left as it was (the call must not create or change it).
 */
async function systemCall({ execution, block, rules }: BlockContext, contractAddress: bigint): Promise<Uint8Array> {
  const { state, vm } = execution;
  const contract = new Address(bigIntToAddressBytes(contractAddress));
  if ((await state.getAccount(contract)) === undefined) return new Uint8Array(0);
  const systemAddress = new Address(bigIntToAddressBytes(rules.param('systemAddress')));
  const systemAccount = await state.getAccount(systemAddress);
  const result = await vm.evm.runCall({ caller: systemAddress, to: contract, gasLimit: rules.param('systemCallGasLimit'), block });
  if (systemAccount === undefined) await state.deleteAccount(systemAddress);
  else await state.putAccount(systemAddress, systemAccount);
  const failure = result.execResult.exceptionError;
  if (failure) throw new Error(`system call failed to execute: ${evmErrorToGethMessage(failure.error)}`);
  return result.execResult.returnValue;
}

/** EIP-6110's deposit contract of the chain (its genesis names it), if any. */
function depositContractOf(rules: Common): Uint8Array | undefined {
  return (rules as { depositContract?: Uint8Array }).depositContract;
}
