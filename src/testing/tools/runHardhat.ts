/**
 * Runs Hardhat tasks the way a user's terminal would: Hardhat 3's on the Node 22 binary that
 * test/tools/hardhat installs (call ensureHardhatInstalled() first, e.g. in beforeAll), and Hardhat
 * 2's with {@link runHardhat2}:
 *
 *   await runHardhatScript(project.dir, 'scripts/chainInfo.ts', { rpcUrl: node.url, privateKey });
 *   await runIgnitionDeploy(project.dir, 'ignition/modules/Counter.ts', { rpcUrl: node.url, privateKey });
 *
 * Both select the fixture's network `sequin`, whose URL and deployer key are Hardhat config
 * variables read from SEQUIN_RPC_URL and SEQUIN_PRIVATE_KEY (test/fixtures/hardhat/hardhat.config.ts).
 */
import type { RunToolOptions, ToolResult } from './runTool.js';
import { runTool } from './runTool.js';
import { HARDHAT_CLI, HARDHAT2_CLI, NODE22 } from './toolPaths.js';

/** Runs `hardhat ...args` in `projectDir` (a Hardhat project, see copyHardhatProject). */
export function runHardhat(projectDir: string, args: readonly string[], options: Omit<RunToolOptions, 'cwd'> = {}): Promise<ToolResult> {
  return runTool(NODE22, [HARDHAT_CLI, ...args], {
    ...options,
    cwd: projectDir,
    // Telemetry is off for non-interactive runs anyway; this makes it explicit (no network here).
    env: { HARDHAT_DISABLE_TELEMETRY: 'true', ...options.env },
  });
}

/**
 * Runs Hardhat 2's `hardhat ...args` in `projectDir` (a Hardhat 2 project, see copyHardhat2Project) on
 * the system Node (call ensureHardhat2Installed() first).
 */
export function runHardhat2(projectDir: string, args: readonly string[], options: Omit<RunToolOptions, 'cwd'> = {}): Promise<ToolResult> {
  return runTool(process.execPath, [HARDHAT2_CLI, ...args], {
    ...options,
    cwd: projectDir,
    env: { HARDHAT_DISABLE_TELEMETRY: 'true', ...options.env },
  });
}

/** The node a Hardhat task talks to, through the fixture's network `sequin`. */
export interface HardhatNetworkOptions extends Omit<RunToolOptions, 'cwd'> {
  /** JSON-RPC URL of the node (Sequin or Anvil). */
  rpcUrl: string;
  /** Key of the account that signs (SEQUIN_PRIVATE_KEY). */
  privateKey: string;
}

function networkEnvironment(options: HardhatNetworkOptions): Record<string, string> {
  return { SEQUIN_RPC_URL: options.rpcUrl, SEQUIN_PRIVATE_KEY: options.privateKey, ...options.env };
}

/** `hardhat run <script> --network sequin`: compiles the project, then runs the script. */
export function runHardhatScript(projectDir: string, script: string, options: HardhatNetworkOptions): Promise<ToolResult> {
  return runHardhat(projectDir, ['run', script, '--network', 'sequin'], { ...options, env: networkEnvironment(options) });
}

/**
 * `hardhat ignition deploy <module> --network sequin ...extraArgs`. Ignition asks for confirmation
 * before deploying to any chain but 31337; HARDHAT_IGNITION_CONFIRM_DEPLOYMENT answers it, as
 * in a CI script.
 */
export function runIgnitionDeploy(projectDir: string, module: string, options: HardhatNetworkOptions, extraArgs: readonly string[] = []): Promise<ToolResult> {
  return runHardhat(projectDir, ['ignition', 'deploy', module, '--network', 'sequin', ...extraArgs], {
    ...options,
    env: { HARDHAT_IGNITION_CONFIRM_DEPLOYMENT: 'true', ...networkEnvironment(options) },
  });
}
