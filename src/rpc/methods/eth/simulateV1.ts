import type { Hex } from '../../../primitives/hex.js';
import type { SimulatedRpcBlock, SimulatedRpcCall } from '../../../services/simulate/simulatedBlockView.js';
import { ErrorCodes } from '../../errors/errorCodes.js';
import { optionalBlockSelector } from '../../schemas/blockDecoders.js';
import { Schema } from '../../schemas/jsonSchema.js';
import { simulationRequest } from '../../schemas/simulationDecoders.js';
import { defineMethod } from '../../server/MethodDefinition.js';
import { MethodErrors } from '../methodErrors.js';

/**
 * eth_simulateV1 (execution-apis; geth's implementation): runs calls in one or more simulated
 * blocks on top of a block ("pending" too), with block and state overrides per block, optional
 * validation, ETH transfers as logs, and full transactions. Nothing is kept. Each call's error
 * carries code 3 (reverted, with the revert data) or -32015 (an EVM error), as geth's does.
 */
export const simulateV1 = defineMethod({
  name: 'eth_simulateV1',
  summary: 'Simulates calls in a sequence of blocks, with block and state overrides, and returns the blocks.',
  tier: 'public',
  params: [
    { name: 'payload', decode: simulationRequest },
    { name: 'block', decode: optionalBlockSelector, optional: true },
  ],
  result: { name: 'blocks', schema: Schema.arrayOf(Schema.simulatedBlock) },
  errors: [
    MethodErrors.headerNotFound,
    {
      code: ErrorCodes.nonceTooLow,
      when: 'and the other -38010 … -38026 codes of the execution-apis spec: a call or block the simulation cannot run (nonce, base fee, intrinsic gas, funds, block gas, block numbers or timestamps, init code size, too many blocks or calls)',
    },
  ],
  handler: async (backend, [request, block]) => (await backend.simulation.simulate(request, block)).map(withErrorCodes),
});

/** A simulated call as answered: its failure, if any, with geth's code (3 for a revert, -32015 for an EVM error). */
type AnsweredCall = Omit<SimulatedRpcCall, 'error'> & { error?: { message: string; code: number; data?: Hex } };

/** Gives each failed call's error geth's code. */
function withErrorCodes(block: SimulatedRpcBlock): Omit<SimulatedRpcBlock, 'calls'> & { calls: AnsweredCall[] } {
  return { ...block, calls: block.calls.map(withErrorCode) };
}

function withErrorCode({ error: failure, ...call }: SimulatedRpcCall): AnsweredCall {
  if (failure === undefined) return call;
  const code = failure.kind === 'reverted' ? ErrorCodes.executionReverted.code : ErrorCodes.vmError.code;
  return { ...call, error: { message: failure.message, code, ...(failure.data === undefined ? {} : { data: failure.data }) } };
}
