/**
 * The settings schema: every setting of the node, each declared once (in settings/, one file a
 * concept): name (the flag, the SEQUIN_* variable, the config-file key), kind, default, one-line
 * doc, unit and rule. The tree's shape is the shape of NodeConfig (config/nodeConfig.ts): `txpool`
 * and `ws` are groups. The order here is the order of `--help` and of the flags reference
 * (docs/reference/flags.md). Rules between settings (the block time is a multiple of the interval,
 * …) are in config/crossSettingRules.ts.
 *
 * Adding a setting to the file of its concept adds its flag, variable, config-file key, help line
 * and validation; the flags reference test (cli/flagsTable.test.ts) then fails until
 * `npm run docs:flags` has documented it.
 */

import { ACCESS_SETTINGS } from './settings/accessSettings.js';
import { CHAIN_RULE_SETTINGS } from './settings/chainRuleSettings.js';
import { CHAIN_SETTINGS } from './settings/chainSettings.js';
import { ENDPOINT_SETTINGS } from './settings/endpointSettings.js';
import { EXECUTION_SETTINGS } from './settings/executionSettings.js';
import { FLEET_SETTINGS } from './settings/fleetSettings.js';
import { FORK_MODE_SETTINGS } from './settings/forkModeSettings.js';
import { GENESIS_ACCOUNT_SETTINGS } from './settings/genesisAccountSettings.js';
import { LOG_QUERY_SETTINGS } from './settings/logQuerySettings.js';
import { LOG_SETTINGS } from './settings/logSettings.js';
import { OP_STACK_SETTINGS } from './settings/opStackSettings.js';
import { REQUEST_LIMIT_SETTINGS } from './settings/requestLimitSettings.js';
import { SEQUENCER_KEY_SETTINGS } from './settings/sequencerKeySettings.js';
import { STORAGE_SETTINGS } from './settings/storageSettings.js';
import { TXPOOL_SETTINGS } from './settings/txpoolSettings.js';
import { WAIT_SETTINGS } from './settings/waitSettings.js';
import { WEBSOCKET_SETTINGS } from './settings/websocketSettings.js';

export const NODE_SETTINGS = {
  ...ENDPOINT_SETTINGS,
  ...STORAGE_SETTINGS,
  ...CHAIN_SETTINGS,
  ...CHAIN_RULE_SETTINGS,
  ...OP_STACK_SETTINGS,
  ...SEQUENCER_KEY_SETTINGS,
  ...FLEET_SETTINGS,
  ...GENESIS_ACCOUNT_SETTINGS,
  ...LOG_SETTINGS,
  ...ACCESS_SETTINGS,
  ...REQUEST_LIMIT_SETTINGS,
  ...EXECUTION_SETTINGS,
  ...WAIT_SETTINGS,
  ws: WEBSOCKET_SETTINGS,
  ...LOG_QUERY_SETTINGS,
  ...FORK_MODE_SETTINGS,
  txpool: TXPOOL_SETTINGS,
};
