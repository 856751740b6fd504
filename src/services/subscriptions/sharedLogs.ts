import { logInBlock } from '../../chain/receiptView.js';
import type { StoredLog } from '../../chain/records.js';
import type { Hex } from '../../primitives/hex.js';
import { RawJson } from '../../primitives/RawJson.js';
import type { LogMatcher } from '../logs/LogMatcher.js';
import { NotificationBatch } from './NotificationBatch.js';

/** One log of an event, serialized the first time a subscriber's criteria match it (then shared). */
export interface SharedLog {
  log: StoredLog;
  text: RawJson | undefined;
}

/** The logs of one event, ready to be shared by every log subscriber (built once per event). */
export function sharedLogs(logs: readonly StoredLog[]): SharedLog[] {
  return logs.map((log) => ({ log, text: undefined }));
}

/** The notifications of the logs `matcher` picks, each as it sits in block `blockHash` (null: not sealed yet); undefined when none match. */
export function matchingLogs(logs: readonly SharedLog[], matcher: LogMatcher, blockHash: Hex | null, blockTimestamp: Hex): NotificationBatch | undefined {
  const texts: RawJson[] = [];
  for (const shared of logs) {
    if (!matcher.matches(shared.log)) continue;
    shared.text ??= new RawJson(JSON.stringify(logInBlock(shared.log, blockHash, blockTimestamp)));
    texts.push(shared.text);
  }
  return texts.length > 0 ? NotificationBatch.of(texts) : undefined;
}
