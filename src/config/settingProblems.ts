/**
 * Checks one setting's value against its rule and says what is wrong in sentences a user can act
 * on: each names the flag, what it expects (the bound and its unit) and, unless the value may be a
 * secret, the value given, e.g. `--txpool-global-slots must be at least 1, got 0`.
 */
import type { Setting } from './setting.js';

/** The problems of `value` as a value of `setting` (empty when it passes the rule). */
export function settingProblems<Value>(setting: Setting<Value>, value: Value): string[] {
  const outcome = setting.rule.safeParse(value);
  if (outcome.success) return [];
  const unit = setting.unit === undefined ? '' : ` (${setting.unit})`;
  const got = `got ${shown(setting, value)}`;
  return outcome.error.issues.map((issue) => {
    switch (issue.code) {
      case 'custom':
        return issue.message;
      case 'too_small': {
        const reason = setting.minimumReason === undefined ? '' : `: ${setting.minimumReason}`;
        return `${setting.flag} must be at least ${setting.show(issue.minimum as Value)}${unit}, ${got}${reason}`;
      }
      case 'too_big':
        return `${setting.flag} must be at most ${setting.show(issue.maximum as Value)}${unit}, ${got}`;
      case 'invalid_value':
        return `${setting.flag} must be one of ${issue.values.join(', ')}, ${got}`;
      default:
        return `${setting.flag} must be ${expectedType(issue.code === 'invalid_type' ? issue.expected : undefined)}${unit}, ${got}`;
    }
  });
}

/** The value as the user writes it, or, when it is not even of the setting's type, as a JavaScript-ish literal. */
function shown<Value>(setting: Setting<Value>, value: Value): string {
  return typeof value === typeof setting.default ? setting.show(value) : describe(value);
}

function describe(value: unknown): string {
  if (typeof value === 'bigint') return `${value}n`;
  if (typeof value === 'string') return `"${value}"`;
  if (typeof value === 'number' || typeof value === 'boolean' || value === undefined || value === null) return String(value);
  return Array.isArray(value) ? 'a list' : `a value of type ${typeof value}`;
}

function expectedType(expected: string | undefined): string {
  switch (expected) {
    case 'int':
    case 'number':
      return 'a whole number';
    case 'bigint':
      return 'a whole number (bigint)';
    case 'boolean':
      return 'true or false';
    case 'string':
      return 'text';
    case 'array':
      return 'a list';
    default:
      return `a valid value${expected === undefined ? '' : ` (${expected})`}`;
  }
}
