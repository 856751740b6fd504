/**
 * The settings of config/nodeSettings.ts as a flat list in declaration order, each with its path
 * in NodeConfig (`['txpool', 'accountSlots']`), and reading and writing a config by that path.
 * Everything that walks all settings (defaults, validation, flag parsing, docs) walks this list.
 */
import { NODE_SETTINGS } from './nodeSettings.js';
import { isSetting, type Setting } from './setting.js';

/** One setting and where its value lives in NodeConfig. */
export interface SettingEntry {
  readonly path: readonly string[];
  readonly setting: Setting<unknown>;
}

/** Every setting, in declaration order. */
export const SETTING_LIST: readonly SettingEntry[] = flatten(NODE_SETTINGS, []);

/** The entry of the setting named `name` (kebab case, as the flag), or undefined. */
export function findSetting(name: string): SettingEntry | undefined {
  return SETTING_LIST.find((entry) => entry.setting.name === name);
}

/** The value at `path` in a config (or any object of its shape). */
export function readSettingValue(config: object, path: readonly string[]): unknown {
  return path.reduce<unknown>((node, key) => (node as Record<string, unknown>)[key], config);
}

/** Sets the value at `path` in a config, making the groups on the way when missing. */
export function writeSettingValue(config: object, path: readonly string[], value: unknown): void {
  let group = config as Record<string, unknown>;
  for (const key of path.slice(0, -1)) group = (group[key] ??= {}) as Record<string, unknown>;
  group[path.at(-1)!] = value;
}

function flatten(tree: object, prefix: string[]): SettingEntry[] {
  return Object.entries(tree).flatMap(([key, node]) =>
    isSetting(node) ? [{ path: [...prefix, key], setting: node }] : flatten(node as object, [...prefix, key]),
  );
}
