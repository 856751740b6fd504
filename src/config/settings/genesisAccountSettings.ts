import { etherAmount, switchSetting, wholeNumber } from '../settingKinds.js';

/** What a new chain's genesis holds: the funded dev accounts and the OP-Stack preinstalls. */
export const GENESIS_ACCOUNT_SETTINGS = {
  accounts: wholeNumber({ name: 'accounts', default: 10, min: 0, max: 1000, doc: 'number of funded dev accounts' }),
  accountBalance: etherAmount({ name: 'balance', defaultEther: 10_000n, doc: 'genesis balance of each dev account, in ether' }),
  preinstalls: switchSetting({
    name: 'preinstalls',
    default: true,
    doc: "leave out the OP-Stack preinstalls (CREATE2 deployers, Multicall3, Permit2, EntryPoints, Safe; see [Preinstalls](../guides/preinstalls.md)) from a new chain's genesis; a data dir keeps what it has",
  }),
};
