import { forkUrlProblem, wholeNumberProblem } from '../forkSettings.js';
import { optionalText, wholeNumber } from '../settingKinds.js';

/** Fork mode (docs/guides/forking.md): start on top of a remote chain's block, reading its state lazily. */
export const FORK_MODE_SETTINGS = {
  /** Fork mode (docs/guides/forking.md): start on top of a remote chain's block, reading its state lazily. */
  forkUrl: optionalText({
    name: 'fork-url',
    valueName: 'URL',
    defaultDoc: 'no fork',
    allowed: 'http(s) JSON-RPC URL',
    check: forkUrlProblem,
    doc: 'fork this remote chain: start on top of its block and read its state lazily, cached in the data dir; credentials and API keys in the URL are never logged',
  }),
  forkBlockNumber: optionalText({
    name: 'fork-block-number',
    valueName: 'N',
    defaultDoc: "the remote's latest",
    allowed: 'a whole number',
    check: (value) => wholeNumberProblem('--fork-block-number', value),
    doc: 'the remote block to fork at; a data dir remembers its fork block and refuses another',
  }),
  forkChainId: optionalText({
    name: 'fork-chain-id',
    valueName: 'N',
    defaultDoc: "the remote's",
    allowed: `1 to 2^53-1`,
    check: (value) => wholeNumberProblem('--fork-chain-id', value, 2n ** 53n - 1n),
    doc: 'chain id of the fork (replaces `--chain-id` in fork mode)',
  }),
  forkRetries: wholeNumber({
    name: 'fork-retries',
    default: 5,
    min: 0,
    max: 100,
    doc: 'retries of a failed remote call (exponential backoff from 100 ms) before it fails',
  }),
  forkTimeoutMs: wholeNumber({ name: 'fork-timeout', unit: 'ms', default: 10_000, min: 1, doc: 'time one remote call may take before it counts as failed' }),
  forkRps: wholeNumber({
    name: 'fork-rps',
    unit: 'calls/s',
    default: 0,
    min: 0,
    doc: "most remote HTTP requests per second (a provider's rate limit); 0 for none",
  }),
};
