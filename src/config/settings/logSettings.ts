import { LOG_LEVELS } from '../../primitives/logger.js';
import { choice, switchSetting } from '../settingKinds.js';

/** What the node logs, and how. */
export const LOG_SETTINGS = {
  logLevel: choice({ name: 'log-level', valueName: 'LEVEL', choices: LOG_LEVELS, default: 'info', doc: 'how much to log (`debug` logs every RPC call)' }),
  logFormat: choice({
    name: 'log-format',
    valueName: 'FORMAT',
    choices: ['auto', 'json', 'pretty'],
    default: 'auto',
    doc: '`json` (one object per line), `pretty`, or `auto`: pretty on a terminal, JSON otherwise',
  }),
  logRpc: switchSetting({ name: 'log-rpc', doc: 'log every RPC call at `info`: method, outcome, time, request id, client, key name (like Anvil)' }),
};
