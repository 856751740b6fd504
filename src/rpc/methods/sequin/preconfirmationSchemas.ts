import { type JsonSchema, Schema } from '../../schemas/jsonSchema.js';

/** A sub-block commitment as served (chain/subBlockCommitment.ts): the EIP-712 message's fields. */
const COMMITMENT_FIELDS = {
  blockNumber: Schema.quantity,
  index: Schema.quantity,
  previous: Schema.hash,
  timestamp: Schema.quantity,
  baseFeePerGas: Schema.quantity,
  transactionCount: Schema.quantity,
  firstLogIndexesHash: Schema.hash,
  transactionsRoot: Schema.hash,
  receiptsRoot: Schema.hash,
  stateRoot: Schema.hash,
} as const;

const commitment: JsonSchema = {
  title: 'sub-block commitment',
  type: 'object',
  properties: COMMITMENT_FIELDS,
  required: Object.keys(COMMITMENT_FIELDS),
};

/** `{ commitment, signature, hash }`: sequin_getCommitments' items. */
export const signedCommitmentSchema: JsonSchema = {
  title: 'signed sub-block commitment',
  type: 'object',
  properties: { commitment, signature: Schema.data, hash: Schema.hash },
  required: ['commitment', 'signature', 'hash'],
};

/** What sequin_getPreconfirmation and sequin_sendRawTransactionSync answer (services/preconfirmations/PreconfirmationAnswer.ts). */
export const preconfirmationSchema: JsonSchema = {
  title: 'verifiable pre-confirmation',
  type: 'object',
  properties: {
    transaction: Schema.transaction,
    receipt: Schema.receipt,
    commitment: { ...commitment, properties: { ...COMMITMENT_FIELDS, chainId: Schema.quantity }, required: [...Object.keys(COMMITMENT_FIELDS), 'chainId'] },
    signature: Schema.data,
    proof: {
      title: 'preconfirmation proof',
      type: 'object',
      properties: {
        commitments: Schema.arrayOf(commitment),
        firstLogIndexes: Schema.arrayOf(Schema.quantity),
        transaction: Schema.arrayOf(Schema.data),
        receipt: Schema.arrayOf(Schema.data),
        previousReceipt: Schema.arrayOf(Schema.data),
        header: Schema.data,
      },
      required: ['commitments', 'firstLogIndexes', 'transaction', 'receipt'],
    },
  },
  required: ['transaction', 'receipt', 'commitment', 'signature', 'proof'],
};
