import { describe, expect, it } from 'vitest';
import { describeToolResult, runTool } from './runTool.js';

describe('runTool', () => {
  it('captures stdout, stderr, stdin and the exit code of a failing tool', async () => {
    const script =
      "process.stdin.on('data', (d) => process.stdout.write('got ' + d)); process.stdin.on('end', () => { console.error('oops'); process.exit(3); });";
    const result = await runTool(process.execPath, ['-e', script], { input: 'hello' });
    expect(result).toMatchObject({ exitCode: 3, signal: null, stdout: 'got hello', stderr: 'oops\n', timedOut: false });
    expect(describeToolResult(result)).toContain('→ exit 3');
  });

  it('kills a tool that outlives its timeout, with the processes it started', async () => {
    // The tool starts a grandchild that would print after 3 s; both must be gone at the timeout.
    const script =
      "require('node:child_process').spawn(process.execPath, ['-e', 'setTimeout(() => console.log(\"late\"), 3000)'], { stdio: 'inherit' }); setInterval(() => {}, 1000);";
    const result = await runTool(process.execPath, ['-e', script], { timeoutMs: 300 });
    expect(result.timedOut).toBe(true);
    expect(result.signal).toBe('SIGKILL');
    expect(result.durationMs).toBeLessThan(2_500);
    expect(result.stdout).toBe('');
  });

  it('rejects when the executable does not exist', async () => {
    await expect(runTool('/nonexistent/tool', [])).rejects.toThrow('/nonexistent/tool: could not start');
  });
});
