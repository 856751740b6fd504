/**
 * EVM programs (hex, no 0x) that the execution-deadline tests run: ones that only a time cap ends, and
 * ones whose answers depend on the gas they are given (GAS, the 63/64 rule), which must come out the
 * same on every execution lane. Shared by src/execution/executionDeadline.test.ts (in process),
 * src/execution/callWorker/WorkerLanes.test.ts (call workers), test/e2e/instantModeCalls.test.ts and
 * test/e2e/fairExecution.test.ts (a real node), and the bench.
 */

const word = (value: bigint) => value.toString(16).padStart(64, '0');

/** One BN254 pair, the generators of G1 and G2 (EIP-197's encoding: G2's coordinates imaginary part first). */
export const BN254_GENERATOR_PAIR =
  word(1n) +
  word(2n) +
  word(11559732032986387107991004021392285783925812861821192530917403151452391805634n) +
  word(10857046999023057135944570762232829481370756359578518086990519993285655852781n) +
  word(4082367875863433681332203403145435568316851327593401208105741076214120093531n) +
  word(8495653923123431417604973247489272438418190587263600148770280649306958101930n);

/** JUMPDEST; PUSH1 0; JUMP: loops until its gas runs out. */
export const ENDLESS_LOOP = '5b600056';

/**
 * `program` (hex) followed by `salt` as four bytes it never reaches (it loops, or returns, before them): the
 * same execution as a request of its own, so no call cache answers it (test/e2e/fairExecution.test.ts and
 * the bench's endless-loop fairness row send such calls).
 */
export function withUnreachableSalt(program: string, salt: number): string {
  return `${program}${salt.toString(16).padStart(8, '0')}`;
}

/**
 * Init code that copies two pairs (appended after its 27 bytes) to memory, then STATICCALLs the
 * pairing precompile (0x08) with them forever, its answer written after them: PUSH2 384 PUSH1 27
 * PUSH1 0 CODECOPY; loop: JUMPDEST PUSH1 32 PUSH2 384 PUSH2 384 PUSH1 0 PUSH1 8 GAS STATICCALL POP
 * PUSH1 8 JUMP. Each round takes milliseconds (two pairings in JavaScript).
 */
export const PAIRING_LOOP = `610180601b600039 5b 6020 610180 610180 6000 6008 5a fa 50 6008 56${BN254_GENERATOR_PAIR}${BN254_GENERATOR_PAIR}`.replaceAll(
  ' ',
  '',
);

/**
 * Init code that STATICCALLs the ECRECOVER precompile (0x01) forever with a signature it recovers a key
 * from (hash 1, v 27, r 1, s 1), so most of the time goes to native secp256k1: MSTOREs of 1, 27, 1, 1 at
 * 0, 32, 64, 96; loop: JUMPDEST PUSH1 32 PUSH1 128 PUSH1 128 PUSH1 0 PUSH1 1 GAS STATICCALL POP PUSH1 20 JUMP.
 */
export const ECRECOVER_LOOP = '6001600052 601b602052 6001604052 6001606052 5b 6020 6080 6080 6000 6001 5a fa 50 6014 56'.replaceAll(' ', '');

/** Returns GAS: what the 63/64 rule left it. */
export const RETURN_GAS = '5a60005260206000f3';

/** Counts down from 200, then stops: gas its caller must forward. */
export const COUNT_DOWN = '60c85b600190038060025700';

/**
 * CALLs `burner` (COUNT_DOWN's address, 40 hex digits) with all its gas, reverting if that fails, then
 * returns what `child` (RETURN_GAS's) answers to a STATICCALL with all its gas.
 */
export function callBothWithAllGas(burner: string, child: string): string {
  return `60006000600060006000 73${burner} 5af1 6028 57 6000 80 fd 5b 6020 6000 6000 6000 73${child} 5afa 50 6020 6000 f3`.replaceAll(' ', '');
}
