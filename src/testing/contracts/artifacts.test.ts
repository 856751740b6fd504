// Guards against drift between the .sol sources and the committed artifacts.ts: recompiles
// the sources with solc (about a second) and requires the result to match exactly.

import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  ARTIFACTS_PATH,
  type CompileResult,
  compileContracts,
  REGENERATE_COMMAND,
  recordedSolcVersion,
  renderArtifacts,
} from '../../../scripts/compile-contracts.js';
import * as committed from './artifacts.js';

const stale = `artifacts.ts is stale; regenerate it with \`${REGENERATE_COMMAND}\``;

describe('compiled test contracts', () => {
  const committedSource = readFileSync(ARTIFACTS_PATH, 'utf8');
  let compiled: CompileResult;

  it('compile cleanly with the solc version recorded in artifacts.ts', () => {
    compiled = compileContracts();
    expect(compiled.warnings, 'solc warnings').toEqual([]);
    expect(compiled.solcVersion, 'installed solc differs from the one artifacts.ts was generated with (npm ci, or regenerate)').toBe(
      recordedSolcVersion(committedSource),
    );
  });

  it('match the committed artifacts', () => {
    compiled ??= compileContracts();
    const exported = committed as Record<string, unknown>;
    expect(Object.keys(exported).sort(), stale).toEqual(compiled.contracts.map((c) => c.exportName).sort());
    for (const c of compiled.contracts) {
      expect(exported[c.exportName], `${c.exportName}: ${stale}`).toEqual({
        abi: c.abi,
        bytecode: c.bytecode,
        deployedBytecode: c.deployedBytecode,
      });
    }
    // Byte-for-byte, so hand edits to the generated file are caught too.
    expect(renderArtifacts(compiled) === committedSource, stale).toBe(true);
  });

  it('expose the expected ABIs', () => {
    const fn = (abi: readonly { type: string; name?: string }[]) => abi.filter((e) => e.type === 'function').map((e) => e.name);
    expect(fn(committed.testTokenArtifact.abi)).toEqual(
      expect.arrayContaining(['transfer', 'transferFrom', 'approve', 'allowance', 'balanceOf', 'totalSupply']),
    );
    expect(fn(committed.reverterArtifact.abi)).toEqual(
      expect.arrayContaining(['revertWithReason', 'revertWithCustomError', 'revertEmpty', 'panicAssert', 'okIfEnoughGas', 'alwaysReverts']),
    );
    expect(fn(committed.counterArtifact.abi)).toEqual(expect.arrayContaining(['count', 'increment', 'add']));
    expect(fn(committed.gasHeavyArtifact.abi)).toEqual(expect.arrayContaining(['burn', 'callWithForwardedGas', 'refundDance']));
  });
});
