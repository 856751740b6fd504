import type { Hex } from '../../primitives/hex.js';
import type { PoolRemoval } from '../../txpool/PoolRemoval.js';

/**
 * anvil_dropTransaction, anvil_dropAllTransactions, anvil_removePoolTransactions: pool
 * transactions taken out on request, the journal updated before the call returns (a restart
 * does not bring them back). Transactions already being pre-confirmed are not in the pool for
 * this purpose (txpool/PoolRemoval.ts).
 */
export class PoolControl {
  constructor(private readonly removal: Pick<PoolRemoval, 'dropTransaction' | 'dropAll' | 'dropSender'>) {}

  /** The dropped tx's hash (its later nonces go with it), or null when the pool does not hold it (Anvil's answer). */
  async dropTransaction(hash: Hex): Promise<Hex | null> {
    return (await this.removal.dropTransaction(hash)) ?? null;
  }

  async dropAllTransactions(): Promise<void> {
    await this.removal.dropAll();
  }

  async removePoolTransactions(address: Uint8Array): Promise<void> {
    await this.removal.dropSender(Buffer.from(address).toString('hex'));
  }
}
