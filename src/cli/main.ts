import type { NodeConfig } from '../config/nodeConfig.js';
import { sequinVersion } from '../config/sequinVersion.js';
import { type SequinNode, startNode } from '../node/startNode.js';
import { createLogger } from '../primitives/logger.js';
import { helpText } from './helpText.js';
import { runImportCommand } from './importCommand.js';
import { runKeysCommand } from './keysCommand.js';
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
  if (command.kind === 'keys') {
    await runKeysCommand(command.command, { out: (text) => process.stdout.write(text), err: (text) => process.stderr.write(text) });
    return;
  }
  if (command.kind === 'import') {
    await runImportCommand(command.request, {
      out: (text) => process.stdout.write(text),
      err: (text) => process.stderr.write(text),
      terminal: process.stderr.isTTY === true,
    });
    return;
  }
  const logger = createLogger(command.config.logLevel, { format: command.config.logFormat });
  const startedAt = performance.now();
  const node = await startNode(command.config, { logger });
  const startupMs = Math.round(performance.now() - startedAt);

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
  // Only now the banner: whoever waits for "Listening on" may stop the node at once, and a signal
  // that came before these handlers would end the process uncleanly (Node's default).
  process.stdout.write(banner(node.config, node, startupMs));
}

function banner(config: NodeConfig, node: SequinNode, startupMs: number): string {
  const { accounts, url } = node;
  const ether = config.accountBalance / 10n ** 18n;
  const timing =
    config.mining === 'manual'
      ? 'manual mining (nothing is sealed)'
      : config.mining === 'instant'
        ? 'instant mining (each submission sealed in its block before it answers)'
        : `sub-blocks every ${config.preconfIntervalMs} ms, blocks every ${config.blockTimeMs} ms`;
  const lines = [
    `Sequin ${sequinVersion()} — chain id ${node.chainId}${node.fromGenesisFile ? ' (from a genesis file)' : ''}, ${timing}`,
    `Storage: ${config.ephemeral ? 'in memory (--ephemeral)' : `LMDB in ${config.dataDir}`}`,
    sequencerLine(node),
    '',
  ];
  if (node.fork) lines.splice(2, 0, `Fork: ${node.fork.remote} at block ${node.fork.number} (${node.fork.hash})`);
  if (accounts.length > 0) {
    // On a chain from a genesis file, the dev accounts are keys the node signs with; only the file funds accounts.
    const heading = node.fromGenesisFile ? 'Dev accounts (funded only if the genesis file funds them)' : `Available accounts (${ether} ETH each)`;
    lines.push(heading, '==================');
    for (const [index, account] of accounts.entries()) lines.push(`(${index}) ${account.address}`);
    lines.push('', 'Private keys', '==================');
    for (const [index, account] of accounts.entries()) lines.push(`(${index}) ${account.privateKey}`);
    lines.push('', `Mnemonic: ${config.mnemonic}`, "Derivation path: m/44'/60'/0'/0/", '');
  }
  lines.push(...accessLines(config, node), '');
  lines.push(`Ready in ${startupMs} ms`, `Listening on ${url}`, '');
  return lines.join('\n');
}

/** Who signs the sub-block commitments, and where the key is (docs/verifiable-preconfirmations.md). */
function sequencerLine(node: SequinNode): string {
  const { address, key } = node.sequencer;
  if (!key) return `Sequencer: ${address ?? 'not known yet'} (this replica holds no key)`;
  const where = { file: `from ${key.path}`, created: `key created in ${key.path}`, 'data-dir': `key in ${key.path}`, memory: 'key in memory' }[key.source];
  return `Sequencer: ${address} (${where})`;
}

/** What the start-up output says about who may call what (docs/guides/endpoints.md#when-tiers-apply). */
function accessLines(config: NodeConfig, node: SequinNode): string[] {
  const { tiers, configuredKeys, storedKeys } = node.access;
  if (!tiers) {
    const lines = [
      'Access: open. No API key exists and --public-tier is not set, so every method is served to everyone on /',
      '        (like Anvil). `sequin keys create --name NAME` or --public-tier makes / the public tier.',
      `Metrics: ${node.url}/metrics`,
    ];
    if (!['127.0.0.1', '::1', 'localhost'].includes(config.host)) {
      lines.push(`Warning: listening on ${config.host}, reachable beyond this machine, with every method open and no rate limit.`);
    }
    return lines;
  }
  const limit = config.publicRateLimit > 0 ? `${config.publicRateLimit} calls/s per IP` : 'no rate limit';
  return [
    `Access: / is the public tier (${limit}; dedicated-only methods such as eth_getBlockReceipts answer HTTP 403).`,
    `        Dedicated: ${node.url}/v1/<key> or the header Authorization: Bearer <key> (${configuredKeys} key(s) from flags, ${storedKeys} from the database).`,
    `Metrics: ${node.url}/metrics (with Authorization: Bearer <key>)`,
  ];
}
