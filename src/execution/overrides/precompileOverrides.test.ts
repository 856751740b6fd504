import { describe, expect, it } from 'vitest';
import { InvalidOverrideError } from '../../errors/InvalidOverrideError.js';
import { applyPrecompileEdits, planPrecompileEdits } from './precompileOverrides.js';
import type { AccountOverride, StateOverride } from './StateOverride.js';

const ECRECOVER = `${'00'.repeat(19)}01`;
const SHA256 = `${'00'.repeat(19)}02`;
const ACTIVE = new Set([ECRECOVER, SHA256]);
const TARGET = 'c2'.repeat(20);
const OTHER = 'c0'.repeat(20);

const plan = (entries: Array<[string, AccountOverride]>, active: ReadonlySet<string> = ACTIVE) =>
  planPrecompileEdits(new Map(entries) as StateOverride, active);

function problemOf(work: () => unknown): unknown {
  try {
    work();
  } catch (error) {
    if (error instanceof InvalidOverrideError) return error.problem;
    throw error;
  }
  return undefined;
}

describe('planPrecompileEdits (geth StateOverride.Apply)', () => {
  it('moves a precompile: it runs at the new address and no longer at the old one', () => {
    const edits = plan([[ECRECOVER, { movePrecompileToAddress: TARGET }]]);
    expect(edits).toEqual([
      { kind: 'move', from: ECRECOVER, to: TARGET },
      { kind: 'remove', address: ECRECOVER },
    ]);
    const active = new Map([
      [ECRECOVER, 'ecrecover'],
      [SHA256, 'sha256'],
    ]);
    expect(applyPrecompileEdits(active, edits)).toEqual(
      new Map([
        [SHA256, 'sha256'],
        [TARGET, 'ecrecover'],
      ]),
    );
    expect(active.size).toBe(2);
  });

  it('any override of a precompile turns it into a plain account (code overrides replace it)', () => {
    expect(plan([[SHA256, { code: Uint8Array.from([0]) }]])).toEqual([{ kind: 'remove', address: SHA256 }]);
    expect(plan([[OTHER, { balance: 1n }]])).toEqual([]);
  });

  it('refuses what geth refuses, in address order', () => {
    expect(problemOf(() => plan([[OTHER, { movePrecompileToAddress: TARGET }]]))).toEqual({ kind: 'notPrecompile', address: `0x${OTHER}` });
    expect(problemOf(() => plan([[ECRECOVER, { movePrecompileToAddress: ECRECOVER }]]))).toEqual({ kind: 'targetOverridden', address: `0x${ECRECOVER}` });
    expect(
      problemOf(() =>
        plan([
          [ECRECOVER, { movePrecompileToAddress: TARGET }],
          [TARGET, { balance: 1n }],
        ]),
      ),
    ).toEqual({ kind: 'targetOverridden', address: `0x${TARGET}` });
    expect(problemOf(() => plan([[OTHER, { state: new Map(), stateDiff: new Map() }]]))).toEqual({ kind: 'stateAndStateDiff', address: `0x${OTHER}` });
    // eth_createAccessList checks against no precompiles at all: every move fails.
    expect(problemOf(() => plan([[ECRECOVER, { movePrecompileToAddress: TARGET }]], new Set()))).toEqual({ kind: 'notPrecompile', address: `0x${ECRECOVER}` });
  });

  it('two precompiles moved to one address: the later one (by address) wins, as in geth', () => {
    const edits = plan([
      [SHA256, { movePrecompileToAddress: TARGET }],
      [ECRECOVER, { movePrecompileToAddress: TARGET }],
    ]);
    const active = new Map([
      [ECRECOVER, 'ecrecover'],
      [SHA256, 'sha256'],
    ]);
    expect(applyPrecompileEdits(active, edits)).toEqual(new Map([[TARGET, 'sha256']]));
  });
});
