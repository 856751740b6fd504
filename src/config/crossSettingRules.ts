/**
 * Rules between settings, which no single setting's rule can check: each constrains one setting
 * against others, says so in the docs' "allowed" column of that setting, and gives the message
 * when broken. config/validateConfig.ts runs a rule only when the settings it reads passed their
 * own rules, so one bad value gives one message.
 */
import type { NodeConfig } from './nodeConfig.js';
import { NODE_SETTINGS } from './nodeSettings.js';
import type { Setting } from './setting.js';

export interface CrossSettingRule {
  /** The setting the rule constrains (the one its message and doc are about). */
  readonly constrains: Setting<unknown>;
  /** The settings it is checked against. */
  readonly against: readonly Setting<unknown>[];
  /** What it allows, in Markdown, for the docs of `constrains` (`a multiple of --preconf-interval`). */
  readonly allowed: string;
  /** The message when `config` breaks the rule, else undefined. */
  problem(config: NodeConfig): string | undefined;
}

const {
  preconfIntervalMs,
  blockTimeMs,
  maxBodyBytes,
  maxInflightBytes,
  rpcTimeoutMs,
  sendSyncTimeoutMs,
  sendSyncMaxTimeoutMs,
  txpool,
  state,
  loadState,
  dumpState,
  role,
  nats,
  hardfork,
  genesis,
} = NODE_SETTINGS;

export const CROSS_SETTING_RULES: readonly CrossSettingRule[] = [
  {
    // Every block then holds the same number of sub-block slots.
    constrains: blockTimeMs,
    against: [preconfIntervalMs],
    allowed: `a multiple of \`${preconfIntervalMs.flag}\``,
    problem: (config) =>
      config.blockTimeMs % config.preconfIntervalMs === 0
        ? undefined
        : `${blockTimeMs.flag} must be a multiple of ${preconfIntervalMs.flag} (${config.preconfIntervalMs} ms), got ${config.blockTimeMs}`,
  },
  {
    // Else one largest body could never be accepted.
    constrains: maxInflightBytes,
    against: [maxBodyBytes],
    allowed: `≥ \`${maxBodyBytes.flag}\``,
    problem: (config) =>
      config.maxInflightBytes >= config.maxBodyBytes
        ? undefined
        : `${maxInflightBytes.flag} must be at least ${maxBodyBytes.flag} (${config.maxBodyBytes} bytes), got ${config.maxInflightBytes}`,
  },
  {
    constrains: rpcTimeoutMs,
    against: [sendSyncMaxTimeoutMs],
    allowed: `> \`${sendSyncMaxTimeoutMs.flag}\``,
    problem: (config) =>
      config.rpcTimeoutMs > config.sendSyncMaxTimeoutMs
        ? undefined
        : `${rpcTimeoutMs.flag} must be longer than ${sendSyncMaxTimeoutMs.flag} (${config.sendSyncMaxTimeoutMs} ms), or eth_sendRawTransactionSync would time out first`,
  },
  {
    constrains: sendSyncTimeoutMs,
    against: [sendSyncMaxTimeoutMs],
    allowed: `≤ \`${sendSyncMaxTimeoutMs.flag}\``,
    problem: (config) =>
      config.sendSyncTimeoutMs <= config.sendSyncMaxTimeoutMs
        ? undefined
        : `${sendSyncTimeoutMs.flag} must be at most ${sendSyncMaxTimeoutMs.flag} (${config.sendSyncMaxTimeoutMs} ms), got ${config.sendSyncTimeoutMs}`,
  },
  {
    constrains: txpool.accountSlots,
    against: [txpool.globalSlots],
    allowed: `≤ \`${txpool.globalSlots.flag}\``,
    problem: (config) =>
      config.txpool.accountSlots <= config.txpool.globalSlots
        ? undefined
        : `${txpool.accountSlots.flag} must be at most ${txpool.globalSlots.flag} (${config.txpool.globalSlots}), got ${config.txpool.accountSlots}: an account cannot be guaranteed more slots than the pool has`,
  },
  {
    // A replica or standby follows a sequencer's log, which only exists on NATS.
    constrains: role,
    against: [nats],
    allowed: `\`replica\` and \`standby\` need \`${nats.flag}\``,
    problem: (config) =>
      config.role === 'sequencer' || config.nats !== undefined
        ? undefined
        : `${role.flag} ${config.role} needs ${nats.flag} (the NATS cluster whose log it follows)`,
  },
  {
    // Anvil refuses the combination too: --state is both.
    constrains: state,
    against: [loadState, dumpState],
    allowed: `not with \`${loadState.flag}\` or \`${dumpState.flag}\``,
    problem: (config) =>
      config.state !== undefined && (config.loadState !== undefined || config.dumpState !== undefined)
        ? `${state.flag} loads and dumps the state itself: it cannot be combined with ${loadState.flag} or ${dumpState.flag}`
        : undefined,
  },
  {
    // A genesis file schedules its own forks (and a data dir made from one keeps them).
    constrains: hardfork,
    against: [genesis],
    allowed: `not with \`${genesis.flag}\``,
    problem: (config) =>
      config.hardfork !== undefined && config.genesis !== undefined
        ? `${hardfork.flag} cannot be combined with ${genesis.flag}: the genesis file's config schedules the chain's forks`
        : undefined,
  },
];
