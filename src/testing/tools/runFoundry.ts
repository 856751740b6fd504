/**
 * Runs Foundry's `forge` and `cast` (the npm-installed binaries, see toolPaths.ts) as a user
 * would from a shell, capturing exit code, stdout and stderr:
 *
 *   await runCast(['chain-id', '--rpc-url', node.url]);
 *   await runForge(['script', 'script/Counter.s.sol', '--rpc-url', node.url, '--broadcast', …], { cwd: project.dir });
 */

import { type RunToolOptions, runTool, type ToolResult } from './runTool.js';
import { CAST, FORGE } from './toolPaths.js';

/** Runs `forge ...args`, normally with `cwd` set to a Foundry project (see copyFoundryProject). */
export function runForge(args: readonly string[], options: RunToolOptions = {}): Promise<ToolResult> {
  return runTool(FORGE, args, options);
}

/** Runs `cast ...args`. */
export function runCast(args: readonly string[], options: RunToolOptions = {}): Promise<ToolResult> {
  return runTool(CAST, args, options);
}
