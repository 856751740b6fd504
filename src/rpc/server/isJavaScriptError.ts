/**
 * True when `error` is one the JavaScript engine or Node raised on its own (a property of
 * undefined read, an object that cannot become a string or a BigInt, ...), not one our code threw
 * on purpose to describe a bad input. Such a message says nothing to a client and tells a stranger
 * about our code, so it must never be answered; it means a decoder missed a shape, which the
 * parameter fuzz tests look for.
 */
export function isJavaScriptError(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  if (typeof (error as NodeJS.ErrnoException).code === 'string' && (error as NodeJS.ErrnoException).code!.startsWith('ERR_')) return true;
  if (error instanceof SyntaxError || error instanceof ReferenceError) return true;
  if (!(error instanceof TypeError || error instanceof RangeError)) return false;
  return ENGINE_MESSAGES.test(error.message);
}

/** V8's wording of the errors a bad input can provoke in decoding code. */
const ENGINE_MESSAGES =
  /^Cannot (read|set) propert|^Cannot convert|^Cannot mix BigInt|is not a function|is not iterable|is not a constructor|^Do not know how to serialize|^Invalid (array length|time value|string length)|^Maximum call stack|cannot be converted to a BigInt|^The number .* cannot be converted|^Reduce of empty array/;
