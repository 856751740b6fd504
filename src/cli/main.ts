import type { NodeConfig } from '../config/nodeConfig.js';
import { sequinVersion } from '../config/sequinVersion.js';
import { startNode } from '../node/createNode.js';
import { createLogger } from '../primitives/logger.js';
import { helpText } from './helpText.js';
import { parseCommandLine } from './parseCommandLine.js';

/**
 * `sequin [flags]`: starts a node and runs until SIGINT/SIGTERM, then shuts down cleanly
 * (stops accepting requests, finishes the sub-block in progress, closes the database).
 */
export async function main(argv: string[]): Promise<void> {
  const command = parseCommandLine(argv);
  if (command.kind === 'help') {
    process.stdout.write(`${helpText()}\n`);
    return;
  }
  if (command.kind === 'version') {
    process.stdout.write(`${sequinVersion()}\n`);
    return;
  }
  const config = command.config;
  const logger = createLogger(config.logLevel);
  const startedAt = performance.now();
  const node = await startNode(config, { logger });
  process.stdout.write(banner(config, node.accounts, node.url, Math.round(performance.now() - startedAt)));

  let shuttingDown = false;
  const shutdown = (signal: string) => {
    if (shuttingDown) return;
    shuttingDown = true;
    logger.info('shutting down', { signal });
    node.stop().then(
      () => process.exit(0),
      (error) => {
        logger.error('shutdown failed', { error });
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', () => shutdown('SIGINT'));
  process.on('SIGTERM', () => shutdown('SIGTERM'));
}

function banner(config: NodeConfig, accounts: Array<{ address: string; privateKey: string }>, url: string, startupMs: number): string {
  const ether = config.accountBalance / 10n ** 18n;
  const lines = [
    `Sequin ${sequinVersion()} — chain id ${config.chainId}, sub-blocks every ${config.preconfIntervalMs} ms, blocks every ${config.blockTimeMs} ms`,
    `Storage: ${config.ephemeral ? 'in memory (--ephemeral)' : `LMDB in ${config.dataDir}`}`,
    '',
  ];
  if (accounts.length > 0) {
    lines.push(`Available accounts (${ether} ETH each)`, '==================');
    for (const [index, account] of accounts.entries()) lines.push(`(${index}) ${account.address}`);
    lines.push('', 'Private keys', '==================');
    for (const [index, account] of accounts.entries()) lines.push(`(${index}) ${account.privateKey}`);
    lines.push('', `Mnemonic: ${config.mnemonic}`, "Derivation path: m/44'/60'/0'/0/", '');
  }
  lines.push(`Ready in ${startupMs} ms`, `Listening on ${url}`, '');
  return lines.join('\n');
}
