/**
 * How job data (inputs, results, follow-up turns) is turned into the text a store persists.
 * The plain codec is JSON; the encrypting codec (security.encryption) seals each record with an AEAD
 * cipher and a random nonce. A store calls `encode` before writing and `decode` after reading;
 * `decode` throws AgentdError("record_tampered") when a sealed record was altered — never garbage.
 */
export interface RecordCodec {
  readonly name: string;
  /** True when encode() seals (so files written with it are not readable without the key). */
  readonly encrypts?: boolean;
  encode(value: unknown): string;
  decode(text: string): unknown;
}

export const plainCodec: RecordCodec = {
  name: 'json',
  encode: (value) => JSON.stringify(value),
  decode: (text) => JSON.parse(text) as unknown,
};
