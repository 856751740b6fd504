import { ErrorCodes } from '../../errors/errorCodes.js';
import { optionalAnvilNumber } from '../../schemas/anvilParams.js';
import { Schema } from '../../schemas/jsonSchema.js';
import { defineMethod } from '../../server/MethodDefinition.js';

const params = [
  { name: 'blocks', decode: optionalAnvilNumber, optional: true },
  { name: 'intervalSeconds', decode: optionalAnvilNumber, optional: true },
] as const;

/**
 * anvil_mine: mines `blocks` blocks now (default 1), in any mining mode, each with what the pool
 * can execute; with an interval, the chain's clock moves that many seconds forward before the
 * first block, and each later block is stamped exactly that many seconds after the one before it.
 * Answers null, as Anvil.
 */
export const anvilMine = defineMethod({
  name: 'anvil_mine',
  summary: 'Mines blocks now (default 1), optionally an interval in seconds apart (the clock moved by it before the first).',
  tier: 'dedicated',
  params,
  result: { name: 'null', schema: Schema.null },
  errors: [{ code: ErrorCodes.invalidParams, when: 'more blocks than the node mines at once ("cannot mine more than N blocks at once, …")' }],
  handler: async (backend, [blocks, interval]) => {
    await backend.mining.mine(blocks, interval);
    return null;
  },
});

/** hardhat_mine: anvil_mine answering true, as Hardhat. */
export const hardhatMine = defineMethod({
  name: 'hardhat_mine',
  summary: 'Mines blocks now (default 1), optionally an interval in seconds apart (the clock moved by it before the first); returns true.',
  tier: 'dedicated',
  params,
  result: { name: 'mined', schema: Schema.boolean },
  errors: [{ code: ErrorCodes.invalidParams, when: 'more blocks than the node mines at once ("cannot mine more than N blocks at once, …")' }],
  handler: async (backend, [blocks, interval]) => {
    await backend.mining.mine(blocks, interval);
    return true;
  },
});
