/**
 * Copies a tool project fixture (test/fixtures/foundry, hardhat or hardhat2) into a fresh
 * temporary directory, so every run starts clean and runs never share build output, broadcast
 * logs or Ignition journals (Ignition would otherwise "resume" a deployment made on an earlier,
 * long-gone node with the same chain id). Call {@link removeFixtureCopies} in `afterAll`.
 *
 *   copyFoundryProject()  → foundry.toml's relative `solc` path made absolute (the wrapper in test/tools/solc)
 *   copyHardhatProject()  → node_modules linked to test/tools/hardhat/node_modules, where Hardhat is installed
 *   copyHardhat2Project() → node_modules linked to test/tools/hardhat2/node_modules, where Hardhat 2 is installed
 */
import { cpSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative, sep } from 'node:path';
import { FOUNDRY_FIXTURE, HARDHAT_FIXTURE, HARDHAT_TOOLS_DIR, HARDHAT2_FIXTURE, HARDHAT2_TOOLS_DIR, SOLC_WRAPPER } from './toolPaths.js';

/** A temporary copy of a fixture project. */
export interface FixtureProject {
  /** The copy's root directory (run the tool with this as its working directory). */
  dir: string;
  /** Deletes the copy. */
  remove(): void;
}

/** What tools write into a project; never copied, in case someone ran a tool in the fixture itself. */
const GENERATED = new Set(['out', 'cache', 'broadcast', 'artifacts', 'node_modules', join('ignition', 'deployments')]);

function isGenerated(pathInProject: string): boolean {
  const parts = pathInProject.split(sep);
  return GENERATED.has(parts[0]!) || GENERATED.has(parts.slice(0, 2).join(sep));
}

const copies = new Set<string>();

function copyFixture(fixture: string, prefix: string): FixtureProject {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  copies.add(dir);
  cpSync(fixture, dir, { recursive: true, filter: (source) => !isGenerated(relative(fixture, source)) });
  return {
    dir,
    remove: () => {
      rmSync(dir, { recursive: true, force: true });
      copies.delete(dir);
    },
  };
}

/** A copy of test/fixtures/foundry whose foundry.toml points `solc` at the wrapper by absolute path. */
export function copyFoundryProject(): FixtureProject {
  const project = copyFixture(FOUNDRY_FIXTURE, 'sequin-foundry-');
  const configPath = join(project.dir, 'foundry.toml');
  const config = readFileSync(configPath, 'utf8');
  const solcLine = /^solc = ".*"$/m;
  if (!solcLine.test(config)) throw new Error(`${FOUNDRY_FIXTURE}/foundry.toml has no solc = "…" line to point at ${SOLC_WRAPPER}`);
  writeFileSync(configPath, config.replace(solcLine, `solc = ${JSON.stringify(SOLC_WRAPPER)}`));
  return project;
}

/** A copy of test/fixtures/hardhat with node_modules linked to the Hardhat installation (ensureHardhatInstalled). */
export function copyHardhatProject(): FixtureProject {
  const project = copyFixture(HARDHAT_FIXTURE, 'sequin-hardhat-');
  symlinkSync(join(HARDHAT_TOOLS_DIR, 'node_modules'), join(project.dir, 'node_modules'), 'dir');
  return project;
}

/** A copy of test/fixtures/hardhat2 with node_modules linked to the Hardhat 2 installation (ensureHardhat2Installed). */
export function copyHardhat2Project(): FixtureProject {
  const project = copyFixture(HARDHAT2_FIXTURE, 'sequin-hardhat2-');
  symlinkSync(join(HARDHAT2_TOOLS_DIR, 'node_modules'), join(project.dir, 'node_modules'), 'dir');
  return project;
}

/** Deletes every fixture copy still present. */
export function removeFixtureCopies(): void {
  for (const dir of copies) rmSync(dir, { recursive: true, force: true });
  copies.clear();
}
