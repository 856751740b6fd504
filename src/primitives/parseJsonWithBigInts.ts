/**
 * A JSON parser that keeps integers exact. `JSON.parse` turns every number into a double, so a chain
 * id or a terminal total difficulty past 2^53 (mainnet's is 5.875e22) silently changes; geth reads
 * them as big integers. Here an integer literal becomes a `bigint`; a literal with a fraction or an
 * exponent stays a `number`. Otherwise it accepts exactly what `JSON.parse` accepts (RFC 8259).
 */

/** A parsed JSON value whose integers are bigints. */
export type JsonWithBigInts = null | boolean | string | bigint | number | JsonWithBigInts[] | { [key: string]: JsonWithBigInts };

const NUMBER = /-?(?:0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?/y;
// biome-ignore lint/suspicious/noControlCharactersInRegex: JSON strings may not hold raw control characters; the class excludes them.
const STRING = /"(?:[^"\\\u0000-\u001f]|\\(?:["\\/bfnrt]|u[0-9a-fA-F]{4}))*"/y;
const WHITESPACE = /[ \t\n\r]*/y;

/** Parses JSON text; throws SyntaxError naming the offset of the first problem. */
export function parseJsonWithBigInts(text: string): JsonWithBigInts {
  let position = 0;

  const fail = (what: string): never => {
    throw new SyntaxError(`${what} at offset ${position} of the JSON text`);
  };
  const skipWhitespace = () => {
    WHITESPACE.lastIndex = position;
    WHITESPACE.exec(text);
    position = WHITESPACE.lastIndex;
  };
  const expect = (character: string) => {
    skipWhitespace();
    if (text[position] !== character) fail(`expected '${character}'`);
    position++;
  };
  const readString = (): string => {
    STRING.lastIndex = position;
    const match = STRING.exec(text);
    if (!match) return fail('invalid string');
    position = STRING.lastIndex;
    return JSON.parse(match[0]) as string;
  };

  const readValue = (depth: number): JsonWithBigInts => {
    if (depth > 512) fail('nesting too deep');
    skipWhitespace();
    const character = text[position];
    if (character === '{') {
      position++;
      const object: { [key: string]: JsonWithBigInts } = {};
      skipWhitespace();
      if (text[position] === '}') {
        position++;
        return object;
      }
      for (;;) {
        skipWhitespace();
        const key = readString();
        expect(':');
        // defineProperty: a key named "__proto__" is data, as with JSON.parse.
        Object.defineProperty(object, key, { value: readValue(depth + 1), enumerable: true, writable: true, configurable: true });
        skipWhitespace();
        if (text[position] === ',') position++;
        else if (text[position] === '}') {
          position++;
          return object;
        } else fail("expected ',' or '}'");
      }
    }
    if (character === '[') {
      position++;
      const array: JsonWithBigInts[] = [];
      skipWhitespace();
      if (text[position] === ']') {
        position++;
        return array;
      }
      for (;;) {
        array.push(readValue(depth + 1));
        skipWhitespace();
        if (text[position] === ',') position++;
        else if (text[position] === ']') {
          position++;
          return array;
        } else fail("expected ',' or ']'");
      }
    }
    if (character === '"') return readString();
    for (const [literal, value] of [
      ['true', true],
      ['false', false],
      ['null', null],
    ] as const) {
      if (text.startsWith(literal, position)) {
        position += literal.length;
        return value;
      }
    }
    NUMBER.lastIndex = position;
    const match = NUMBER.exec(text);
    if (!match) return fail('unexpected character');
    position = NUMBER.lastIndex;
    return match[1] === undefined && match[2] === undefined ? BigInt(match[0]) : Number(match[0]);
  };

  const value = readValue(0);
  skipWhitespace();
  if (position !== text.length) fail('unexpected text after the JSON value');
  return value;
}
