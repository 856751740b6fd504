import type { Address, Client, Hash, Transport } from 'viem';
import type { TransactionCodec } from './codecs.js';
import { type RpcReceipt, verifyPreconfirmation } from './verifyPreconfirmation.js';

/** Parameters of {@link getVerifiedPreconfirmation}. */
export interface GetVerifiedPreconfirmationParameters {
  hash: Hash;
  /** The sequencer key's address, known out of band (not asked of the RPC being checked). */
  sequencer: Address;
  /** Default: the client's chain's id. */
  chainId?: bigint | number;
  codecs?: Readonly<Record<number, TransactionCodec>>;
}

/**
 * A viem action: asks the client's RPC — any URL, any provider or proxy in between — for
 * sequin_getPreconfirmation of `hash` and verifies the answer (verifyPreconfirmation). Resolves with the
 * verified receipt, or null when the RPC knows no pre-confirmation of the hash; rejects with
 * PreconfirmationVerificationError when the answer does not verify.
 *
 *   const client = createPublicClient({ chain, transport: http(url) })
 *   const receipt = await getVerifiedPreconfirmation(client, { hash, sequencer })
 */
export async function getVerifiedPreconfirmation(client: Client<Transport>, parameters: GetVerifiedPreconfirmationParameters): Promise<RpcReceipt | null> {
  const chainId = parameters.chainId ?? client.chain?.id;
  if (chainId === undefined) throw new Error('getVerifiedPreconfirmation: pass chainId, or give the client a chain');
  const answer = await client.request<{ Method: 'sequin_getPreconfirmation'; Parameters: [Hash]; ReturnType: unknown }>({
    method: 'sequin_getPreconfirmation',
    params: [parameters.hash],
  });
  if (answer === null) return null;
  return verifyPreconfirmation(answer, { sequencer: parameters.sequencer, chainId, ...(parameters.codecs ? { codecs: parameters.codecs } : {}) });
}

/**
 * The action as a client extension, with the sequencer fixed once:
 * `createPublicClient({ … }).extend(verifiedPreconfirmations({ sequencer }))` gives
 * `client.getVerifiedPreconfirmation({ hash })`.
 */
export function verifiedPreconfirmations(options: { sequencer: Address; chainId?: bigint | number; codecs?: Readonly<Record<number, TransactionCodec>> }) {
  return (client: Client<Transport>) => ({
    getVerifiedPreconfirmation: (parameters: { hash: Hash }) => getVerifiedPreconfirmation(client, { ...options, ...parameters }),
  });
}
