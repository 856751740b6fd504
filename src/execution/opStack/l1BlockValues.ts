/**
 * What L1Block (0x4200…0015) holds, read straight from its storage as op-geth and op-revm read it for
 * fees (core/types/rollup_cost.go; the Isthmus and Jovian exec-engine specs give the slots):
 *
 *   slot 0   number (uint64, bytes 24–32) · timestamp (uint64, bytes 16–24)
 *   slot 1   basefee          slot 2   hash          slot 4   batcherHash
 *   slot 3   sequenceNumber (24–32) · blobBaseFeeScalar (20–24) · baseFeeScalar (16–20)
 *   slot 5   l1FeeOverhead    slot 6   l1FeeScalar (Bedrock)      slot 7   blobBaseFee
 *   slot 8   operatorFeeScalar (28–32) · operatorFeeConstant (20–28) · daFootprintGasScalar (18–20)
 */
import { L1_BLOCK } from '../../config/opStack/predeployAddresses.js';
import { bytesToBigint, padBytes } from '../../primitives/hex.js';
import type { StateReader } from '../StateReader.js';

export interface L1BlockValues {
  number: bigint;
  timestamp: bigint;
  baseFee: bigint;
  hash: Uint8Array;
  sequenceNumber: bigint;
  baseFeeScalar: bigint;
  blobBaseFeeScalar: bigint;
  batcherHash: Uint8Array;
  overhead: bigint;
  scalar: bigint;
  blobBaseFee: bigint;
  operatorFeeScalar: bigint;
  operatorFeeConstant: bigint;
  daFootprintGasScalar: bigint;
}

/** L1Block's values in `state`. */
export function readL1Block(state: StateReader): L1BlockValues {
  const slot = (index: number) => padBytes(state.storage(L1_BLOCK, index.toString(16).padStart(64, '0')), 32);
  const part = (word: Uint8Array, from: number, to: number) => bytesToBigint(word.subarray(from, to));
  const times = slot(0);
  const scalars = slot(3);
  const operator = slot(8);
  return {
    number: part(times, 24, 32),
    timestamp: part(times, 16, 24),
    baseFee: bytesToBigint(slot(1)),
    hash: slot(2),
    sequenceNumber: part(scalars, 24, 32),
    blobBaseFeeScalar: part(scalars, 20, 24),
    baseFeeScalar: part(scalars, 16, 20),
    batcherHash: slot(4),
    overhead: bytesToBigint(slot(5)),
    scalar: bytesToBigint(slot(6)),
    blobBaseFee: bytesToBigint(slot(7)),
    operatorFeeScalar: part(operator, 28, 32),
    operatorFeeConstant: part(operator, 20, 28),
    daFootprintGasScalar: part(operator, 18, 20),
  };
}
