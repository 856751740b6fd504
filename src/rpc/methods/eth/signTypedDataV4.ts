import { ErrorCodes } from '../../errors/errorCodes.js';
import { address } from '../../schemas/decoders.js';
import { Schema, withSchema } from '../../schemas/jsonSchema.js';
import { defineMethod } from '../../server/MethodDefinition.js';
import { MethodErrors } from '../methodErrors.js';

/** The EIP-712 document: an object, or a string holding one (viem and ethers send a string). Its content is checked when it is hashed. */
const typedData = withSchema(
  (value: unknown) => {
    if (typeof value === 'string' || (typeof value === 'object' && value !== null && !Array.isArray(value))) return value;
    throw new TypeError('typed data object or JSON string expected');
  },
  { title: 'EIP-712 typed data', oneOf: [Schema.object, Schema.string] },
);

/**
 * eth_signTypedData_v4 (EIP-712, MetaMask's v4, Anvil): params [address, typedData]. Answers the
 * 65-byte signature of keccak256(0x1901 ‖ domainSeparator ‖ hashStruct(message)) by a dev account.
 * Invalid documents are -32602 in geth's words (see services/transactions/typedData/). Dedicated tier.
 */
export const signTypedDataV4 = defineMethod({
  name: 'eth_signTypedData_v4',
  summary: 'Signs EIP-712 typed data with a dev account of the node.',
  tier: 'dedicated',
  params: [
    { name: 'address', decode: address },
    { name: 'typedData', decode: typedData },
  ],
  result: { name: 'signature', schema: Schema.data },
  errors: [MethodErrors.unknownAccount, { code: ErrorCodes.invalidParams, when: "the typed data is not a valid EIP-712 document (geth's words)" }],
  handler: (backend, [signer, document]) => backend.transactions.signTypedData(signer, document),
});
