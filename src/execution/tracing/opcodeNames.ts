/** Opcodes geth's tracers single out. */
export const OP = {
  SLOAD: 0x54,
  SSTORE: 0x55,
  BALANCE: 0x31,
  EXTCODESIZE: 0x3b,
  EXTCODECOPY: 0x3c,
  EXTCODEHASH: 0x3f,
  CREATE: 0xf0,
  CALL: 0xf1,
  CALLCODE: 0xf2,
  DELEGATECALL: 0xf4,
  CREATE2: 0xf5,
  STATICCALL: 0xfa,
  INVALID: 0xfe,
  SELFDESTRUCT: 0xff,
  LOG0: 0xa0,
  LOG4: 0xa4,
} as const;

/** The opcodes that start a call frame with gas they choose (geth charges that gas as the opcode's cost). */
export function isCallOpcode(op: number): boolean {
  return op === OP.CALL || op === OP.CALLCODE || op === OP.DELEGATECALL || op === OP.STATICCALL;
}

/**
 * geth's name for an opcode, from @ethereumjs/evm's: the same except 0x44, which geth still
 * calls DIFFICULTY, and undefined bytes, which geth prints as "opcode 0xc not defined".
 */
export function gethOpcodeName(code: number, ethereumjsName: string): string {
  if (code === 0x44) return 'DIFFICULTY';
  if (ethereumjsName === 'INVALID' && code !== OP.INVALID) return `opcode 0x${code.toString(16)} not defined`;
  return ethereumjsName;
}
