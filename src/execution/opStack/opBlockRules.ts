/**
 * The OP Stack's block rules (op-geth's state processor and state transition; the specs' exec-engine
 * pages), on the same seams as Ethereum's (execution/block/BlockRules.ts):
 *
 *   start          EIP-4788 beacon root, EIP-2935 parent hash (as on Ethereum, from Ecotone / Isthmus)
 *   opening        the L1-attributes deposit (l1Attributes.ts), from the producing path's L1
 *   execute        deposits by the deposit rules (executeDeposit.ts); anything else buys its L1 data fee
 *                  and operator fee with its gas (executeWithL1Fee.ts)
 *   after each     the fees to their vaults: base fee · gas used to the BaseFeeVault, the L1 fee to the
 *                  L1FeeVault, the operator fee to the OperatorFeeVault (the priority fee already went to
 *                  the coinbase, the SequencerFeeVault); deposits pay nothing
 *   receipt        a deposit's receipt carries its deposit nonce and receipt version
 *   end            no withdrawals, no rewards, no EIP-7685 requests: from Isthmus the requests hash is
 *                  sha256('') (the specs' isthmus/exec-engine.md#block-sealing)
 */
import { Address } from '@ethereumjs/util';
import { encodeReceipt } from '../../chain/receiptEncoding.js';
import { type OpRules, opRulesAt } from '../../config/opStack/opRules.js';
import { BASE_FEE_VAULT, L1_FEE_VAULT, OPERATOR_FEE_VAULT } from '../../config/opStack/predeployAddresses.js';
import { opStackOf } from '../../config/ScheduledCommon.js';
import type { BlockContext, BlockEnd, BlockRules, TransactionExecutor, TransactionOutcome } from '../block/BlockRules.js';
import { storeBeaconRoot, storeParentHash } from '../block/blockStartSystemCalls.js';
import { ethereumReceiptFields } from '../block/ethereumBlockRules.js';
import { asTransaction, depositOf, isDeposit } from './DepositTransaction.js';
import { executeDeposit } from './executeDeposit.js';
import { executeWithL1Fee } from './executeWithL1Fee.js';
import { l1AttributesDeposit } from './l1Attributes.js';
import { readL1Block } from './l1BlockValues.js';

const baseFeeVault = new Address(Buffer.from(BASE_FEE_VAULT, 'hex'));
const l1FeeVault = new Address(Buffer.from(L1_FEE_VAULT, 'hex'));
const operatorFeeVault = new Address(Buffer.from(OPERATOR_FEE_VAULT, 'hex'));

/** The OP rules of the block in `context` (its chain is an OP Stack chain: blockRulesOf chose these rules). */
function opRulesOf({ rules, block }: BlockContext): OpRules {
  return opRulesAt(opStackOf(rules)!, block.header.timestamp);
}

const executeOpTransaction: TransactionExecutor = async (context, transaction, blockGasUsed, options) => {
  const { execution, block } = context;
  const deposit = depositOf(transaction);
  if (deposit) return executeDeposit(execution, block, deposit, blockGasUsed);
  return executeWithL1Fee(execution, block, transaction, blockGasUsed, opRulesOf(context), options.raw);
};

/** Credits a transaction's fees to the vaults (op-geth's innerTransitionDb after execution; op-revm's reward_beneficiary). */
async function creditFeeVaults(context: BlockContext, transaction: { type: number }, outcome: TransactionOutcome): Promise<void> {
  if (isDeposit(transaction)) return;
  const { state } = context.execution;
  const credit = async (vault: Address, amount: bigint) => {
    if (amount === 0n) return;
    const account = await state.getAccount(vault);
    await state.modifyAccountFields(vault, { balance: (account?.balance ?? 0n) + amount });
  };
  await credit(baseFeeVault, (context.block.header.baseFeePerGas ?? 0n) * outcome.gasUsed);
  if (outcome.opStack?.kind === 'l1Fee') {
    await credit(l1FeeVault, outcome.opStack.l1Fee);
    await credit(operatorFeeVault, outcome.opStack.operatorFee);
  }
}

/** From Isthmus: no EIP-7685 requests, so the requests hash of an empty list. */
async function noRequests({ rules }: BlockContext, end: BlockEnd): Promise<void> {
  if (rules.isActivatedEIP(7685)) end.requests = [];
}

export const OP_STACK_BLOCK_RULES: BlockRules = {
  atStart: [storeBeaconRoot, storeParentHash],
  openingTransactions: (context, opening) => {
    if (opening.l1 === undefined) return [];
    const rules = opRulesOf(context);
    const { origin, sequenceNumber } = opening.l1.positionAfter(readL1Block(context.execution.state.asReader()), context.block.header.timestamp);
    return [asTransaction(l1AttributesDeposit({ origin, sequenceNumber, systemConfig: rules.chain.systemConfig }, rules, context.rules))];
  },
  executeTransaction: executeOpTransaction,
  afterTransaction: [creditFeeVaults],
  receiptOf: (transaction, outcome, cumulativeGasUsed) =>
    encodeReceipt({
      ...ethereumReceiptFields(transaction, outcome, cumulativeGasUsed),
      ...(outcome.opStack?.kind === 'deposit'
        ? {
            depositNonce: outcome.opStack.depositNonce,
            ...(outcome.opStack.depositReceiptVersion === undefined ? {} : { depositReceiptVersion: outcome.opStack.depositReceiptVersion }),
          }
        : {}),
    }),
  atEnd: [noRequests],
};
