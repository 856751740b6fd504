import { keccak256 } from '../primitives/keccak.js';

/**
 * The hash the sender of a typed transaction (EIP-2718: type 1, 2 or 4) signed, cut from its raw bytes:
 * keccak256(type ‖ rlp([fields…])) with the signature's three fields (y-parity, r, s) left out. Why: the
 * same hash from ethereumjs (`getMessageToVerifySignature`) turns every field back into bytes and RLP-encodes
 * them again (~20 µs a transfer); the raw bytes already hold that encoding, field for field, once their RLP
 * has been decoded without error (canonical: @ethereumjs/rlp refuses any other). `fieldCount` is the
 * number of fields the decoded list has; the last three are the signature.
 */
export function typedSigningHash(raw: Uint8Array, fieldCount: number): Uint8Array {
  const payload = raw.subarray(1);
  const [listStart] = rlpHeader(payload, 0);
  let end = listStart;
  for (let field = 0; field < fieldCount - 3; field++) {
    const [contentStart, contentLength] = rlpHeader(payload, end);
    end = contentStart + contentLength;
  }
  const unsignedFields = payload.subarray(listStart, end);
  const header = listHeader(unsignedFields.length);
  const message = new Uint8Array(1 + header.length + unsignedFields.length);
  message[0] = raw[0]!;
  message.set(header, 1);
  message.set(unsignedFields, 1 + header.length);
  return keccak256(message);
}

/** Where the content of the RLP item at `offset` starts and how long it is (the item was decoded already, so well formed). */
function rlpHeader(bytes: Uint8Array, offset: number): [contentStart: number, contentLength: number] {
  const prefix = bytes[offset]!;
  if (prefix < 0x80) return [offset, 1];
  if (prefix <= 0xb7) return [offset + 1, prefix - 0x80];
  if (prefix < 0xc0) return longForm(bytes, offset, prefix - 0xb7);
  if (prefix <= 0xf7) return [offset + 1, prefix - 0xc0];
  return longForm(bytes, offset, prefix - 0xf7);
}

function longForm(bytes: Uint8Array, offset: number, lengthBytes: number): [number, number] {
  let length = 0;
  for (let index = 1; index <= lengthBytes; index++) length = length * 256 + bytes[offset + index]!;
  return [offset + 1 + lengthBytes, length];
}

/** The RLP header of a list whose content is `length` bytes. */
function listHeader(length: number): Uint8Array {
  if (length <= 55) return Uint8Array.of(0xc0 + length);
  const lengthBytes: number[] = [];
  for (let rest = length; rest > 0; rest = Math.floor(rest / 256)) lengthBytes.unshift(rest % 256);
  return Uint8Array.of(0xf7 + lengthBytes.length, ...lengthBytes);
}
