import { wholeNumber } from '../settingKinds.js';

/** How long the node waits: for the pre-confirmation a Sync send awaits, and for the requests in flight at shutdown. */
export const WAIT_SETTINGS = {
  sendSyncTimeoutMs: wholeNumber({
    name: 'send-sync-timeout',
    unit: 'ms',
    default: 5000,
    min: 1,
    doc: 'default wait of `eth_sendRawTransactionSync` for the pre-confirmation',
  }),
  sendSyncMaxTimeoutMs: wholeNumber({
    name: 'send-sync-max-timeout',
    unit: 'ms',
    default: 30_000,
    min: 1,
    doc: 'longest wait a caller may ask of `eth_sendRawTransactionSync` (more → -32602)',
  }),
  shutdownTimeoutMs: wholeNumber({
    name: 'shutdown-timeout',
    unit: 'ms',
    default: 10_000,
    min: 0,
    doc: 'on SIGTERM / SIGINT, time the requests in flight get to be answered (new ones are refused) before connections are cut',
  }),
};
