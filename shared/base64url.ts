// Base64url (RFC 4648 §5) without padding, as used in tokens and stored hashes.
// Decoding is strict so that every byte string has exactly one accepted text form;
// anything a well-behaved encoder would not produce is rejected rather than guessed at.

const ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";

const NOT_IN_ALPHABET = -1;
const SEXTET_BY_CHAR_CODE = (() => {
  const table = new Int8Array(128).fill(NOT_IN_ALPHABET);
  for (let sextet = 0; sextet < ALPHABET.length; sextet++) {
    table[ALPHABET.charCodeAt(sextet)] = sextet;
  }
  return table;
})();

export function encodeBase64Url(bytes: Uint8Array): string {
  let text = "";
  for (let i = 0; i < bytes.length; i += 3) {
    const remaining = bytes.length - i;
    const group = (bytes[i] << 16) | ((bytes[i + 1] ?? 0) << 8) | (bytes[i + 2] ?? 0);
    text += ALPHABET[(group >> 18) & 63] + ALPHABET[(group >> 12) & 63];
    if (remaining > 1) text += ALPHABET[(group >> 6) & 63];
    if (remaining > 2) text += ALPHABET[group & 63];
  }
  return text;
}

/** Returns null for empty, padded, truncated, non-canonical or out-of-alphabet input. */
export function decodeBase64Url(text: string): Uint8Array | null {
  // A single leftover character carries only 6 bits, which cannot encode a whole byte.
  if (text.length === 0 || text.length % 4 === 1) return null;

  const bytes = new Uint8Array(Math.floor((text.length * 6) / 8));
  let buffer = 0;
  let bufferedBits = 0;
  let written = 0;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    const sextet = code < 128 ? SEXTET_BY_CHAR_CODE[code] : NOT_IN_ALPHABET;
    if (sextet === NOT_IN_ALPHABET) return null;
    buffer = ((buffer << 6) | sextet) & 0xfff;
    bufferedBits += 6;
    if (bufferedBits >= 8) {
      bufferedBits -= 8;
      bytes[written++] = (buffer >> bufferedBits) & 0xff;
    }
  }
  // Leftover bits must be zero, otherwise several texts would decode to the same bytes.
  const leftover = buffer & ((1 << bufferedBits) - 1);
  return leftover === 0 ? bytes : null;
}
