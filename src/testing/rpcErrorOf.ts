import { onTheWire } from './onTheWire.js';

/** Runs `run`, which must throw a domain error (or JsonRpcError), and returns the code and message a client would get. */
export function rpcErrorOf(run: () => unknown): { code: number; message: string } {
  try {
    run();
  } catch (error) {
    const { code, message } = onTheWire(error);
    return { code, message };
  }
  throw new Error('expected an error');
}
