import type { NodeConfig } from './nodeConfig.js';
import { publicUrlProblem } from './publicUrl.js';

/**
 * Checks a config for values the node cannot run with and returns the problems as sentences
 * (empty when fine). Sanity rules: the block time is a whole multiple of the pre-confirmation
 * interval, so every block holds the same number of sub-block slots.
 */
export function validateConfig(config: NodeConfig): string[] {
  const problems: string[] = [];
  if (!Number.isInteger(config.port) || config.port < 0 || config.port > 65535) problems.push(`--port must be 0..65535, got ${config.port}`);
  const publicUrl = publicUrlProblem(config.publicUrl);
  if (publicUrl) problems.push(publicUrl);
  if (config.chainId <= 0n || config.chainId > 2n ** 53n - 1n) problems.push('--chain-id must be between 1 and 2^53-1');
  if (!Number.isInteger(config.preconfIntervalMs) || config.preconfIntervalMs < 10) problems.push('--preconf-interval must be an integer ≥ 10 (ms)');
  if (!Number.isInteger(config.blockTimeMs) || config.blockTimeMs < config.preconfIntervalMs)
    problems.push('--block-time must be an integer ≥ --preconf-interval (ms)');
  else if (config.blockTimeMs < 1000) problems.push('--block-time must be at least 1000 (ms): block timestamps are whole seconds and must increase');
  else if (config.blockTimeMs % config.preconfIntervalMs !== 0) problems.push('--block-time must be a multiple of --preconf-interval');
  if (config.blockGasLimit < 21_000n) problems.push('--block-gas-limit must be at least 21000');
  if (!Number.isInteger(config.accounts) || config.accounts < 0 || config.accounts > 1000) problems.push('--accounts must be 0..1000');
  if (config.mnemonic.trim().split(/\s+/).length < 12) problems.push('--mnemonic must have at least 12 words');
  if (config.maxBodyBytes < 1024) problems.push('--max-body-bytes must be at least 1024');
  for (const [flag, value] of [
    ['--ws-max-connections', config.ws.maxConnections],
    ['--ws-max-connections-per-ip', config.ws.maxConnectionsPerIp],
    ['--ws-max-subscriptions', config.ws.maxSubscriptions],
  ] as const) {
    if (!Number.isInteger(value) || value < 1) problems.push(`${flag} must be a positive integer`);
  }
  if (!Number.isInteger(config.ws.maxBufferedBytes) || config.ws.maxBufferedBytes < 65_536) problems.push('--ws-max-buffered-bytes must be at least 65536');
  if (!Number.isInteger(config.ws.pingIntervalMs) || config.ws.pingIntervalMs < 0) problems.push('--ws-ping-interval must be 0 or a positive number of ms');
  if (config.maxBatchLength < 1) problems.push('--max-batch-length must be at least 1');
  if (!Number.isInteger(config.maxInflightBytes) || config.maxInflightBytes < config.maxBodyBytes)
    problems.push('--max-inflight-bytes must be at least --max-body-bytes');
  if (config.maxBatchResponseBytes < 1024) problems.push('--max-batch-response-bytes must be at least 1024');
  if (!Number.isInteger(config.maxNestingDepth) || config.maxNestingDepth < 8)
    problems.push('--max-nesting-depth must be at least 8 (requests with access lists nest 7 levels)');
  if (!Number.isInteger(config.rpcTimeoutMs) || config.rpcTimeoutMs <= config.sendSyncMaxTimeoutMs) {
    problems.push(
      `--rpc-timeout must be longer than --send-sync-max-timeout (${config.sendSyncMaxTimeoutMs} ms), or eth_sendRawTransactionSync would time out first`,
    );
  }
  for (const [index, key] of config.apiKeys.entries()) {
    if (key.length < 16 || !/^[A-Za-z0-9._~-]+$/.test(key)) {
      problems.push(`API key #${index + 1} (--api-key / SEQUIN_API_KEYS) must be at least 16 characters of A-Z a-z 0-9 . _ ~ - (it travels in URLs)`);
    }
  }
  for (const [name, rate, burst] of [
    ['public', config.publicRateLimit, config.publicRateBurst],
    ['dedicated', config.dedicatedRateLimit, config.dedicatedRateBurst],
  ] as const) {
    if (!Number.isFinite(rate) || rate < 0) problems.push(`--${name}-rate-limit must be 0 (no limit) or a positive number of calls per second`);
    if (!Number.isInteger(burst) || burst < 1) problems.push(`--${name}-rate-burst must be at least 1`);
  }
  if (!Number.isInteger(config.sendSyncMaxTimeoutMs) || config.sendSyncMaxTimeoutMs < 1)
    problems.push('--send-sync-max-timeout must be a positive number of ms');
  else if (!Number.isInteger(config.sendSyncTimeoutMs) || config.sendSyncTimeoutMs < 1 || config.sendSyncTimeoutMs > config.sendSyncMaxTimeoutMs) {
    problems.push('--send-sync-timeout must be a positive number of ms, at most --send-sync-max-timeout');
  }
  if (!Number.isSafeInteger(config.rpcLogsBlockRange) || config.rpcLogsBlockRange < 1) problems.push('--rpc-logs-block-range must be at least 1');
  if (!Number.isSafeInteger(config.rpcLogsMaxResults) || config.rpcLogsMaxResults < 1) problems.push('--rpc-logs-max-results must be at least 1');
  if (!Number.isSafeInteger(config.rpcFiltersPerClient) || config.rpcFiltersPerClient < 1) problems.push('--rpc-filters-per-client must be a positive integer');
  if (!Number.isSafeInteger(config.rpcFilterTimeoutMs) || config.rpcFilterTimeoutMs < 1000) problems.push('--rpc-filter-timeout must be at least 1000 (ms)');
  return problems;
}
