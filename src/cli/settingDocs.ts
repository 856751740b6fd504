/**
 * The pieces of a setting's documentation that `--help` (cli/helpText.ts) and the flags reference
 * (docs/reference/flags.md, written by cli/flagsTable.ts) share, all derived from its declaration in config/nodeSettings.ts and
 * the rules between settings (config/crossSettingRules.ts). Docs are Markdown; help shows them as
 * plain text.
 */
import { CROSS_SETTING_RULES } from '../config/crossSettingRules.js';
import type { Setting } from '../config/setting.js';

/** `--config`, the one flag that is not a setting. */
export const CONFIG_FLAG = { usage: '--config FILE', doc: 'JSON object of the settings above (`"blockTime": 1000` or `"block-time": 1000`)' };

/** The flag as typed: `--block-time MS`, `--ephemeral`. */
export function flagUsage(setting: Setting<unknown>): string {
  return setting.valueName === undefined ? setting.flag : `${setting.flag} ${setting.valueName}`;
}

/** The values a setting allows, its own rule's and those of the rules between settings (Markdown), or undefined when any value is fine. */
export function allowedValues(setting: Setting<unknown>): string | undefined {
  const parts = [setting.allowed, ...CROSS_SETTING_RULES.filter((rule) => rule.constrains === setting).map((rule) => rule.allowed)];
  const allowed = parts.filter((part) => part !== undefined).join(', ');
  return allowed === '' ? undefined : allowed;
}

/**
 * Markdown as plain text: no code ticks or emphasis; a link becomes its text and the docs page it
 * points to (links are relative to docs/reference/, where the flags table lives).
 */
export function plainText(markdown: string): string {
  return markdown
    .replace(/\[([^\]]+)\]\(\.\.\/([^)#]+)(#[^)]*)?\)/g, '"$1" (docs/$2)')
    .replace(/\[([^\]]+)\]\([^)]+\)/g, '$1')
    .replaceAll('`', '')
    .replaceAll('**', '');
}
