import type { StorageUnavailableError } from '../errors/StorageUnavailableError.js';

/**
 * Whether storage makes writes durable now, since when (ms on the node's clock): writable, or
 * refusing writes with the error that says why (full disk, read-only, failing).
 */
export type StorageHealth = { writable: true; sinceMs: number } | { writable: false; sinceMs: number; error: StorageUnavailableError };
