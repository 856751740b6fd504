/**
 * Which addresses eth_sendTransaction may send as without their key (anvil_impersonateAccount,
 * anvil_stopImpersonatingAccount, anvil_autoImpersonateAccount). A setting of the running node,
 * like Anvil's: it is not chain state, so it is neither journaled nor kept across a restart; the
 * transactions sent while it held are (they are ordinary pool entries, journaled with their
 * sender).
 */
export class Impersonation {
  private readonly addresses = new Set<string>();
  private everyAddress = false;

  impersonate(address: Uint8Array): void {
    this.addresses.add(key(address));
  }

  stopImpersonating(address: Uint8Array): void {
    this.addresses.delete(key(address));
  }

  /** With `enabled`, every address is impersonated (Anvil's auto-impersonation). */
  setAutoImpersonate(enabled: boolean): void {
    this.everyAddress = enabled;
  }

  isImpersonated(address: Uint8Array): boolean {
    return this.everyAddress || this.addresses.has(key(address));
  }
}

function key(address: Uint8Array): string {
  return Buffer.from(address).toString('hex');
}
