import type { Hex } from '../../primitives/hex.js';

/**
 * Who signs the chain's sub-block commitments (issue 26): the sequencer key's address on chain `chainId`.
 * A node with a key knows it from the start; a fleet's replica learns it from the fleet (fleet/sharedSequencer.ts).
 */
export class SequencerIdentity {
  /** How an unknown address is asked again (set by a fleet's replica, which may start before any sequencer). */
  lookUp: () => Promise<Hex | undefined> = async () => undefined;

  constructor(
    readonly chainId: bigint,
    private known: Hex | undefined,
  ) {}

  /** The address as known now. */
  get address(): Hex | undefined {
    return this.known;
  }

  /** The address, looked up again while unknown. */
  async resolve(): Promise<Hex | undefined> {
    this.known ??= await this.lookUp();
    return this.known;
  }

  /** Sets the address once learned. */
  learn(address: Hex): void {
    this.known = address;
  }
}
