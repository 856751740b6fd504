/**
 * Reads one execution-apis `.io` file into a {@link RecordedTest}, with the rules hive's `rpc-compat`
 * simulator applies:
 *
 *   // description line(s)          ← only before the first message; "speconly:" marks the test
 *   >> {"jsonrpc":"2.0",...}        ← a request, sent byte for byte (after trimming the line)
 *   << {"jsonrpc":"2.0",...}        ← the response expected to the request before it
 *
 * Blank lines are skipped, `//` lines after the first message are ignored, anything else is invalid.
 */

/** One line of a recorded test: a request to send or the response expected to the last request. */
export interface RecordedMessage {
  direction: 'request' | 'response';
  /** The JSON text, exactly as recorded (trimmed). */
  json: string;
}

/** A parsed `.io` file. */
export interface RecordedTest {
  /** Path below the tests folder without `.io`, e.g. `eth_getBlockByNumber/get-genesis`. */
  name: string;
  /** The folder the test sits in: the method it is about. */
  method: string;
  /** The comment lines before the first message, joined with newlines. */
  description: string;
  /** True when a description line starts with `speconly:`: a successful result is checked against the schema only. */
  speconly: boolean;
  messages: RecordedMessage[];
}

/** Why a `.io` file could not be read; names the file and the line. */
export class RecordedTestSyntaxError extends Error {
  constructor(name: string, lineNumber: number, reason: string) {
    super(`${name}.io line ${lineNumber}: ${reason}`);
    this.name = 'RecordedTestSyntaxError';
  }
}

/**
 * Parses the text of `<name>.io`. Throws {@link RecordedTestSyntaxError} on a line that is neither blank,
 * a comment nor a message, on a message that is not valid JSON, and on a response with no request before it.
 */
export function parseRecordedTest(name: string, text: string): RecordedTest {
  const test: RecordedTest = { name, method: name.split('/')[0]!, description: '', speconly: false, messages: [] };
  const descriptionLines: string[] = [];
  let inHeader = true;
  let awaitingResponse = false;
  for (const [index, rawLine] of text.split('\n').entries()) {
    const line = rawLine.trim();
    if (line.length === 0) continue;
    if (line.startsWith('//')) {
      if (!inHeader) continue;
      const comment = line.slice(2).replace(/^ /, '');
      descriptionLines.push(comment);
      if (comment.startsWith('speconly:')) test.speconly = true;
      continue;
    }
    if (!line.startsWith('>>') && !line.startsWith('<<'))
      throw new RecordedTestSyntaxError(name, index + 1, `neither a comment nor a message: ${line.slice(0, 80)}`);
    inHeader = false;
    const direction = line.startsWith('>>') ? 'request' : 'response';
    const json = line.slice(2).trim();
    try {
      JSON.parse(json);
    } catch {
      throw new RecordedTestSyntaxError(name, index + 1, 'invalid JSON');
    }
    if (direction === 'response' && !awaitingResponse) throw new RecordedTestSyntaxError(name, index + 1, 'response before request');
    awaitingResponse = direction === 'request';
    test.messages.push({ direction, json });
  }
  test.description = descriptionLines.join('\n');
  return test;
}
