/**
 * The node's configuration and its defaults, both derived from the declarations of
 * config/nodeSettings.ts, where each setting says what it means, its default and its flag. Every
 * setting is a CLI flag, a SEQUIN_* environment variable and a config-file key (cli/parseCommandLine.ts).
 */
import type { NODE_SETTINGS } from './nodeSettings.js';
import type { Setting } from './setting.js';
import { SETTING_LIST, writeSettingValue } from './settingList.js';

export { DEFAULT_MNEMONIC } from './settings/chainSettings.js';

/** The values of a tree of settings: each setting becomes its value, each group an object of the same shape. */
export type SettingValues<Tree> = { -readonly [Key in keyof Tree]: Tree[Key] extends Setting<infer Value> ? Value : SettingValues<Tree[Key]> };

/** The node's configuration: one field per setting of config/nodeSettings.ts, see there what each means. */
export type NodeConfig = SettingValues<typeof NODE_SETTINGS>;
/** Tx pool limits (`config.txpool`); the names and defaults are geth's. */
export type TxPoolLimits = NodeConfig['txpool'];
/** WebSocket transport limits (`config.ws`). */
export type WebSocketSettings = NodeConfig['ws'];
export type LogLevel = NodeConfig['logLevel'];
export type LogFormat = NodeConfig['logFormat'];

/** The defaults of every setting: a fresh object each call (its lists too), so callers may change it. */
export function defaultNodeConfig(): NodeConfig {
  const config = {};
  for (const { path, setting } of SETTING_LIST) {
    writeSettingValue(config, path, Array.isArray(setting.default) ? [...setting.default] : setting.default);
  }
  return config as NodeConfig;
}
