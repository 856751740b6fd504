/**
 * The README's five-minute tour, run as a reader runs it: its cast commands in bash and its viem
 * snippets in Node, taken from the README itself, against the real node process (the README's
 * http://127.0.0.1:8545 replaced by the node's ephemeral port). A value a line promises in a
 * comment (`# 31337`, `// 5 ETH at block 4n`) must be what it prints, so the tour cannot drift
 * from the node.
 */
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cleanupNodeProcesses, type NodeProcess, startNodeProcess } from '../../src/testing/startNodeProcess.js';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const README = readFileSync(new URL('../../README.md', import.meta.url), 'utf8');
const README_URL = 'http://127.0.0.1:8545';

/** The `index`-th fenced block of `language` after the heading `heading`. */
function blockAfter(heading: string, language: string, index = 0): string {
  const start = README.indexOf(`\n${heading}\n`);
  if (start === -1) throw new Error(`README has no heading "${heading}"`);
  const blocks = [...README.slice(start).matchAll(new RegExp(`\`\`\`${language}\\n([\\s\\S]*?)\`\`\``, 'g'))];
  const block = blocks[index]?.[1];
  if (block === undefined) throw new Error(`README has no ${language} block #${index} after "${heading}"`);
  return block;
}

/** Runs `command` with `input` on stdin in the repository's root (where `npx cast`, `viem` and `sequin/chain` resolve). */
function run(command: string, args: string[], input: string): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: ROOT, env: { ...process.env, ETH_RPC_URL: '' }, stdio: ['pipe', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => (stdout += chunk));
    child.stderr.on('data', (chunk) => (stderr += chunk));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
    child.stdin.end(input);
  });
}

let node: NodeProcess;
let instantNode: NodeProcess;

beforeAll(async () => {
  [node, instantNode] = await Promise.all([startNodeProcess(), startNodeProcess({ args: ['--mining', 'instant'] })]);
});
afterAll(cleanupNodeProcesses);

describe("the README's tour", () => {
  it('runs its cast commands as printed, each printing what its comment says', { timeout: 60_000 }, async () => {
    const lines = blockAfter('### With cast', 'sh')
      .split('\n')
      .filter((line) => line.trim() !== '');
    // Each command is preceded by a marker, so its output can be told from the others'.
    const script = ['set -euo pipefail', ...lines.flatMap((line, index) => [`echo "@@${index}"`, line.replaceAll(README_URL, node.url)])].join('\n');
    const result = await run('bash', ['-s'], script);
    expect(result.code, result.stderr).toBe(0);
    const outputs = result.stdout.split(/^@@\d+\n/m).slice(1);
    expect(outputs).toHaveLength(lines.length);
    lines.forEach((line, index) => {
      const promised = /#\s*(\S+)\s*$/.exec(line)?.[1];
      const printed = outputs[index]!.trim();
      if (promised !== undefined && printed !== '') expect(printed, line).toBe(promised);
    });
    const send = lines.findIndex((line) => line.includes('cast send'));
    expect(outputs[send]).toMatch(/^status\s+1 \(success\)$/m);
  });

  it('runs its viem snippet: a pre-confirmed receipt, the pending balance, a sync send', { timeout: 60_000 }, async () => {
    const result = await run('node', ['--input-type=module'], blockAfter('### With viem', 'js').replaceAll(README_URL, node.url));
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toMatch(/^pre-confirmed in block \d+n with blockHash 0x[0-9a-f]{64}$/m);
    expect(result.stdout).toMatch(/^balance at pending: \d+$/m);
    expect(result.stdout).toMatch(/^sync send: success$/m);
  });

  it('runs its test-suite snippet on an instant-mining node, printing what its comments say', { timeout: 60_000 }, async () => {
    const heading = '### For test suites: instant mining and dev methods';
    expect(blockAfter(heading, 'sh')).toContain('--mining instant');
    const snippet = blockAfter(heading, 'js');
    const promised = [...snippet.matchAll(/console\.log\(.*\); \/\/ (.+)$/gm)].map((match) => match[1]);
    expect(promised.length).toBeGreaterThan(0);
    const result = await run('node', ['--input-type=module'], snippet.replaceAll(README_URL, instantNode.url));
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout.trim().split('\n')).toEqual(promised);
  });
});
