/**
 * The kinds of setting (whole number, big whole number, ether amount, text, switch, choice, list
 * of text): each constructor takes a setting's declaration and derives the rest (flag, environment
 * variable, value name, default and allowed values as docs show them, the decoder of text, the rule).
 *
 * Rules are zod/mini schemas. Why zod: a rule is data its issues describe (`too_small` with the
 * minimum, `invalid_type`, custom issues carrying their own sentence), so one function turns any
 * failure of any setting into a message naming the flag and what it expects
 * (config/settingProblems.ts), and settings with special rules (a URL, a mnemonic, API keys) plug in
 * as zod refinements. Why zod/mini rather than `zod`: the same checks, tree-shaken; the classic
 * `zod` entry adds ~750 kB to the CLI bundle, which is loaded at every start.
 */
import * as z from 'zod/mini';
import { defineSetting, type Setting, type SettingUnit } from './setting.js';

/** One ether in wei (--balance is given in ether). */
const ETHER = 10n ** 18n;

/** What every declaration gives. */
interface Declaration {
  /** Kebab-case name (see {@link Setting.name}). */
  name: string;
  /** One line of Markdown: what it does. */
  doc: string;
}

/**
 * The longest timer Node.js keeps (2^31-1 ms, ~24.8 days): setTimeout with more fires after 1 ms
 * instead, so every setting in ms is capped here.
 */
const LONGEST_TIMER_MS = 2 ** 31 - 1;
const UINT64_MAX = 2n ** 64n - 1n;
const UINT256_MAX = 2n ** 256n - 1n;

/** A whole number (a JavaScript number, so at most 2^53-1; in ms, at most {@link LONGEST_TIMER_MS}). */
export function wholeNumber(
  declaration: Declaration & { default: number; min: number; max?: number; unit?: SettingUnit; valueName?: string; minimumReason?: string },
): Setting<number> {
  const { min, unit } = declaration;
  const max = declaration.max ?? (unit === 'ms' ? LONGEST_TIMER_MS : Number.MAX_SAFE_INTEGER);
  return defineSetting({
    ...naming(declaration.name),
    doc: declaration.doc,
    shape: 'value',
    valueName: declaration.valueName ?? (unit === 'ms' ? 'MS' : unit === 'percent' ? 'PERCENT' : 'N'),
    unit,
    default: declaration.default,
    defaultDoc: literal(String(declaration.default), unit),
    allowed: declaration.max === undefined ? `≥ ${min}` : `${min} to ${max}`,
    rule: z.int().check(z.minimum(min), z.maximum(max)),
    minimumReason: declaration.minimumReason,
    decode: (text) => Number(wholeNumberText(declaration.name, text, /^\d+$/, 'a whole number')),
    show: String,
  });
}

/** A whole number that may be left unset (undefined): then the node decides, as `defaultDoc` says. */
export function optionalWholeNumber(
  declaration: Declaration & { defaultDoc: string; min: number; unit?: SettingUnit; valueName?: string },
): Setting<number | undefined> {
  const { min, unit } = declaration;
  return defineSetting({
    ...naming(declaration.name),
    doc: declaration.doc,
    shape: 'value',
    valueName: declaration.valueName ?? 'N',
    unit,
    default: undefined,
    defaultDoc: declaration.defaultDoc,
    allowed: `≥ ${min}`,
    rule: z.optional(z.int().check(z.minimum(min), z.maximum(Number.MAX_SAFE_INTEGER))),
    minimumReason: undefined,
    decode: (text) => Number(wholeNumberText(declaration.name, text, /^\d+$/, 'a whole number')),
    show: (value) => (value === undefined ? 'unset' : String(value)),
  });
}

/** A whole number held as a bigint (chain id, gas, wei); the text may be decimal or 0x-hex. At most 2^64-1 for gas, 2^256-1 for wei. */
export function bigWholeNumber(
  declaration: Declaration & { default: bigint; min: bigint; max?: bigint; unit?: 'gas' | 'wei'; valueName?: string },
): Setting<bigint> {
  const { min, unit } = declaration;
  const max = declaration.max ?? (unit === 'gas' ? UINT64_MAX : UINT256_MAX);
  return defineSetting({
    ...naming(declaration.name),
    doc: declaration.doc,
    shape: 'value',
    valueName: declaration.valueName ?? (unit === 'gas' ? 'GAS' : unit === 'wei' ? 'WEI' : 'N'),
    unit,
    default: declaration.default,
    defaultDoc: literal(String(declaration.default), unit),
    allowed: `${min} to ${powerOfTwoForm(max)}`,
    rule: z.bigint().check(z.minimum(min), z.maximum(max)),
    minimumReason: undefined,
    decode: (text) => BigInt(wholeNumberText(declaration.name, text, /^(\d+|0x[0-9a-fA-F]+)$/, 'a whole number (decimal or 0x-hex)')),
    show: String,
  });
}

/** An amount given in whole ether and held in wei (`--balance 5` is 5 × 10^18 wei in the config). */
export function etherAmount(declaration: Declaration & { defaultEther: bigint }): Setting<bigint> {
  const setting = bigWholeNumber({ ...declaration, default: declaration.defaultEther * ETHER, min: 0n, unit: 'wei' });
  return defineSetting({
    ...setting,
    valueName: 'ETH',
    unit: 'ETH',
    defaultDoc: literal(String(declaration.defaultEther), 'ETH'),
    allowed: '≥ 0',
    decode: (text) => setting.decode(text) * ETHER,
    show: (wei) => {
      const size = wei < 0n ? -wei : wei;
      const fraction = (size % ETHER).toString().padStart(18, '0').replace(/0+$/, '');
      return `${wei < 0n ? '-' : ''}${size / ETHER}${fraction === '' ? '' : `.${fraction}`}`;
    },
  });
}

/** Free text; never empty. `check` returns the whole message when the value is wrong, else undefined. */
export function text(
  declaration: Declaration & { default: string; valueName: string; defaultDoc?: string; allowed?: string; check?: (value: string) => string | undefined },
): Setting<string> {
  const { name, check } = declaration;
  return defineSetting({
    ...naming(name),
    doc: declaration.doc,
    shape: 'value',
    valueName: declaration.valueName,
    unit: undefined,
    default: declaration.default,
    defaultDoc: declaration.defaultDoc ?? literal(declaration.default, undefined),
    allowed: declaration.allowed,
    rule: z.string().check(problemCheck((value: string) => (value.trim() === '' ? `--${name} must not be empty` : check?.(value)))),
    minimumReason: undefined,
    decode: (value) => value,
    show: (value) => `"${value}"`,
  });
}

/** Text that may be left unset (undefined); `check` sees only values that are set. */
export function optionalText(
  declaration: Declaration & { valueName: string; defaultDoc: string; allowed?: string; check: (value: string) => string | undefined },
): Setting<string | undefined> {
  const { check } = declaration;
  return defineSetting({
    ...naming(declaration.name),
    doc: declaration.doc,
    shape: 'value',
    valueName: declaration.valueName,
    unit: undefined,
    default: undefined,
    defaultDoc: declaration.defaultDoc,
    allowed: declaration.allowed,
    rule: z.optional(z.string()).check(problemCheck((value: string | undefined) => (value === undefined ? undefined : check(value)))),
    minimumReason: undefined,
    decode: (value) => value,
    show: (value) => (value === undefined ? 'unset' : `"${value}"`),
  });
}

/** A boolean flag that takes no argument: off unless given. Its variable and file value take true/false, 1/0, yes/no, on/off. */
export function switchSetting(declaration: Declaration & { default?: boolean }): Setting<boolean> {
  const { name } = declaration;
  const on = declaration.default === true;
  return defineSetting({
    ...naming(name),
    // A switch that is on by default is turned off by its negation, `--no-name`.
    ...(on ? { flag: `--no-${name}` } : {}),
    doc: declaration.doc,
    shape: 'switch',
    valueName: undefined,
    unit: undefined,
    default: on,
    defaultDoc: on ? 'on' : 'off',
    allowed: undefined,
    rule: z.boolean(),
    minimumReason: undefined,
    decode: (value) => {
      if (/^(1|true|yes|on)$/i.test(value.trim())) return true;
      if (/^(0|false|no|off|)$/i.test(value.trim())) return false;
      throw new Error(`--${name} expects true or false, got "${value}"`);
    },
    show: (value) => (value ? 'on' : 'off'),
  });
}

/** One of a fixed list of words. */
export function choice<const Choice extends string>(
  declaration: Declaration & { choices: readonly Choice[]; default: Choice; valueName: string },
): Setting<Choice> {
  const { name, choices } = declaration;
  return defineSetting({
    ...naming(name),
    doc: declaration.doc,
    shape: 'value',
    valueName: declaration.valueName,
    unit: undefined,
    default: declaration.default,
    defaultDoc: literal(declaration.default, undefined),
    allowed: choices.map((word) => `\`${word}\``).join(', '),
    rule: z.enum(choices),
    minimumReason: undefined,
    decode: (value) => {
      if (!(choices as readonly string[]).includes(value)) throw new Error(`--${name} must be one of ${choices.join(', ')}, got "${value}"`);
      return value as Choice;
    },
    show: (value) => `"${value}"`,
  });
}

/** One of a fixed list of words, or unset (undefined): the default is then decided elsewhere, as `defaultDoc` says. */
export function optionalChoice<const Choice extends string>(
  declaration: Declaration & { choices: readonly Choice[]; defaultDoc: string; valueName: string },
): Setting<Choice | undefined> {
  const { name, choices } = declaration;
  return defineSetting({
    ...naming(name),
    doc: declaration.doc,
    shape: 'value',
    valueName: declaration.valueName,
    unit: undefined,
    default: undefined,
    defaultDoc: declaration.defaultDoc,
    allowed: choices.map((word) => `\`${word}\``).join(', '),
    rule: z.optional(z.enum(choices)),
    minimumReason: undefined,
    decode: (value) => {
      if (!(choices as readonly string[]).includes(value)) throw new Error(`--${name} must be one of ${choices.join(', ')}, got "${value}"`);
      return value as Choice;
    },
    show: (value) => (value === undefined ? 'unset' : `"${value}"`),
  });
}

/**
 * A list of text, empty by default: the flag may be repeated, the environment variable
 * (`environment`) and config-file value list several, comma-separated. `check` returns the whole
 * message for a bad item (numbered from 1), else undefined.
 */
export function textList(
  declaration: Declaration & { valueName: string; environment: string; allowed: string; check: (item: string, index: number) => string | undefined },
): Setting<string[]> {
  const { check } = declaration;
  return defineSetting({
    ...naming(declaration.name),
    environment: declaration.environment,
    doc: declaration.doc,
    shape: 'list',
    valueName: declaration.valueName,
    unit: undefined,
    default: [],
    defaultDoc: 'none',
    allowed: declaration.allowed,
    rule: z.array(z.string()).check(
      z.superRefine((items, context) => {
        for (const [index, item] of items.entries()) {
          const message = check(item, index);
          if (message) context.addIssue({ code: 'custom', message, input: item, path: [index] });
        }
      }),
    ),
    minimumReason: undefined,
    decode: (item) => [item],
    show: (items) => `${items.length} item(s)`,
  });
}

/** The flag and the environment variable of a setting named `name`. */
function naming(name: string): Pick<Setting<unknown>, 'name' | 'flag' | 'environment'> {
  return { name, flag: `--${name}`, environment: `SEQUIN_${name.toUpperCase().replaceAll('-', '_')}` };
}

/** A zod check that reports `problem`'s sentence, when it returns one, as a custom issue. */
function problemCheck<Value>(problem: (value: Value) => string | undefined) {
  return z.superRefine<Value>((value, context) => {
    const message = problem(value);
    if (message) context.addIssue({ code: 'custom', message, input: value });
  });
}

/** The trimmed text, when it matches `pattern`; else an Error naming the flag and the expected form. */
function wholeNumberText(name: string, value: string, pattern: RegExp, expected: string): string {
  const trimmed = value.trim();
  if (!pattern.test(trimmed)) throw new Error(`--${name} expects ${expected}, got "${value}"`);
  return trimmed;
}

/** A literal default in docs: `` `2000` ms ``. */
function literal(value: string, unit: SettingUnit | undefined): string {
  return unit === undefined ? `\`${value}\`` : `\`${value}\` ${unit}`;
}

/** 2^k-1 for the all-ones bounds (2^53-1, 2^256-1), the number itself otherwise. */
function powerOfTwoForm(value: bigint): string {
  const bits = (value + 1n).toString(2);
  return bits.length > 33 && /^10+$/.test(bits) ? `2^${bits.length - 1}-1` : String(value);
}
