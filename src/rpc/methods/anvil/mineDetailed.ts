import { ErrorCodes } from '../../errors/errorCodes.js';
import { mineOptions } from '../../schemas/anvilParams.js';
import { Schema } from '../../schemas/jsonSchema.js';
import { defineMethod } from '../../server/MethodDefinition.js';

/** anvil_mine_detailed: evm_mine, answering the mined blocks with their full transactions. */
export const anvilMineDetailed = defineMethod({
  name: 'anvil_mine_detailed',
  aliases: ['evm_mine_detailed'],
  summary: 'Mines like evm_mine and returns the mined blocks with full transactions.',
  tier: 'dedicated',
  params: [{ name: 'options', decode: mineOptions, optional: true }],
  result: { name: 'blocks', schema: Schema.arrayOf(Schema.block) },
  errors: [
    { code: ErrorCodes.invalidParams, when: 'a timestamp not after the previous block\'s ("Timestamp error: …"), or more blocks than the node mines at once' },
  ],
  handler: (backend, [options]) => backend.mining.evmMineDetailed(options),
});
