import { anvilSetRpcUrl } from './methods/anvil/setRpcUrl.js';
import { transactionStatus } from './methods/chain/transactionStatus.js';
import { traceBlockByHash } from './methods/debug/traceBlockByHash.js';
import { traceBlockByNumber } from './methods/debug/traceBlockByNumber.js';
import { traceCall } from './methods/debug/traceCall.js';
import { traceTransaction } from './methods/debug/traceTransaction.js';
import { accounts } from './methods/eth/accounts.js';
import { blobBaseFee } from './methods/eth/blobBaseFee.js';
import { blockNumber } from './methods/eth/blockNumber.js';
import { call } from './methods/eth/call.js';
import { chainId } from './methods/eth/chainId.js';
import { createAccessList } from './methods/eth/createAccessList.js';
import { estimateGas } from './methods/eth/estimateGas.js';
import { feeHistory } from './methods/eth/feeHistory.js';
import { gasPrice } from './methods/eth/gasPrice.js';
import { getBalance } from './methods/eth/getBalance.js';
import { getBlockByHash } from './methods/eth/getBlockByHash.js';
import { getBlockByNumber } from './methods/eth/getBlockByNumber.js';
import { getBlockReceipts } from './methods/eth/getBlockReceipts.js';
import { getBlockTransactionCountByHash } from './methods/eth/getBlockTransactionCountByHash.js';
import { getBlockTransactionCountByNumber } from './methods/eth/getBlockTransactionCountByNumber.js';
import { getCode } from './methods/eth/getCode.js';
import { getFilterChanges } from './methods/eth/getFilterChanges.js';
import { getFilterLogs } from './methods/eth/getFilterLogs.js';
import { getLogs } from './methods/eth/getLogs.js';
import { getProof } from './methods/eth/getProof.js';
import { getStorageAt } from './methods/eth/getStorageAt.js';
import { getTransactionByBlockHashAndIndex } from './methods/eth/getTransactionByBlockHashAndIndex.js';
import { getTransactionByBlockNumberAndIndex } from './methods/eth/getTransactionByBlockNumberAndIndex.js';
import { getTransactionByHash } from './methods/eth/getTransactionByHash.js';
import { getTransactionCount } from './methods/eth/getTransactionCount.js';
import { getTransactionReceipt } from './methods/eth/getTransactionReceipt.js';
import { getUncleByBlockHashAndIndex } from './methods/eth/getUncleByBlockHashAndIndex.js';
import { getUncleByBlockNumberAndIndex } from './methods/eth/getUncleByBlockNumberAndIndex.js';
import { getUncleCountByBlockHash } from './methods/eth/getUncleCountByBlockHash.js';
import { getUncleCountByBlockNumber } from './methods/eth/getUncleCountByBlockNumber.js';
import { maxPriorityFeePerGas } from './methods/eth/maxPriorityFeePerGas.js';
import { newBlockFilter } from './methods/eth/newBlockFilter.js';
import { newFilter } from './methods/eth/newFilter.js';
import { newPendingTransactionFilter } from './methods/eth/newPendingTransactionFilter.js';
import { sendRawTransaction } from './methods/eth/sendRawTransaction.js';
import { sendRawTransactionSync } from './methods/eth/sendRawTransactionSync.js';
import { sendTransaction } from './methods/eth/sendTransaction.js';
import { subscribe } from './methods/eth/subscribe.js';
import { syncing } from './methods/eth/syncing.js';
import { uninstallFilter } from './methods/eth/uninstallFilter.js';
import { unsubscribe } from './methods/eth/unsubscribe.js';
import { listening } from './methods/net/listening.js';
import { peerCount } from './methods/net/peerCount.js';
import { version } from './methods/net/version.js';
import { discover } from './methods/rpc/discover.js';
import { modules } from './methods/rpc/modules.js';
import { content as txpoolContent } from './methods/txpool/content.js';
import { contentFrom as txpoolContentFrom } from './methods/txpool/contentFrom.js';
import { inspect as txpoolInspect } from './methods/txpool/inspect.js';
import { status as txpoolStatus } from './methods/txpool/status.js';
import { clientVersion } from './methods/web3/clientVersion.js';
import { sha3 } from './methods/web3/sha3.js';
import type { MethodDefinition } from './server/MethodDefinition.js';

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
  createAccessList,
  getProof,
  traceTransaction,
  traceCall,
  traceBlockByNumber,
  traceBlockByHash,
  // Logs and filters
  getLogs,
  newFilter,
  newBlockFilter,
  newPendingTransactionFilter,
  getFilterChanges,
  getFilterLogs,
  uninstallFilter,
  // Blocks by position, uncles, node status
  getTransactionByBlockHashAndIndex,
  getTransactionByBlockNumberAndIndex,
  getBlockTransactionCountByHash,
  getBlockTransactionCountByNumber,
  getUncleByBlockHashAndIndex,
  getUncleByBlockNumberAndIndex,
  getUncleCountByBlockHash,
  getUncleCountByBlockNumber,
  syncing,
  blobBaseFee,
  listening,
  peerCount,
  sha3,
  // Pool and transaction lifecycle
  txpoolStatus,
  txpoolContent,
  txpoolContentFrom,
  txpoolInspect,
  transactionStatus,
  // Discovery
  modules,
  discover,
  // Fork mode
  anvilSetRpcUrl,
];
