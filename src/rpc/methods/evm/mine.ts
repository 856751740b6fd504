import { ErrorCodes } from '../../errors/errorCodes.js';
import { mineOptions } from '../../schemas/anvilParams.js';
import { Schema } from '../../schemas/jsonSchema.js';
import { defineMethod } from '../../server/MethodDefinition.js';

/**
 * evm_mine: mines one block now (or `blocks`), in any mining mode, the first at `timestamp` when
 * given (a number, or `{ timestamp, blocks }`). Answers "0x0", as Anvil (Ganache's placeholder).
 */
export const evmMine = defineMethod({
  name: 'evm_mine',
  summary: 'Mines a block now (optionally at a timestamp, or several); returns "0x0".',
  tier: 'dedicated',
  params: [{ name: 'options', decode: mineOptions, optional: true }],
  result: { name: 'placeholder', schema: Schema.string },
  errors: [
    { code: ErrorCodes.invalidParams, when: 'a timestamp not after the previous block\'s ("Timestamp error: …"), or more blocks than the node mines at once' },
  ],
  handler: async (backend, [options]) => {
    await backend.mining.evmMine(options);
    return '0x0';
  },
});
