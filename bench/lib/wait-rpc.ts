/**
 * Readiness probe: polls eth_chainId until the node answers (that instant is the end of
 * "startup time"), failing fast if the process dies and giving up at a deadline.
 */
import type { Tracked } from './process.js';
import { RpcClient } from './rpc.js';
import { now, sleep } from './time.js';

export const EXPECTED_CHAIN_ID = '0x7a69'; // 31337

/** Resolves with the monotonic time of the first successful eth_chainId. */
export async function waitForChainId(url: string, tracked: Tracked, timeoutMs = 60_000): Promise<number> {
  const rpc = new RpcClient(url, { maxSockets: 1, timeoutMs: 2_000 });
  const deadline = now() + timeoutMs;
  try {
    for (;;) {
      if (tracked.child.exitCode !== null || tracked.child.signalCode !== null) {
        throw new Error(`node exited before answering eth_chainId:\n${tracked.tail()}`);
      }
      try {
        const chainId = await rpc.call<string>('eth_chainId');
        const at = now();
        if (chainId !== EXPECTED_CHAIN_ID) throw new Error(`unexpected chain id ${chainId}`);
        return at;
      } catch (error) {
        if (error instanceof Error && error.message.startsWith('unexpected chain id')) throw error;
      }
      if (now() > deadline) throw new Error(`no eth_chainId answer within ${timeoutMs / 1000} s:\n${tracked.tail()}`);
      await sleep(20);
    }
  } finally {
    rpc.close();
  }
}
