import { sha256 } from '@noble/hashes/sha2.js';

/** One EIP-7685 execution-layer request list: its type byte and its requests' data, concatenated. */
export interface BlockRequests {
  type: number;
  data: Uint8Array;
}

/** The requests hash of a block without requests (most blocks, and a Prague genesis): sha256 of nothing. */
const NO_REQUESTS_HASH = sha256(new Uint8Array(0));

/** EIP-7685's requests hash (a Prague header field): sha256 over sha256(type ‖ data) of each non-empty request list. */
export function requestsHash(requests: readonly BlockRequests[]): Uint8Array {
  const hashes: Uint8Array[] = [];
  for (const { type, data } of requests) if (data.length > 0) hashes.push(sha256(Buffer.concat([Uint8Array.of(type), data])));
  return hashes.length === 0 ? NO_REQUESTS_HASH.slice() : sha256(Buffer.concat(hashes));
}
