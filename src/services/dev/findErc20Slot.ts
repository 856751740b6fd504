import type { Common } from '@ethereumjs/common';
import type { BlockEnvironment } from '../../execution/BlockEnvironment.js';
import type { UseVm } from '../../execution/callWorker/executeCallJob.js';
import { executeCall } from '../../execution/callWorker/executeCallJob.js';
import { createAccessList } from '../../execution/createAccessList.js';
import { OverlayStateReader } from '../../execution/OverlayStateReader.js';
import { emptyStateChanges } from '../../execution/StateChanges.js';
import type { StateReader } from '../../execution/StateReader.js';
import { DEFAULT_TRACE_TIMEOUT_MS } from '../../execution/tracing/TraceConfig.js';
import { bigintToBytes, bytesToBigint } from '../../primitives/hex.js';
import { keccak256 } from '../../primitives/keccak.js';

/** Where a probe runs: the state and block it reads, and how it borrows a VM. */
export interface Erc20Probe {
  common: Common;
  use: UseVm;
  state: StateReader;
  environment: BlockEnvironment;
  gasCap: bigint;
}

/**
 * The storage slot of `token` that a view call (`balanceOf(owner)`, `allowance(owner, spender)`)
 * returns, found as Anvil finds it (anvil_dealERC20): list the slots the call reads (its access
 * list), then override each in turn and keep the one whose value the call returns. Nothing is
 * assumed about the token's layout, so Solidity, Vyper and proxied tokens all work.
 *
 * Unlike Anvil, the probe writes a value no slot plausibly holds already (64 bits derived from
 * the calldata, small enough for balances packed into part of a slot) rather than the requested
 * amount: probing with 0, or with the current balance, would match a slot the call merely reads.
 * Returns the slot as unprefixed 64-digit hex, or undefined.
 */
export async function findErc20Slot(probe: Erc20Probe, token: Uint8Array, calldata: Uint8Array): Promise<string | undefined> {
  const request = { to: token, data: calldata };
  const tokenKey = Buffer.from(token).toString('hex');
  const { accessList } = await createAccessList({ ...probe, request, timeoutMs: DEFAULT_TRACE_TIMEOUT_MS });
  const marker = bytesToBigint(keccak256(calldata).subarray(0, 8)) | 1n;
  for (const entry of accessList) {
    if (entry.address.slice(2).toLowerCase() !== tokenKey) continue;
    for (const slotHex of entry.storageKeys) {
      const slot = slotHex.slice(2);
      const changes = emptyStateChanges();
      changes.storage.set(tokenKey, new Map([[slot, bigintToBytes(marker)]]));
      const returned = await executeCall({ ...probe, state: new OverlayStateReader(probe.state, changes), request }).catch(() => undefined);
      if (returned && returned.length >= 32 && bytesToBigint(returned.subarray(0, 32)) === marker) return slot;
    }
  }
  return undefined;
}

/** ABI calldata of `selector(address, …)` with each address as a 32-byte word. */
export function addressCall(signature: string, ...addresses: Uint8Array[]): Uint8Array {
  const selector = keccak256(new TextEncoder().encode(signature)).subarray(0, 4);
  const out = new Uint8Array(4 + 32 * addresses.length);
  out.set(selector, 0);
  for (const [index, address] of addresses.entries()) out.set(address, 4 + 32 * index + 12);
  return out;
}
