/**
 * The OP Stack's predeploy addresses the node itself uses (the specs' protocol/predeploys.md), as
 * unprefixed lower-case hex (the state's key form). The whole genesis set is genesisPredeploys.ts.
 */
export const L1_BLOCK = '4200000000000000000000000000000000000015';
export const GAS_PRICE_ORACLE = '420000000000000000000000000000000000000f';
export const L2_TO_L1_MESSAGE_PASSER = '4200000000000000000000000000000000000016';
/** Receives the priority fee: it is every OP block's coinbase (fee recipient). */
export const SEQUENCER_FEE_VAULT = '4200000000000000000000000000000000000011';
export const BASE_FEE_VAULT = '4200000000000000000000000000000000000019';
export const L1_FEE_VAULT = '420000000000000000000000000000000000001a';
export const OPERATOR_FEE_VAULT = '420000000000000000000000000000000000001b';
/** The sender of the L1-attributes deposit (the specs' "depositor account"). */
export const L1_ATTRIBUTES_DEPOSITOR = 'deaddeaddeaddeaddeaddeaddeaddeaddead0001';
