const OPEN_BRACKET = 0x5b; // [
const OPEN_BRACE = 0x7b; // {
const CLOSE_BRACKET = 0x5d; // ]
const CLOSE_BRACE = 0x7d; // }
const QUOTE = 0x22; // "
const BACKSLASH = 0x5c; // \

/**
 * True when the JSON text nests arrays and objects more than `maxDepth` levels deep, judged
 * before parsing so that a hostile body never becomes a deep object graph (every later recursive
 * walk, ours or a library's, would then risk a stack overflow). One linear pass over the text;
 * brackets inside strings do not count. Malformed text is not judged here: JSON.parse does that.
 */
export function exceedsNestingDepth(text: string, maxDepth: number): boolean {
  // Cheap exit: a text shorter than the limit cannot open more levels than it has characters.
  if (text.length <= maxDepth) return false;
  let depth = 0;
  let inString = false;
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index);
    if (inString) {
      if (code === BACKSLASH) index++;
      else if (code === QUOTE) inString = false;
    } else if (code === QUOTE) inString = true;
    else if (code === OPEN_BRACKET || code === OPEN_BRACE) {
      if (++depth > maxDepth) return true;
    } else if (code === CLOSE_BRACKET || code === CLOSE_BRACE) depth--;
  }
  return false;
}
