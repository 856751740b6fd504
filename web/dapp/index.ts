/**
 * The dApp helper (`import { switchOrAddChain } from 'sequin/dapp'`): register a chain with any
 * EIP-1193 wallet (Sequin's, MetaMask, …) and get typed errors back.
 */

export type { ChainData, NativeCurrency } from '../shared/chainData.js';
export { addChain, checkChainData, type Eip1193Provider } from './addChain.js';
export {
  ChainAdditionNotSupportedError,
  ChainRequestError,
  InvalidChainDataError,
  type ManualNetworkSettings,
  UnrecognizedChainError,
  UserRejectedRequestError,
  WalletRequestError,
} from './errors.js';
export { switchOrAddChain } from './switchOrAddChain.js';
