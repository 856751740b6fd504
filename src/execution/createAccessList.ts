import { bigIntToBytes, eoaCode7702RecoverAuthority, generateAddress } from '@ethereumjs/util';
import { ExecutionTimeoutError } from '../errors/ExecutionTimeoutError.js';
import { InvalidCallError } from '../errors/InvalidCallError.js';
import { bytesToHex, type Hex } from '../primitives/hex.js';
import type { CallRequest } from './CallRequest.js';
import type { ExecuteCallOptions } from './callWorker/executeCallJob.js';
import { overriddenState } from './overrides/CallOverrides.js';
import { runCall } from './runCall.js';
import { type AccessListEntries, AccessListTracer, sameAccessList } from './tracing/AccessListTracer.js';
import { attachTracer } from './tracing/attachTracer.js';

/** The precompiles of the chain's rules (Prague: 0x01–0x11), warm in every transaction. */
const PRECOMPILES = Array.from({ length: 0x11 }, (_, index) => (index + 1).toString(16).padStart(40, '0'));
/** The gas an authorization may cost at most (geth bounds the list by gas / CallNewAccountGas). */
const CALL_NEW_ACCOUNT_GAS = 25_000n;

/** eth_createAccessList's result (geth's accessListResult). */
export interface AccessListResult {
  accessList: Array<{ address: Hex; storageKeys: Hex[] }>;
  /** Gas used by the call with the access list included. */
  gasUsed: bigint;
  /** geth's message when the call itself failed ("execution reverted", "out of gas", ...). */
  error?: string;
}

/**
 * eth_createAccessList as geth computes it: run the call with an access-list tracer, add what it
 * touched to the call's access list, and run again until the list no longer changes (each run
 * with the list, so its gas accounts for it). The sender, the recipient (or the created
 * address), precompiles and 7702 authorities are left out, as they are warm anyway. The call
 * runs like eth_call (no fees unless a price is given, gas capped at `gasCap`). All runs
 * together are bounded by `timeoutMs` of wall time.
 */
export async function createAccessList(options: ExecuteCallOptions & { timeoutMs: number }): Promise<AccessListResult> {
  const { common, environment, request, gasCap } = options;
  // geth applies the state override before anything reads the state (the sender's nonce too).
  const state = overriddenState(options.state, options.overrides);
  const precompileEdits = options.overrides?.precompileEdits;
  const gasLimit = request.gas !== undefined && request.gas < gasCap ? request.gas : gasCap;
  const authorizations = request.authorizationList ?? [];
  if (BigInt(authorizations.length) > gasLimit / CALL_NEW_ACCOUNT_GAS)
    throw new InvalidCallError({ kind: 'insufficientGasForAuthorizations' }, 'createAccessList');
  const from = Buffer.from(request.from ?? new Uint8Array(20)).toString('hex');
  const nonce = state.account(from)?.nonce ?? 0n;
  const to = request.to
    ? Buffer.from(request.to).toString('hex')
    : Buffer.from(generateAddress(Buffer.from(from, 'hex'), bigIntToBytes(nonce))).toString('hex');
  const excluded = new Set([from, to, ...PRECOMPILES, ...authoritiesOf(authorizations, common.chainId())]);
  const deadline = performance.now() + options.timeoutMs;
  const coinbase = Buffer.from(environment.coinbase).toString('hex');

  let previous = new AccessListTracer(excluded, fromRequest(request.accessList));
  for (;;) {
    const list = previous.entries;
    const tracer = new AccessListTracer(excluded, list);
    const outcome = await options.use(async (execution) => {
      const attached = attachTracer(execution, tracer, { deadline, pre: state, coinbase, firstLogIndex: 0 });
      try {
        const result = await runCall({
          common,
          execution,
          state,
          environment,
          request: { ...request, accessList: toRequest(list) },
          gasLimit,
          precompileEdits,
        });
        if (attached.timedOut) throw new ExecutionTimeoutError('call', options.timeoutMs);
        return result;
      } finally {
        attached.detach();
      }
    });
    if (outcome.invalid !== undefined) throw new InvalidCallError(outcome.invalid, 'createAccessList');
    if (sameAccessList(tracer.entries, list)) {
      return { accessList: toResult(list), gasUsed: outcome.gasUsed, ...(outcome.error === undefined ? {} : { error: outcome.error }) };
    }
    previous = tracer;
  }
}

function fromRequest(list: CallRequest['accessList']): AccessListEntries {
  const entries: AccessListEntries = new Map();
  for (const item of list ?? []) {
    const address = Buffer.from(item.address).toString('hex');
    const slots = entries.get(address) ?? new Set<string>();
    for (const key of item.storageKeys) slots.add(Buffer.from(key).toString('hex'));
    entries.set(address, slots);
  }
  return entries;
}

function toRequest(entries: AccessListEntries): NonNullable<CallRequest['accessList']> {
  return [...entries].map(([address, slots]) => ({ address: Buffer.from(address, 'hex'), storageKeys: [...slots].map((slot) => Buffer.from(slot, 'hex')) }));
}

/** geth's order: addresses ascending, each with its slots ascending. */
function toResult(entries: AccessListEntries): AccessListResult['accessList'] {
  return [...entries.keys()].sort().map((address) => ({
    address: `0x${address}` as Hex,
    storageKeys: [...entries.get(address)!].sort().map((slot) => `0x${slot}` as Hex),
  }));
}

/** Authorities of the authorizations geth would consider (chain id 0 or ours); unrecoverable ones skipped. */
function authoritiesOf(list: NonNullable<CallRequest['authorizationList']>, chainId: bigint): string[] {
  const authorities: string[] = [];
  for (const item of list) {
    if (item.chainId !== 0n && item.chainId !== chainId) continue;
    try {
      const authority = eoaCode7702RecoverAuthority([
        bigIntToBytes(item.chainId),
        item.address,
        bigIntToBytes(item.nonce),
        bigIntToBytes(BigInt(item.yParity)),
        bigIntToBytes(item.r),
        bigIntToBytes(item.s),
      ]);
      authorities.push(bytesToHex(authority.bytes).slice(2));
    } catch {
      // Not a valid signature: geth leaves such an authorization out of the exclusions.
    }
  }
  return authorities;
}
