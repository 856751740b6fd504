import type { TestChain } from './createTestChain.js';

/** Runs one sequencer interval: the pool's executable txs are pre-confirmed in a sub-block. */
export async function preconfirm(chain: TestChain): Promise<void> {
  await chain.clock.advance(chain.config.preconfIntervalMs);
}

/** Runs intervals until the open block is sealed; returns the new head's number. */
export async function sealBlock(chain: TestChain): Promise<number> {
  const head = chain.backend.blocks.blockNumber();
  while (chain.backend.blocks.blockNumber() === head) await chain.clock.advance(chain.config.preconfIntervalMs);
  return Number(chain.backend.blocks.blockNumber());
}
