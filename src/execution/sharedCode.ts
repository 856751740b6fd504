/** Bytes of contract code kept on a thread before the cache starts over. */
const SHARED_CODE_BYTES = 64 * 1024 * 1024;

const codes = new Map<string, Uint8Array>();
let codeBytes = 0;

/**
 * Contract code by code hash, one object per hash for every state reader on this thread (the
 * pending state, each block's state, each job's). Code is content-addressed: the bytes behind a hash
 * never change, on any block, after any rewind, so one cache serves every version and every epoch.
 * Sharing the object matters beyond the LMDB read it saves: the EVM's jump analysis is kept per code
 * object (cacheJumpAnalysis.ts), and an instant-mined chain reads each block's state through a new
 * reader, so code read anew each block was analysed anew each block (a third of the analyses in a
 * Hardhat suite's run).
 *
 * `read` fetches the code on a miss; empty code (no code, or none stored) is not kept.
 */
export function sharedCode(codeHash: string, read: () => Uint8Array): Uint8Array {
  let code = codes.get(codeHash);
  if (code === undefined) {
    code = read();
    rememberCode(codeHash, code);
  }
  return code;
}

/** Keeps `code`, just written or deployed, as the object every reader gets for `codeHash` (unless one is kept). */
export function rememberCode(codeHash: string, code: Uint8Array): void {
  if (code.length === 0 || codes.has(codeHash)) return;
  if (codeBytes + code.length > SHARED_CODE_BYTES) {
    codes.clear();
    codeBytes = 0;
  }
  codes.set(codeHash, code);
  codeBytes += code.length;
}
