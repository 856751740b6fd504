/**
 * The viem chain definition of a Sequin node (`import { sequinChain } from 'sequin/chain'`): build
 * it from known settings, or fetch it from the node. viem is the caller's (a peer dependency):
 * this module imports its types only.
 */

export { fetchSequinChain } from './fetchSequinChain.js';
export { MULTICALL3_ADDRESS, type SequinChainOptions, sequinChain } from './sequinChain.js';
