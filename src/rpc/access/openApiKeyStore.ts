import { mkdirSync } from 'node:fs';
import { LmdbStorage } from '../../storage/LmdbStorage.js';
import { ApiKeyStore } from './ApiKeyStore.js';

/**
 * Opens the API keys of the node database in `dataDir` for `sequin keys`, whether or not a node
 * is running on it (the database is opened shared: LMDB serialises the writers, and the node
 * sees a change at its next request). Creates the directory and database when missing, so keys
 * can be made before the node first starts. Call `close` when done.
 */
export function openApiKeyStore(dataDir: string): { store: ApiKeyStore; close: () => Promise<void> } {
  mkdirSync(dataDir, { recursive: true });
  const storage = new LmdbStorage(dataDir);
  return { store: new ApiKeyStore(storage), close: () => storage.close() };
}
