import { publicUrlProblem } from '../publicUrl.js';
import { optionalText, text, wholeNumber } from '../settingKinds.js';

/** Where the node listens and the address it is reached at. */
export const ENDPOINT_SETTINGS = {
  // Loopback only by default, like Anvil: a dev node with funded keys is not for the network.
  host: text({ name: 'host', valueName: 'ADDR', default: '127.0.0.1', doc: 'interface to listen on' }),
  port: wholeNumber({ name: 'port', default: 8545, min: 0, max: 65535, doc: 'TCP port; `0` picks a free one' }),
  publicUrl: optionalText({
    name: 'public-url',
    valueName: 'URL',
    defaultDoc: 'the address listened on',
    allowed: 'http(s) URL without credentials, query or fragment',
    check: publicUrlProblem,
    doc: 'externally visible base URL: the RPC and explorer URL of the chain data the page offers wallets (`GET /chain`); see [Wallet and chain registration](../guides/wallet.md)',
  }),
};
