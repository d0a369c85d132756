// Identifiers of the venue: condition / question ids (bytes32), wallet addresses and the
// decimal uint256 token ids of the trading surface, all derived with keccak256.
import { keccak256 } from '@shared/crypto/keccak.js';
import { bytesToHex, hexToBytes, utf8ToBytes } from '@noble/hashes/utils.js';

const HEX32 = /^0x[0-9a-fA-F]{64}$/;

/** 0x + lowercase hex of `bytes`. */
export function hexId(bytes: Uint8Array): string {
  return `0x${bytesToHex(bytes)}`;
}

/** keccak256 of a UTF-8 seed string as a bytes32 id (0x + 64 lowercase hex). */
export function hashId(seed: string): string {
  return hexId(keccak256(utf8ToBytes(seed)));
}

/** A wallet address (0x + 40 lowercase hex): the last 20 bytes of keccak256(seed). */
export function addressFor(seed: string): string {
  return hexId(keccak256(utf8ToBytes(seed)).subarray(12));
}

/** A uint256 as 32 big-endian bytes. */
function uint256Bytes(n: bigint): Uint8Array {
  return hexToBytes(n.toString(16).padStart(64, '0'));
}

/** Condition id of a question in the conditional-token scheme:
 *  keccak256(oracle address ‖ question id ‖ outcome slot count as uint256). */
export function conditionIdFor(oracle: string, questionId: string, outcomeCount: number): string {
  const oracleBytes = hexToBytes(oracle.slice(2));
  const question = hexToBytes(questionId.slice(2));
  const buf = new Uint8Array(20 + 32 + 32);
  buf.set(oracleBytes, 0);
  buf.set(question, 20);
  buf.set(uint256Bytes(BigInt(outcomeCount)), 52);
  return hexId(keccak256(buf));
}

/** Token id of outcome `outcomeIndex` of a condition: the decimal uint256
 *  keccak256(condition id bytes32 ‖ outcome index as a 32-byte big-endian uint256). */
export function tokenIdFor(conditionId: string, outcomeIndex: number): string {
  if (!HEX32.test(conditionId)) throw new RangeError(`condition id ${conditionId} is not 0x + 64 hex`);
  if (!Number.isSafeInteger(outcomeIndex) || outcomeIndex < 0) throw new RangeError(`bad outcome index ${outcomeIndex}`);
  const buf = new Uint8Array(64);
  buf.set(hexToBytes(conditionId.slice(2)), 0);
  buf.set(uint256Bytes(BigInt(outcomeIndex)), 32);
  return BigInt(`0x${bytesToHex(keccak256(buf))}`).toString(10);
}
