/**
 * One node setting, declared once in config/nodeSettings.ts: its name, how it takes a value,
 * default, one-line doc, unit and rule. Everything else is derived from the declaration: the
 * NodeConfig type and its defaults (config/nodeConfig.ts), the flag, SEQUIN_* variable and
 * config-file parsing (cli/parseCommandLine.ts), `--help`, validation (config/validateConfig.ts)
 * and the flags reference, docs/reference/flags.md (cli/flagsTable.ts).
 *
 * Settings are made by the constructors of config/settingKinds.ts, never by hand.
 */
import type { ZodMiniType } from 'zod/mini';

/** What a number of a setting counts, shown after it in docs and messages ("2000 ms"). */
export type SettingUnit = 'ms' | 'bytes' | 'gas' | 'wei' | 'ETH' | 'percent' | 'calls/s';

/**
 * How a setting takes its value: `value` from one flag argument; `switch` is a boolean flag that
 * takes no argument (`--ephemeral`); `list` may be repeated, each occurrence adding one item, and
 * its environment variable and config-file value may hold several, comma-separated.
 */
export type SettingShape = 'value' | 'switch' | 'list';

export interface Setting<Value> {
  /**
   * Kebab-case name: the flag is `--name`, the environment variable SEQUIN_NAME (upper case, dashes
   * as underscores) unless `environment` says otherwise, the config-file key `name` or its camelCase.
   */
  readonly name: string;
  /** `--name`, the form every message and doc uses. */
  readonly flag: string;
  /** The environment variable that sets it. */
  readonly environment: string;
  readonly shape: SettingShape;
  /** Placeholder of the value in `--help` and the flags reference (`--block-time MS`); undefined for a switch. */
  readonly valueName: string | undefined;
  readonly unit: SettingUnit | undefined;
  /** One line of Markdown saying what it does (the flags reference's wording, links relative to docs/reference/; `--help` strips the Markdown). */
  readonly doc: string;
  /** The value when nothing sets it. */
  readonly default: Value;
  /** The default as docs show it, in Markdown (`` `2000` ms ``, `off`, `none`). */
  readonly defaultDoc: string;
  /** The values the rule lets through, in Markdown (`≥ 1`, `0 to 65535`), or undefined when any value of the type is fine. */
  readonly allowed: string | undefined;
  /**
   * The rule a value must pass (zod/mini; see config/settingKinds.ts for why zod). Its issues become
   * messages in config/settingProblems.ts; custom checks put the whole message in the issue.
   */
  readonly rule: ZodMiniType<Value>;
  /** Why the minimum is what it is, added to the message when a value is below it. */
  readonly minimumReason: string | undefined;
  /**
   * The value written as text (a flag argument, an environment variable, a config-file value), or
   * for a `list` one item of it (as a one-item list). Throws an Error naming the flag and the
   * expected form when the text is not one; ranges are the rule's business, not this.
   */
  decode(text: string): Value;
  /** A value as the user writes it (`--balance` shows ether, though the config holds wei). */
  show(value: Value): string;
}

const declared = new WeakSet<object>();

/** Marks a setting as one, so a tree of settings can tell settings from groups (see {@link isSetting}). */
export function defineSetting<Value>(setting: Setting<Value>): Setting<Value> {
  declared.add(setting);
  return Object.freeze(setting);
}

/** Whether `value` is a setting made by {@link defineSetting} (rather than a group of settings). */
export function isSetting(value: unknown): value is Setting<unknown> {
  return typeof value === 'object' && value !== null && declared.has(value);
}
