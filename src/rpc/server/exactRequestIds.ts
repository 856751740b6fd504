import { type JsonWithBigInts, parseJsonWithBigInts } from '../../primitives/parseJsonWithBigInts.js';

/**
 * Puts back the exact value of integer request ids that `JSON.parse` rounded: an id above 2^53
 * (`12345678901234567890`) parses to a double that prints differently, while geth echoes the id's
 * bytes as they came. Only when such an id is present is the body parsed again, with
 * {@link parseJsonWithBigInts}, and those ids become bigints (printed back digit for digit); every
 * other request pays one type check per message.
 */
export function restoreExactIds(body: string, parsed: unknown): void {
  const messages = Array.isArray(parsed) ? parsed : [parsed];
  if (!messages.some(hasRoundedId)) return;
  const exact = parseJsonWithBigInts(body);
  const exactMessages = Array.isArray(exact) ? exact : [exact];
  messages.forEach((message, index) => {
    if (!hasRoundedId(message)) return;
    const id = (exactMessages[index] as { [key: string]: JsonWithBigInts }).id;
    if (typeof id === 'bigint') (message as { id: unknown }).id = id;
  });
}

function hasRoundedId(message: unknown): boolean {
  if (typeof message !== 'object' || message === null) return false;
  const id = (message as { id?: unknown }).id;
  return typeof id === 'number' && Number.isInteger(id) && !Number.isSafeInteger(id);
}
