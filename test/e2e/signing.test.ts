/**
 * Node-side signing for the dev accounts against the real process, driven by the clients that use
 * it: viem's wallet client with a JSON-RPC account (only an address: every signature comes from the
 * node) and ethers' JsonRpcSigner. Signatures verify with viem and ethers, equal what a local key
 * gives (RFC 6979 is deterministic) and what Anvil answers for the same requests; unknown accounts,
 * bad typed data and the public tier are refused.
 */
import { verifyMessage as ethersVerifyMessage, verifyTypedData as ethersVerifyTypedData, JsonRpcProvider, Transaction } from 'ethers';
import { createPublicClient, createWalletClient, type Hex, http, recoverTransactionAddress, verifyMessage, verifyTypedData } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cleanupNodeProcesses, type NodeProcess, startNodeProcess } from '../../src/testing/startNodeProcess.js';
import { type AnvilProcess, cleanupAnvilProcesses, startAnvil } from '../../src/testing/tools/startAnvil.js';
import { DEV_ACCOUNTS, postRaw, rpc, rpcResult, sequinChain, ZERO_HASH } from './helpers.js';

const API_KEY = 'signing-test-key-0123456789';
const SIGNER = DEV_ACCOUNTS[3]!;
const STRANGER = '0x000000000000000000000000000000000000dEaD';

/** A document with nested structs, arrays, bytes and a uint256 past 2^53 (viem sends it as a JSON string). */
const TYPED_DATA = {
  domain: { name: 'Ether Mail', version: '1', chainId: 31337, verifyingContract: '0xCcCCccccCCCCcCCCCCCcCcCccCcCCCcCcccccccC' },
  types: {
    Person: [
      { name: 'name', type: 'string' },
      { name: 'wallet', type: 'address' },
    ],
    Mail: [
      { name: 'from', type: 'Person' },
      { name: 'to', type: 'Person[]' },
      { name: 'contents', type: 'string' },
      { name: 'attachment', type: 'bytes' },
      { name: 'amount', type: 'uint256' },
    ],
  },
  primaryType: 'Mail',
  message: {
    from: { name: 'Cow', wallet: '0xCD2a3d9F938E13CD947Ec05AbC7FE734Df8DD826' },
    to: [{ name: 'Bob', wallet: '0xbBbBBBBbbBBBbbbBbbBbbbbBBbBbbbbBbBbbBBbB' }],
    contents: 'Hello, Bob!',
    attachment: '0xdeadbeef',
    amount: 2n ** 200n + 7n,
  },
} as const;

let node: NodeProcess;
let anvil: AnvilProcess;
let dedicatedUrl: string;

beforeAll(async () => {
  [node, anvil] = await Promise.all([startNodeProcess({ args: ['--api-key', API_KEY] }), startAnvil()]);
  dedicatedUrl = `${node.url}/v1/${API_KEY}`;
});
afterAll(async () => {
  await cleanupNodeProcesses();
  await cleanupAnvilProcesses();
});

/** A wallet client whose account is only an address: viem asks the node to sign. */
function nodeWallet(url: string) {
  return createWalletClient({ account: SIGNER.address, chain: sequinChain(url), transport: http(url, { retryCount: 0 }) });
}

describe('signing through viem with a JSON-RPC account', () => {
  it('signs messages (personal_sign) that verify, equal to a local key’s and to Anvil’s signature', async () => {
    for (const message of ['hello sequin', { raw: '0x00ff' as Hex }]) {
      const signature = await nodeWallet(dedicatedUrl).signMessage({ message });
      expect(await verifyMessage({ address: SIGNER.address, message, signature })).toBe(true);
      expect(signature).toBe(await SIGNER.signMessage({ message }));
      expect(signature).toBe(await nodeWallet(anvil.url).signMessage({ message }));
    }
  });

  it('signs EIP-712 typed data (eth_signTypedData_v4) that verifies, equal to a local key’s and to Anvil’s', async () => {
    const signature = await nodeWallet(dedicatedUrl).signTypedData(TYPED_DATA);
    expect(await verifyTypedData({ address: SIGNER.address, ...TYPED_DATA, signature })).toBe(true);
    expect(signature).toBe(await SIGNER.signTypedData(TYPED_DATA));
    expect(signature).toBe(await nodeWallet(anvil.url).signTypedData(TYPED_DATA));
  });

  it('signs a transaction (eth_signTransaction) without sending it: the raw tx recovers to the sender and is Anvil’s byte for byte', async () => {
    const request = {
      to: STRANGER,
      value: 5n,
      nonce: 0,
      gas: 21_000n,
      maxFeePerGas: 3_000_000_000n,
      maxPriorityFeePerGas: 1_000_000_000n,
    } as const;
    const raw = await nodeWallet(dedicatedUrl).signTransaction(request);
    expect(await recoverTransactionAddress({ serializedTransaction: raw as never })).toBe(SIGNER.address);
    expect(raw).toBe(await nodeWallet(anvil.url).signTransaction(request));
    const publicClient = createPublicClient({ transport: http(dedicatedUrl, { retryCount: 0 }) });
    expect(await publicClient.getTransactionCount({ address: SIGNER.address, blockTag: 'pending' })).toBe(0);
    // The node fills what the request leaves out (nonce, gas, fees), as eth_sendTransaction does.
    const filled = Transaction.from(await rpcResult<Hex>(dedicatedUrl, 'eth_signTransaction', [{ from: SIGNER.address, to: STRANGER, value: '0x1' }]));
    expect(filled).toMatchObject({ from: SIGNER.address, nonce: 0, gasLimit: 21_000n, chainId: 31337n, type: 2 });
  });

  it('sends and answers the pre-confirmed receipt in one call (eth_sendTransactionSync), well before the seal', async () => {
    const wallet = nodeWallet(dedicatedUrl);
    const startedAt = performance.now();
    const receipt = await wallet.request({
      method: 'eth_sendTransactionSync' as never,
      params: [{ from: DEV_ACCOUNTS[4]!.address, to: STRANGER, value: '0x1' }] as never,
    });
    expect(performance.now() - startedAt).toBeLessThan(1_000);
    expect(receipt).toMatchObject({ status: '0x1', from: DEV_ACCOUNTS[4]!.address.toLowerCase(), blockHash: ZERO_HASH });
    const fetched = await rpcResult<{ transactionHash: Hex }>(dedicatedUrl, 'eth_getTransactionReceipt', [
      (receipt as { transactionHash: Hex }).transactionHash,
    ]);
    expect(fetched).toMatchObject({ status: '0x1' });
  });
});

describe("signing through ethers' JsonRpcSigner", () => {
  it('signs messages and typed data that ethers verifies', async () => {
    const provider = new JsonRpcProvider(dedicatedUrl, 31337, { staticNetwork: true });
    const signer = await provider.getSigner(SIGNER.address);
    const signature = await signer.signMessage('hello from ethers');
    expect(ethersVerifyMessage('hello from ethers', signature)).toBe(SIGNER.address);
    const types = structuredClone(TYPED_DATA.types) as unknown as Record<string, Array<{ name: string; type: string }>>;
    const typedSignature = await signer.signTypedData(TYPED_DATA.domain, types, TYPED_DATA.message);
    expect(ethersVerifyTypedData(TYPED_DATA.domain, types, TYPED_DATA.message, typedSignature)).toBe(SIGNER.address);
    provider.destroy();
  });
});

describe('what the node refuses', () => {
  it('an account it holds no key for: geth’s -32000 "unknown account", for every signing method', async () => {
    for (const [method, params] of <Array<[string, unknown[]]>>[
      ['eth_sign', [STRANGER, '0x01']],
      ['personal_sign', ['0x01', STRANGER]],
      ['eth_signTypedData_v4', [STRANGER, JSON.stringify({ ...TYPED_DATA, message: { ...TYPED_DATA.message, amount: 1 } })]],
      ['eth_signTransaction', [{ from: STRANGER, to: STRANGER }]],
      ['eth_sendTransactionSync', [{ from: STRANGER, to: STRANGER }]],
    ]) {
      expect((await rpc(dedicatedUrl, method, params)).error, method).toEqual({ code: -32000, message: 'unknown account' });
    }
  });

  it("params in the wrong order, and typed data that does not fit its types, in geth's words", async () => {
    // personal_sign is [data, address]: an address given first is 20 bytes of data, and the data is no address.
    expect((await rpc(dedicatedUrl, 'personal_sign', [SIGNER.address, '0x68656c6c6f'])).error).toEqual({
      code: -32602,
      message: 'invalid argument 1: hex string has length 10, want 40 for address',
    });
    const badAmount = { ...TYPED_DATA, message: { ...TYPED_DATA.message, amount: -1 } };
    expect((await rpc(dedicatedUrl, 'eth_signTypedData_v4', [SIGNER.address, badAmount])).error).toEqual({
      code: -32602,
      message: 'invalid argument 1: invalid negative value for unsigned type uint256',
    });
    const missing = { ...TYPED_DATA, message: { ...TYPED_DATA.message, contents: undefined } };
    expect(
      (await rpc(dedicatedUrl, 'eth_signTypedData_v4', [SIGNER.address, JSON.stringify({ ...missing, message: { ...missing.message, amount: '1' } })])).error,
    ).toEqual({
      code: -32602,
      message: "invalid argument 1: provided data '<nil>' doesn't match type 'string'",
    });
  });

  it('every signing method on the public tier', async () => {
    for (const method of ['eth_sign', 'personal_sign', 'eth_signTypedData_v4', 'eth_signTransaction', 'eth_sendTransactionSync']) {
      const { status, text } = await postRaw(node.url, JSON.stringify({ jsonrpc: '2.0', id: 1, method, params: [] }));
      expect([status, JSON.parse(text).error], method).toEqual([403, { code: -32004, message: `method ${method} requires a dedicated endpoint` }]);
    }
  });
});
