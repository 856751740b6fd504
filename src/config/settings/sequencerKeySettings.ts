import { optionalText } from '../settingKinds.js';

/** The key that signs every sub-block's commitment (issue 26; node/loadSequencerKey.ts reads or creates it). */
export const SEQUENCER_KEY_SETTINGS = {
  sequencerKey: optionalText({
    name: 'sequencer-key',
    valueName: 'FILE',
    defaultDoc: '`<data-dir>/sequencer.key`, created on first start (mode 0600); with `--ephemeral`, a new key in memory',
    check: () => undefined,
    doc: "the sequencer key (a file holding one hex secp256k1 private key) that signs every sub-block's commitment; a fleet's sequencer and standbys need the same key, replicas none; see [Verifiable pre-confirmations](../verifiable-preconfirmations.md)",
  }),
};
