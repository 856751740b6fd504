/**
 * Validation of a whole config: every setting against its own rule (config/nodeSettings.ts), then
 * the rules between settings (config/crossSettingRules.ts). Run by the node before it builds
 * anything, whichever way the config was made (command line, tests, embedding code).
 */
import { CROSS_SETTING_RULES } from './crossSettingRules.js';
import type { NodeConfig } from './nodeConfig.js';
import type { Setting } from './setting.js';
import { readSettingValue, SETTING_LIST } from './settingList.js';
import { settingProblems } from './settingProblems.js';

/**
 * Checks a config for values the node cannot run with and returns the problems as sentences, in
 * the order of the settings (empty when fine). Each names the flag and what it expects.
 */
export function validateConfig(config: NodeConfig): string[] {
  const problems: string[] = [];
  const failed = new Set<Setting<unknown>>();
  for (const { path, setting } of SETTING_LIST) {
    const found = settingProblems(setting, readSettingValue(config, path));
    if (found.length > 0) failed.add(setting);
    problems.push(...found);
  }
  for (const rule of CROSS_SETTING_RULES) {
    if (failed.has(rule.constrains) || rule.against.some((setting) => failed.has(setting))) continue;
    const problem = rule.problem(config);
    if (problem) problems.push(problem);
  }
  return problems;
}
