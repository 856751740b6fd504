/**
 * Read methods (and raw submission) the wallet passes to the active network's RPC unchanged,
 * as every injected wallet does. Anything neither forwarded nor handled by the wallet answers
 * 4200 (EIP-1193): a wallet must not forward signing or account methods it does not understand.
 */
export const FORWARDED_METHODS: ReadonlySet<string> = new Set([
  'eth_blockNumber',
  'eth_call',
  'eth_estimateGas',
  'eth_feeHistory',
  'eth_gasPrice',
  'eth_getBalance',
  'eth_getBlockByHash',
  'eth_getBlockByNumber',
  'eth_getBlockReceipts',
  'eth_getBlockTransactionCountByHash',
  'eth_getBlockTransactionCountByNumber',
  'eth_getCode',
  'eth_getLogs',
  'eth_getProof',
  'eth_getStorageAt',
  'eth_getTransactionByBlockHashAndIndex',
  'eth_getTransactionByBlockNumberAndIndex',
  'eth_getTransactionByHash',
  'eth_getTransactionCount',
  'eth_getTransactionReceipt',
  'eth_maxPriorityFeePerGas',
  'eth_sendRawTransaction',
  'eth_sendRawTransactionSync',
  'eth_syncing',
  'net_listening',
  'web3_clientVersion',
]);
