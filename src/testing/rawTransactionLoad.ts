/**
 * A steady load of eth_sendRawTransaction against a node over HTTP, for fault tests (a disk
 * that fills up): each dev account sends signed transfers one after another, moving to its next
 * nonce only once the node acknowledged the last, and every answer is recorded — the hashes
 * acknowledged and the errors by "code message".
 *
 *   const load = startRawTransactionLoad(url, { dataBytes: 2048 });
 *   … fill the disk …
 *   const { acknowledged, errors } = await load.stop();
 */
import { type Hex, parseEther } from 'viem';
import { mnemonicToAccount } from 'viem/accounts';

const DEV_MNEMONIC = 'test test test test test test test test test test test junk';
const SINK = '0x000000000000000000000000000000000000dEaD';

/** Options of {@link startRawTransactionLoad}. */
export interface RawTransactionLoadOptions {
  /** Dev accounts sending (indexes 0..senders-1). Default 8. */
  senders?: number;
  /** Calldata bytes per transaction (to fill storage faster). Default 0. */
  dataBytes?: number;
  /** Chain id to sign for. Default 31337. */
  chainId?: number;
  /** Pause of a sender after a refused send. Default 100 ms. */
  pauseAfterErrorMs?: number;
}

/** A running load. */
export interface RawTransactionLoad {
  /** Hashes the node acknowledged so far, in order. */
  acknowledged: Hex[];
  /** Refusals so far: "code message" → count ("transport: …" for failed requests). */
  errors: Map<string, number>;
  /** Stops sending (after the sends in flight) and resolves with what was recorded. */
  stop(): Promise<{ acknowledged: Hex[]; errors: Map<string, number> }>;
}

/** Starts sending; see the module comment. */
export function startRawTransactionLoad(url: string, options: RawTransactionLoadOptions = {}): RawTransactionLoad {
  const { senders = 8, dataBytes = 0, chainId = 31337, pauseAfterErrorMs = 100 } = options;
  const acknowledged: Hex[] = [];
  const errors = new Map<string, number>();
  const data: Hex = `0x${'ab'.repeat(dataBytes)}`;
  let running = true;
  const count = (key: string) => errors.set(key, (errors.get(key) ?? 0) + 1);
  const call = async (method: string, params: unknown[]) => {
    const response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
      signal: AbortSignal.timeout(10_000),
    });
    return (await response.json()) as { result?: unknown; error?: { code: number; message: string } };
  };
  const sender = async (index: number) => {
    const account = mnemonicToAccount(DEV_MNEMONIC, { addressIndex: index });
    let nonce = Number((await call('eth_getTransactionCount', [account.address, 'pending'])).result);
    while (running) {
      const raw = await account.signTransaction({
        chainId,
        type: 'eip1559',
        nonce,
        to: SINK,
        value: parseEther('0.000001'),
        data,
        // EIP-7623's calldata floor: 10 gas per token, 4 tokens per non-zero byte.
        gas: 21_000n + 40n * BigInt(dataBytes),
        maxFeePerGas: 100_000_000_000n,
        maxPriorityFeePerGas: 1_000_000_000n,
      });
      try {
        const answer = await call('eth_sendRawTransaction', [raw]);
        if (answer.error) {
          count(`${answer.error.code} ${answer.error.message}`);
          await new Promise((resolve) => setTimeout(resolve, pauseAfterErrorMs));
        } else {
          acknowledged.push(answer.result as Hex);
          nonce++;
        }
      } catch (error) {
        count(`transport: ${(error as Error).message}`);
        await new Promise((resolve) => setTimeout(resolve, pauseAfterErrorMs));
      }
    }
  };
  const done = Promise.all(Array.from({ length: senders }, (_, index) => sender(index)));
  return {
    acknowledged,
    errors,
    stop: async () => {
      running = false;
      await done;
      return { acknowledged, errors };
    },
  };
}
