import { accounts } from './methods/eth/accounts.js';
import { blockNumber } from './methods/eth/blockNumber.js';
import { call } from './methods/eth/call.js';
import { chainId } from './methods/eth/chainId.js';
import { estimateGas } from './methods/eth/estimateGas.js';
import { feeHistory } from './methods/eth/feeHistory.js';
import { gasPrice } from './methods/eth/gasPrice.js';
import { getBalance } from './methods/eth/getBalance.js';
import { getBlockByHash } from './methods/eth/getBlockByHash.js';
import { getBlockByNumber } from './methods/eth/getBlockByNumber.js';
import { getBlockReceipts } from './methods/eth/getBlockReceipts.js';
import { getCode } from './methods/eth/getCode.js';
import { getStorageAt } from './methods/eth/getStorageAt.js';
import { getTransactionByHash } from './methods/eth/getTransactionByHash.js';
import { getTransactionCount } from './methods/eth/getTransactionCount.js';
import { getTransactionReceipt } from './methods/eth/getTransactionReceipt.js';
import { maxPriorityFeePerGas } from './methods/eth/maxPriorityFeePerGas.js';
import { sendRawTransaction } from './methods/eth/sendRawTransaction.js';
import { sendRawTransactionSync } from './methods/eth/sendRawTransactionSync.js';
import { sendTransaction } from './methods/eth/sendTransaction.js';
import { subscribe } from './methods/eth/subscribe.js';
import { unsubscribe } from './methods/eth/unsubscribe.js';
import { version } from './methods/net/version.js';
import type { MethodDefinition } from './server/MethodDefinition.js';
import { clientVersion } from './methods/web3/clientVersion.js';

/** Every JSON-RPC method the node serves, listed explicitly (no discovery by reflection). */
export const ALL_METHODS: readonly MethodDefinition[] = [
  chainId,
  version,
  clientVersion,
  blockNumber,
  getBalance,
  getTransactionCount,
  getCode,
  getStorageAt,
  gasPrice,
  maxPriorityFeePerGas,
  feeHistory,
  sendRawTransaction,
  sendRawTransactionSync,
  sendTransaction,
  accounts,
  getTransactionByHash,
  getTransactionReceipt,
  getBlockByNumber,
  getBlockByHash,
  getBlockReceipts,
  call,
  estimateGas,
  subscribe,
  unsubscribe,
];
