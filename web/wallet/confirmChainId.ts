/**
 * Asks each RPC URL for `eth_chainId` before a network is stored, so a chain is only ever added
 * with URLs that serve it. Ids are compared as numbers ("0x01" and "0x1" are the same chain).
 */
import { ProviderErrorCode, ProviderRpcError } from '../shared/providerErrors.js';
import { rpcRequest } from './rpcClient.js';

type Outcome = { url: string; reported: unknown } | { url: string; failure: string };

/**
 * Resolves with the URLs (in the given order) that report `chainId`. When none does: 4902
 * "Unrecognized chain ID" if some URL reported another id (in `data.reportedChainId`), else
 * -32603 naming the first URL that could not be reached.
 */
export async function confirmChainId(rpcUrls: readonly string[], chainId: string, timeoutMs = 5000): Promise<string[]> {
  const outcomes = await Promise.all(
    rpcUrls.map(async (url): Promise<Outcome> => {
      try {
        return { url, reported: await rpcRequest(url, 'eth_chainId', [], { timeoutMs }) };
      } catch (error) {
        return { url, failure: (error as Error).message };
      }
    }),
  );
  const confirmed = outcomes.filter((outcome) => 'reported' in outcome && sameChainId(outcome.reported, chainId)).map((outcome) => outcome.url);
  if (confirmed.length > 0) return confirmed;
  const mismatch = outcomes.find((outcome): outcome is { url: string; reported: unknown } => 'reported' in outcome);
  if (mismatch) {
    throw new ProviderRpcError(
      ProviderErrorCode.unrecognizedChain,
      `Unrecognized chain ID "${chainId}": the RPC at ${mismatch.url} reports chain ID ${describeId(mismatch.reported)}`,
      {
        chainId,
        rpcUrl: mismatch.url,
        reportedChainId: mismatch.reported,
      },
    );
  }
  const failure = outcomes[0] as { url: string; failure: string };
  throw new ProviderRpcError(ProviderErrorCode.internal, `Request for method 'eth_chainId' on ${failure.url} failed`, {
    rpcUrl: failure.url,
    reason: failure.failure,
  });
}

/** True when an RPC's answer is a quantity equal to `chainId`. */
function sameChainId(reported: unknown, chainId: string): boolean {
  if (typeof reported !== 'string' || !/^0x[0-9a-fA-F]+$/.test(reported)) return false;
  return BigInt(reported) === BigInt(chainId);
}

function describeId(reported: unknown): string {
  if (typeof reported === 'string' && /^0x[0-9a-fA-F]+$/.test(reported)) return `${reported} (${BigInt(reported)})`;
  return JSON.stringify(reported) ?? String(reported);
}
