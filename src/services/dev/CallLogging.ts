/**
 * Whether every RPC call is logged at info level (--log-rpc, like Anvil's per-call log) or at
 * debug level only. anvil_setLoggingEnabled / hardhat_setLoggingEnabled switch it while the
 * node runs; the RPC layer's call observer reads it at each call.
 */
export class CallLogging {
  constructor(private on: boolean) {}

  get enabled(): boolean {
    return this.on;
  }

  setEnabled(enabled: boolean): void {
    this.on = enabled;
  }
}
