import { anvilAddBalance } from './methods/anvil/addBalance.js';
import { anvilAutoImpersonateAccount } from './methods/anvil/autoImpersonateAccount.js';
import { anvilDealErc20 } from './methods/anvil/dealERC20.js';
import { anvilDropAllTransactions } from './methods/anvil/dropAllTransactions.js';
import { anvilDropTransaction } from './methods/anvil/dropTransaction.js';
import { anvilDumpState } from './methods/anvil/dumpState.js';
import { anvilGetAutomine } from './methods/anvil/getAutomine.js';
import { anvilGetBlobByHash } from './methods/anvil/getBlobByHash.js';
import { anvilGetBlobsByTransactionHash } from './methods/anvil/getBlobsByTransactionHash.js';
import { anvilGetGenesisTime } from './methods/anvil/getGenesisTime.js';
import { anvilGetIntervalMining } from './methods/anvil/getIntervalMining.js';
import { anvilImpersonateAccount } from './methods/anvil/impersonateAccount.js';
import { anvilIncreaseTime } from './methods/anvil/increaseTime.js';
import { anvilLoadState } from './methods/anvil/loadState.js';
import { anvilMetadata } from './methods/anvil/metadata.js';
import { anvilMine, hardhatMine } from './methods/anvil/mine.js';
import { anvilMineDetailed } from './methods/anvil/mineDetailed.js';
import { anvilNodeInfo } from './methods/anvil/nodeInfo.js';
import { anvilRemoveBlockTimestampInterval } from './methods/anvil/removeBlockTimestampInterval.js';
import { anvilRemovePoolTransactions } from './methods/anvil/removePoolTransactions.js';
import { anvilReset, hardhatReset } from './methods/anvil/reset.js';
import { anvilRevert } from './methods/anvil/revert.js';
import { anvilRollback } from './methods/anvil/rollback.js';
import { anvilSetAutomine } from './methods/anvil/setAutomine.js';
import { anvilSetBalance } from './methods/anvil/setBalance.js';
import { anvilSetBlockGasLimit } from './methods/anvil/setBlockGasLimit.js';
import { anvilSetBlockTimestampInterval } from './methods/anvil/setBlockTimestampInterval.js';
import { anvilSetCode } from './methods/anvil/setCode.js';
import { anvilSetCoinbase, hardhatSetCoinbase } from './methods/anvil/setCoinbase.js';
import { anvilSetErc20Allowance } from './methods/anvil/setERC20Allowance.js';
import { anvilSetIntervalMining } from './methods/anvil/setIntervalMining.js';
import { anvilSetLoggingEnabled } from './methods/anvil/setLoggingEnabled.js';
import { anvilSetMinGasPrice, hardhatSetMinGasPrice } from './methods/anvil/setMinGasPrice.js';
import { anvilSetNextBlockBaseFeePerGas, hardhatSetNextBlockBaseFeePerGas } from './methods/anvil/setNextBlockBaseFeePerGas.js';
import { anvilSetNextBlockTimestamp } from './methods/anvil/setNextBlockTimestamp.js';
import { anvilSetNonce } from './methods/anvil/setNonce.js';
import { anvilSetRpcUrl } from './methods/anvil/setRpcUrl.js';
import { anvilSetStorageAt } from './methods/anvil/setStorageAt.js';
import { anvilSetTime } from './methods/anvil/setTime.js';
import { anvilSnapshot } from './methods/anvil/snapshot.js';
import { anvilStopImpersonatingAccount } from './methods/anvil/stopImpersonatingAccount.js';
import { baseTransactionStatus } from './methods/base/transactionStatus.js';
import { transactionStatus } from './methods/chain/transactionStatus.js';
import { getRawBlock } from './methods/debug/getRawBlock.js';
import { getRawHeader } from './methods/debug/getRawHeader.js';
import { getRawReceipts } from './methods/debug/getRawReceipts.js';
import { getRawTransaction } from './methods/debug/getRawTransaction.js';
import { traceBlockByHash } from './methods/debug/traceBlockByHash.js';
import { traceBlockByNumber } from './methods/debug/traceBlockByNumber.js';
import { traceCall } from './methods/debug/traceCall.js';
import { traceTransaction } from './methods/debug/traceTransaction.js';
import { accounts } from './methods/eth/accounts.js';
import { baseFee } from './methods/eth/baseFee.js';
import { blobBaseFee } from './methods/eth/blobBaseFee.js';
import { blockNumber } from './methods/eth/blockNumber.js';
import { call } from './methods/eth/call.js';
import { capabilities } from './methods/eth/capabilities.js';
import { chainId } from './methods/eth/chainId.js';
import { config } from './methods/eth/config.js';
import { createAccessList } from './methods/eth/createAccessList.js';
import { estimateGas } from './methods/eth/estimateGas.js';
import { feeHistory } from './methods/eth/feeHistory.js';
import { gasPrice } from './methods/eth/gasPrice.js';
import { getAccount } from './methods/eth/getAccount.js';
import { getAccountInfo } from './methods/eth/getAccountInfo.js';
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
import { getStorageValues } from './methods/eth/getStorageValues.js';
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
import { sendTransactionSync } from './methods/eth/sendTransactionSync.js';
import { sendUnsignedTransaction } from './methods/eth/sendUnsignedTransaction.js';
import { sign } from './methods/eth/sign.js';
import { signTransaction } from './methods/eth/signTransaction.js';
import { signTypedDataV4 } from './methods/eth/signTypedDataV4.js';
import { simulateV1 } from './methods/eth/simulateV1.js';
import { subscribe } from './methods/eth/subscribe.js';
import { syncing } from './methods/eth/syncing.js';
import { uninstallFilter } from './methods/eth/uninstallFilter.js';
import { unsubscribe } from './methods/eth/unsubscribe.js';
import { evmMine } from './methods/evm/mine.js';
import { minerStart } from './methods/miner/start.js';
import { minerStop } from './methods/miner/stop.js';
import { listening } from './methods/net/listening.js';
import { peerCount } from './methods/net/peerCount.js';
import { version } from './methods/net/version.js';
import { opSupportedCapabilities } from './methods/op/supportedCapabilities.js';
import { personalSign } from './methods/personal/sign.js';
import { discover } from './methods/rpc/discover.js';
import { modules } from './methods/rpc/modules.js';
import { getCommitments as sequinGetCommitments } from './methods/sequin/getCommitments.js';
import { getPreconfirmation as sequinGetPreconfirmation } from './methods/sequin/getPreconfirmation.js';
import { sendRawTransactionSync as sequinSendRawTransactionSync } from './methods/sequin/sendRawTransactionSync.js';
import { sequencer as sequinSequencer } from './methods/sequin/sequencer.js';
import { buildBlockV1 } from './methods/testing/buildBlockV1.js';
import { content as txpoolContent } from './methods/txpool/content.js';
import { contentFrom as txpoolContentFrom } from './methods/txpool/contentFrom.js';
import { inspect as txpoolInspect } from './methods/txpool/inspect.js';
import { status as txpoolStatus } from './methods/txpool/status.js';
import { clientVersion } from './methods/web3/clientVersion.js';
import { sha3 } from './methods/web3/sha3.js';
import type { MethodDefinition } from './server/MethodDefinition.js';
import { servedMethods } from './server/servedMethods.js';

/**
 * Every JSON-RPC method the node defines, listed explicitly (no discovery by reflection); a method's
 * other names are its definition's `aliases`. docs/reference/methods.md is generated from this list.
 */
export const METHOD_DEFINITIONS: readonly MethodDefinition[] = [
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
  // Verifiable pre-confirmations (Sequin)
  sequinSequencer,
  sequinGetPreconfirmation,
  sequinGetCommitments,
  sequinSendRawTransactionSync,
  accounts,
  // Node-side signing for the dev accounts
  sendTransactionSync,
  signTransaction,
  sign,
  personalSign,
  signTypedDataV4,
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
  // Mining, time and snapshots (dedicated tier; Anvil's names and answers, Hardhat's aliases)
  anvilGetAutomine,
  anvilSetAutomine,
  anvilGetIntervalMining,
  anvilSetIntervalMining,
  minerStart,
  minerStop,
  evmMine,
  anvilMine,
  hardhatMine,
  anvilMineDetailed,
  anvilSetNextBlockBaseFeePerGas,
  hardhatSetNextBlockBaseFeePerGas,
  anvilSetMinGasPrice,
  hardhatSetMinGasPrice,
  anvilSetCoinbase,
  hardhatSetCoinbase,
  anvilSetBlockGasLimit,
  anvilIncreaseTime,
  anvilSetNextBlockTimestamp,
  anvilSetTime,
  anvilSetBlockTimestampInterval,
  anvilRemoveBlockTimestampInterval,
  anvilSnapshot,
  anvilRevert,
  anvilRollback,
  anvilReset,
  hardhatReset,
  // The dev surface of Anvil and Hardhat (state edits, impersonation, dumps, the pool, node info)
  anvilAddBalance,
  anvilAutoImpersonateAccount,
  anvilDealErc20,
  anvilDropAllTransactions,
  anvilDropTransaction,
  anvilDumpState,
  anvilGetBlobByHash,
  anvilGetBlobsByTransactionHash,
  anvilGetGenesisTime,
  anvilImpersonateAccount,
  anvilLoadState,
  anvilMetadata,
  anvilNodeInfo,
  anvilRemovePoolTransactions,
  anvilSetBalance,
  anvilSetCode,
  anvilSetErc20Allowance,
  anvilSetNonce,
  anvilSetLoggingEnabled,
  anvilSetStorageAt,
  anvilStopImpersonatingAccount,
  getAccount,
  getAccountInfo,
  sendUnsignedTransaction,
  // Conformance with the execution-apis spec (issue 12)
  simulateV1,
  getStorageValues,
  baseFee,
  capabilities,
  getRawBlock,
  getRawHeader,
  getRawReceipts,
  getRawTransaction,
  config,
  buildBlockV1,
  // Fork mode
  anvilSetRpcUrl,
  // Base's and the OP Stack's flashblocks names (docs/flashblocks.md)
  baseTransactionStatus,
  opSupportedCapabilities,
];

/** Every name the node answers to: each definition, then its aliases (what rpc.discover lists). */
export const ALL_METHODS: readonly MethodDefinition[] = servedMethods(METHOD_DEFINITIONS);
