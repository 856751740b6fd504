import { CHAIN_HARDFORKS, type ChainHardforkName } from '../chainHardfork.js';
import { COMPAT_MODES } from '../compatibility.js';
import { choice, optionalChoice, switchSetting } from '../settingKinds.js';

/** The chain's rules and how the node presents itself to tools: the fork, the contract size limit and the compatibility mode. */
export const CHAIN_RULE_SETTINGS = {
  hardfork: optionalChoice({
    name: 'hardfork',
    valueName: 'NAME',
    choices: Object.keys(CHAIN_HARDFORKS) as ChainHardforkName[],
    defaultDoc: '`osaka` for a new chain; a data dir keeps its own',
    doc: "the fork whose rules every block runs (Anvil's flag; Hardhat's `hardfork`): precompiles, opcodes, gas rules, header fields; not with `--genesis`, whose file schedules its forks; a data dir remembers its fork and refuses another; see [Hardhat, Anvil and forks](../guides/hardhat.md)",
  }),
  disableCodeSizeLimit: switchSetting({
    name: 'disable-code-size-limit',
    doc: "deploy contracts of any size: lifts EIP-170's 24,576-byte code limit and EIP-3860's 49,152-byte init code limit (Anvil's flag; Hardhat's `allowUnlimitedContractSize`)",
  }),
  compat: choice({
    name: 'compat',
    valueName: 'MODE',
    choices: COMPAT_MODES,
    default: 'auto',
    doc: "how the node presents itself to tools that check (`web3_clientVersion`) and the peer behaviour that goes with it: `sequin` (geth's answers), `anvil`, `hardhat` (Hardhat's errors; in instant mining a failing send is mined and answered with Hardhat's error), or `auto`: `hardhat` with `--mining instant`, else `sequin`; see [Hardhat, Anvil and forks](../guides/hardhat.md)",
  }),
};
