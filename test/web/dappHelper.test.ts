/**
 * The dApp helper against scripted EIP-1193 providers (any wallet: ours, MetaMask, MetaMask
 * mobile's wrapped errors): what it sends, in which order, and the typed errors it throws.
 */
import { describe, expect, it } from 'vitest';
import {
  addChain,
  ChainAdditionNotSupportedError,
  type ChainData,
  InvalidChainDataError,
  switchOrAddChain,
  UnrecognizedChainError,
  UserRejectedRequestError,
  WalletRequestError,
} from '../../web/dapp/index.js';

const CHAIN: ChainData = {
  chainId: '0x7a69',
  chainName: 'Sequin 31337',
  nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
  rpcUrls: ['http://127.0.0.1:8545'],
  blockExplorerUrls: ['http://127.0.0.1:8545'],
};

type Answer = unknown | { throw: unknown };

/** A provider that answers each method from a script (an array is consumed one answer per call) and records the calls. */
function scriptedProvider(script: Record<string, Answer | Answer[]>) {
  const calls: Array<{ method: string; params?: unknown[] }> = [];
  return {
    calls,
    async request(args: { method: string; params?: unknown[] }): Promise<unknown> {
      calls.push(args);
      const entry = script[args.method];
      const answer = Array.isArray(entry) ? entry.shift() : entry;
      if (answer === undefined) throw { code: 4200, message: `unscripted ${args.method}` };
      if (typeof answer === 'object' && answer !== null && 'throw' in answer) throw answer.throw;
      return answer;
    },
  };
}

const walletError = (code: number, message: string, data?: unknown) => ({ throw: { code, message, data } });

describe('switchOrAddChain', () => {
  it('only switches when the wallet knows the chain', async () => {
    const provider = scriptedProvider({ wallet_switchEthereumChain: null });
    expect(await switchOrAddChain(provider, CHAIN)).toBe('switched');
    expect(provider.calls).toEqual([{ method: 'wallet_switchEthereumChain', params: [{ chainId: '0x7a69' }] }]);
  });

  it('switch → 4902 → add; the sent chain data is validated and normalized (parsed URLs, empty optional lists dropped)', async () => {
    const provider = scriptedProvider({
      wallet_switchEthereumChain: walletError(4902, 'Unrecognized chain ID "0x7a69".'),
      wallet_addEthereumChain: null,
      eth_chainId: '0x7a69',
    });
    expect(await switchOrAddChain(provider, { ...CHAIN, iconUrls: [] })).toBe('added');
    expect(provider.calls.map((call) => call.method)).toEqual(['wallet_switchEthereumChain', 'wallet_addEthereumChain', 'eth_chainId']);
    expect(provider.calls[1]!.params).toEqual([
      {
        chainId: '0x7a69',
        chainName: 'Sequin 31337',
        nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
        rpcUrls: ['http://127.0.0.1:8545/'],
        blockExplorerUrls: ['http://127.0.0.1:8545/'],
      },
    ]);
  });

  it("switches again when the wallet added the chain without switching to it, and understands MetaMask mobile's wrapped 4902", async () => {
    const provider = scriptedProvider({
      wallet_switchEthereumChain: [walletError(-32603, 'Unrecognized chain ID', { originalError: { code: 4902 } }), null],
      wallet_addEthereumChain: null,
      eth_chainId: '0x1',
    });
    expect(await switchOrAddChain(provider, CHAIN)).toBe('added');
    expect(provider.calls.map((call) => call.method)).toEqual([
      'wallet_switchEthereumChain',
      'wallet_addEthereumChain',
      'eth_chainId',
      'wallet_switchEthereumChain',
    ]);
  });

  it('a rejected switch is a UserRejectedRequestError, and nothing is added', async () => {
    const provider = scriptedProvider({ wallet_switchEthereumChain: walletError(4001, 'User rejected the request') });
    const error = await switchOrAddChain(provider, CHAIN).catch((caught) => caught);
    expect(error).toBeInstanceOf(UserRejectedRequestError);
    expect(provider.calls).toHaveLength(1);
  });
});

describe('addChain', () => {
  it('refuses invalid chain data before sending anything', async () => {
    const provider = scriptedProvider({});
    const error = await addChain(provider, { ...CHAIN, chainId: '0x07a69' }).catch((caught) => caught);
    expect(error).toBeInstanceOf(InvalidChainDataError);
    expect(error.message).toBe("Invalid chain data: Expected 0x-prefixed, unpadded, non-zero hexadecimal string 'chainId'. Received:\n0x07a69");
    expect(provider.calls).toEqual([]);
    const insecure = await addChain(provider, { ...CHAIN, rpcUrls: ['http://rpc.example.com'] }).catch((caught) => caught);
    expect(insecure).toBeInstanceOf(InvalidChainDataError);
    expect(provider.calls).toEqual([]);
  });

  it.each([
    [walletError(4001, 'User rejected the request'), UserRejectedRequestError, 4001, 'You rejected the request in your wallet.'],
    [walletError(-32602, 'Expected 1-6 character string'), InvalidChainDataError, -32602, 'Invalid chain data: Expected 1-6 character string'],
    [
      walletError(-32603, "Request for method 'eth_chainId' on http://127.0.0.1:8545/ failed"),
      WalletRequestError,
      -32603,
      "wallet_addEthereumChain failed (code -32603): Request for method 'eth_chainId' on http://127.0.0.1:8545/ failed",
    ],
  ])('maps the wallet error %j to a typed error', async (answer, type, code, message) => {
    const error = await addChain(scriptedProvider({ wallet_addEthereumChain: answer }), CHAIN).catch((caught) => caught);
    expect(error).toBeInstanceOf(type);
    expect(error.code).toBe(code);
    expect(error.message).toBe(message);
    expect(error.cause).toEqual((answer as { throw: unknown }).throw);
  });

  it('4100 tells the user how to add the network by hand, with the values to type', async () => {
    const error = await addChain(scriptedProvider({ wallet_addEthereumChain: walletError(4100, 'Requested method not supported') }), CHAIN).catch(
      (caught) => caught,
    );
    expect(error).toBeInstanceOf(ChainAdditionNotSupportedError);
    expect(error.message).toBe(
      [
        "Your wallet does not let this site add networks. Add the network by hand in your wallet's network settings:",
        '  Network name: Sequin 31337',
        '  RPC URL: http://127.0.0.1:8545/',
        '  Chain ID: 31337',
        '  Currency symbol: ETH',
        '  Block explorer URL: http://127.0.0.1:8545/',
      ].join('\n'),
    );
    expect(error.manualSettings).toEqual({
      networkName: 'Sequin 31337',
      rpcUrl: 'http://127.0.0.1:8545/',
      chainId: '31337',
      currencySymbol: 'ETH',
      blockExplorerUrl: 'http://127.0.0.1:8545/',
    });
  });

  it('4902 says which chain the RPC URL really serves when the wallet reports it', async () => {
    const answer = walletError(4902, 'Unrecognized chain ID "0x7a69"', { chainId: '0x7a69', rpcUrl: 'http://127.0.0.1:8545/', reportedChainId: '0x3e7' });
    const error = await addChain(scriptedProvider({ wallet_addEthereumChain: answer }), CHAIN).catch((caught) => caught);
    expect(error).toBeInstanceOf(UnrecognizedChainError);
    expect(error.reportedChainId).toBe('0x3e7');
    expect(error.message).toBe(
      'The wallet did not recognize chain ID 31337 (0x7a69): its RPC URL http://127.0.0.1:8545/ serves chain ID 999, not 31337: the chain data is wrong or the URL points at another network.',
    );
  });
});
