/**
 * Shared pieces of the end-to-end tests: the dev chain as viem sees it, clients for a running
 * node, raw JSON-RPC over fetch, and polling.
 */
import {
  type Chain,
  createPublicClient,
  createWalletClient,
  defineChain,
  type Hex,
  http,
  type PrivateKeyAccount,
  parseEther,
  type TransactionReceipt,
} from 'viem';
import { generatePrivateKey, privateKeyToAccount, privateKeyToAddress } from 'viem/accounts';

/** The dev accounts' private keys (mnemonic "test test … junk", m/44'/60'/0'/0/i). */
export const DEV_KEYS = [
  '0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80',
  '0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d',
  '0x5de4111afa1a4b94908f83103eb1f1706367c2e68ca870fc3fb9a804cdab365a',
  '0x7c852118294e51e653712a81e05800f419141751be58f605c371e15141b007a6',
  '0x47e179ec197488593b187f80a00eb0da91f1b9d0b13f8733639f19c30a34926a',
  '0x8b3a350cf5c34c9194ca85829a2df0ec3153be0318b5e2d3348e872092edffba',
  '0x92db14e403b83dfe3df233f83dfa3a0d7096f21ca9b0d6d6b8d88b2b4ec1564e',
  '0x4bbbf85ce3377467afe5d46f804f221813b2bb87f24d81f60f1fcdbf7cbf4356',
  '0xdbda1821b80551c9d65939329250298aa3472ba22feea921c0cf5d620ea67b97',
  '0x2a871d0798f97d79848a013d4936a73bf4cc922c825d33c1cf7073dff6d409c6',
] as const satisfies readonly Hex[];

export const DEV_ACCOUNTS: PrivateKeyAccount[] = DEV_KEYS.map((key) => privateKeyToAccount(key));

export const ZERO_HASH: Hex = `0x${'00'.repeat(32)}`;

/** A signed 0.001 ETH EIP-1559 transfer from dev account `index` to a fresh address (10 gwei fee cap unless given). */
export function signTransfer(index: number, nonce: number, maxFeePerGas = 10_000_000_000n): Promise<Hex> {
  return DEV_ACCOUNTS[index]!.signTransaction({
    chainId: 31337,
    type: 'eip1559',
    nonce,
    to: privateKeyToAddress(generatePrivateKey()),
    value: parseEther('0.001'),
    gas: 21_000n,
    maxFeePerGas,
    maxPriorityFeePerGas: 1_000_000_000n,
  });
}

/** The node's default chain, for viem. */
export function sequinChain(url: string, id = 31337): Chain {
  return defineChain({
    id,
    name: 'Sequin',
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrls: { default: { http: [url] } },
  });
}

/** A public client and a wallet client (dev account `index`) on the node at `url`. */
export function viemClients(url: string, index = 0) {
  const chain = sequinChain(url);
  // Fast polling: pre-confirmations arrive every ~200 ms. No batching, no retries: each call is one request.
  const transport = http(url, { retryCount: 0 });
  const publicClient = createPublicClient({ chain, transport, pollingInterval: 20, cacheTime: 0 });
  const walletClient = createWalletClient({ chain, transport, account: DEV_ACCOUNTS[index]!, pollingInterval: 20, cacheTime: 0 });
  return { chain, publicClient, walletClient, account: DEV_ACCOUNTS[index]! };
}

/** A JSON-RPC response object. */
export interface RpcResponse {
  jsonrpc: '2.0';
  id: unknown;
  result?: unknown;
  error?: { code: number; message: string; data?: unknown };
}

/** POSTs a raw body and returns the HTTP status and the raw text. */
export async function postRaw(url: string, body: string, headers: Record<string, string> = {}): Promise<{ status: number; text: string }> {
  const response = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body });
  return { status: response.status, text: await response.text() };
}

/** One JSON-RPC call; returns the whole response object (result or error). */
export async function rpc(url: string, method: string, params: unknown[] = []): Promise<RpcResponse> {
  const { status, text } = await postRaw(url, JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }));
  if (status !== 200) throw new Error(`${method}: HTTP ${status}: ${text}`);
  return JSON.parse(text) as RpcResponse;
}

/** One JSON-RPC call that must succeed; returns its result. */
export async function rpcResult<T = unknown>(url: string, method: string, params: unknown[] = []): Promise<T> {
  const response = await rpc(url, method, params);
  if (response.error) throw new Error(`${method} failed: ${response.error.code} ${response.error.message}`);
  return response.result as T;
}

/** One JSON-RPC call that must fail; returns its error. */
export async function rpcError(url: string, method: string, params: unknown[] = []): Promise<NonNullable<RpcResponse['error']>> {
  const response = await rpc(url, method, params);
  if (!response.error) throw new Error(`${method} unexpectedly succeeded: ${JSON.stringify(response.result)}`);
  return response.error;
}

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Calls `probe` every `intervalMs` until it returns something other than undefined/null/false. */
export async function pollUntil<T>(
  probe: () => Promise<T | undefined | null | false>,
  options: { timeoutMs?: number; intervalMs?: number; what?: string } = {},
): Promise<T> {
  const deadline = Date.now() + (options.timeoutMs ?? 10_000);
  for (;;) {
    const value = await probe();
    if (value !== undefined && value !== null && value !== false) return value as T;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${options.what ?? 'condition'}`);
    await sleep(options.intervalMs ?? 20);
  }
}

/** Waits until eth_blockNumber exceeds `number`; returns the new head number. */
export async function waitForBlockAfter(url: string, number: bigint, timeoutMs = 10_000): Promise<bigint> {
  return pollUntil(
    async () => {
      const head = BigInt(await rpcResult<string>(url, 'eth_blockNumber'));
      return head > number ? head : undefined;
    },
    { timeoutMs, intervalMs: 50, what: `a block after ${number}` },
  );
}

/**
 * Polls eth_getTransactionReceipt every 20 ms until the receipt shows (pre-confirmed, normally),
 * returning viem's formatted receipt. (viem's own waitForTransactionReceipt checks once, then
 * only when the block number changes, so it would wait for the seal, up to a block time.)
 */
export async function pollReceipt(url: string, hash: Hex, timeoutMs = 5_000): Promise<TransactionReceipt> {
  const { publicClient } = viemClients(url);
  return pollUntil(() => publicClient.getTransactionReceipt({ hash }).catch(() => undefined), { timeoutMs, intervalMs: 20, what: `receipt of ${hash}` });
}
