import { optionalText, switchSetting, text } from '../settingKinds.js';

/** Where the chain is kept, and Anvil's state files loaded at start or written on exit. */
export const STORAGE_SETTINGS = {
  dataDir: text({ name: 'data-dir', valueName: 'DIR', default: '.sequin', defaultDoc: '`./.sequin`', doc: 'LMDB data directory' }),
  ephemeral: switchSetting({ name: 'ephemeral', doc: 'keep everything in memory; nothing is written to disk' }),
  // Anvil's state files (its JSON format): a directory means <DIR>/state.json, as in Anvil.
  loadState: optionalText({
    name: 'load-state',
    valueName: 'FILE',
    defaultDoc: 'none',
    check: () => undefined,
    doc: "at start, load this state dump (Anvil's JSON, as `anvil_dumpState` or `--dump-state` writes) as one state edit; see [Dumps](../guides/dev-methods.md#dumps)",
  }),
  dumpState: optionalText({
    name: 'dump-state',
    valueName: 'FILE',
    defaultDoc: 'none',
    check: () => undefined,
    doc: "on a clean exit (SIGINT, SIGTERM), write the state to this file in Anvil's JSON format",
  }),
  state: optionalText({
    name: 'state',
    valueName: 'FILE',
    defaultDoc: 'none',
    check: () => undefined,
    doc: 'both: load this file at start if it exists, write it on exit',
  }),
};
