import type { CallRequest } from '../../execution/CallRequest.js';
import type { Overrides } from '../../execution/overrides/Overrides.js';
import type { StateReader } from '../../execution/StateReader.js';

/**
 * Hardhat's and Anvil's estimate of a call whose value the sender cannot cover: they estimate it as
 * if the sender could (a transfer from an empty account is 21,000), where geth answers "insufficient
 * funds for gas * price + value". Used under `--compat anvil|hardhat` (config/compatibility.ts): when
 * the sender's balance, overridden or not, is below the value, the estimate runs with the sender's
 * balance raised to the value plus what `gasCap` gas costs at the request's fee cap, as a state
 * override on top of the request's own. Else the overrides are returned unchanged.
 */
export function coverSenderValue(state: StateReader, request: CallRequest, overrides: Overrides | undefined, gasCap: bigint): Overrides | undefined {
  const value = request.value ?? 0n;
  if (value === 0n) return overrides;
  const sender = request.from ? Buffer.from(request.from).toString('hex') : '00'.repeat(20);
  const overridden = overrides?.state?.get(sender);
  const balance = overridden?.balance ?? state.account(sender)?.balance ?? 0n;
  if (balance >= value) return overrides;
  const feeCap = request.gasPrice ?? request.maxFeePerGas ?? 0n;
  const stateOverride = new Map(overrides?.state);
  stateOverride.set(sender, { ...overridden, balance: value + gasCap * feeCap });
  return { ...overrides, state: stateOverride };
}
