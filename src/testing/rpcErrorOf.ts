import { RpcError } from '../errors/RpcError.js';

/** Runs `run`, which must throw an RpcError, and returns its code and message (tests of node-layer errors). */
export function rpcErrorOf(run: () => unknown): { code: number; message: string } {
  try {
    run();
  } catch (error) {
    if (error instanceof RpcError) return { code: error.code, message: error.message };
    throw error;
  }
  throw new Error('expected an RpcError');
}
