// The commitment is declared twice on purpose: by the node (src/chain/subBlockCommitment.ts) and by
// the standalone verifier (web/verify/commitment.ts), which runs in a browser and must not import the
// node. This pins the two declarations to one another: the same fields, the same EIP-712 type, the
// same hash for a commitment.

import { bytesToHex, hashTypedData } from 'viem';
import { describe, expect, expectTypeOf, it } from 'vitest';
import { COMMITMENT_TYPE, commitmentHash, type SubBlockCommitment as NodeCommitment } from '../../src/chain/subBlockCommitment.js';
import { COMMITMENT_TYPES, type SubBlockCommitment as VerifierCommitment } from '../../web/verify/commitment.js';

const commitment: NodeCommitment = {
  blockNumber: '0x2a',
  index: '0x3',
  previous: `0x${'11'.repeat(32)}`,
  timestamp: '0x6789abcd',
  baseFeePerGas: '0x3b9aca00',
  transactionCount: '0x7',
  firstLogIndexesHash: `0x${'22'.repeat(32)}`,
  transactionsRoot: `0x${'33'.repeat(32)}`,
  receiptsRoot: `0x${'44'.repeat(32)}`,
  stateRoot: `0x${'55'.repeat(32)}`,
};

describe('the sub-block commitment, as the node and the verifier declare it', () => {
  it('has the same fields in both', () => {
    expectTypeOf<NodeCommitment>().toEqualTypeOf<VerifierCommitment>();
  });

  it('has the same EIP-712 type in both', () => {
    const fields = COMMITMENT_TYPES.SubBlockCommitment.map(({ type, name }) => `${type} ${name}`).join(',');
    expect(COMMITMENT_TYPE).toBe(`SubBlockCommitment(${fields})`);
  });

  it('hashes to what viem hashes from the verifier types', () => {
    const chainId = 31337n;
    const message = Object.fromEntries(
      Object.entries(commitment).map(([key, value]) => [key, key === 'previous' || key.endsWith('Hash') || key.endsWith('Root') ? value : BigInt(value)]),
    );
    const viaViem = hashTypedData({
      domain: { name: 'Sequin', version: '1', chainId },
      types: COMMITMENT_TYPES,
      primaryType: 'SubBlockCommitment',
      message: message as never,
    });
    expect(bytesToHex(commitmentHash(commitment, chainId))).toBe(viaViem);
  });
});
