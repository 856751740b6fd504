/**
 * The wallet as a module (`import { installSequinWallet } from 'sequin/wallet'`), for pages that
 * bundle it instead of loading `/wallet.js`.
 */

export type { ChainData, NativeCurrency } from '../shared/chainData.js';
export { ProviderErrorCode, ProviderRpcError } from '../shared/providerErrors.js';
export type { ApprovalRequest, ApprovalRow, Approver } from './Approver.js';
export { announceProvider, type ProviderInfo, sequinProviderInfo } from './eip6963.js';
export { type InstallOptions, installSequinWallet, type WalletConfig } from './installSequinWallet.js';
export type { Network } from './NetworkStore.js';
export { type RequestArguments, SequinWallet, type SequinWalletOptions } from './SequinWallet.js';
export { ApprovalDialog } from './ui/ApprovalDialog.js';
