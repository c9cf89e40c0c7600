// Base64url (RFC 4648 §5) without padding, as used in tokens and stored hashes, on the runtime's
// own Uint8Array.prototype.toBase64 and Uint8Array.fromBase64.
// Decoding is strict so that every byte string has exactly one accepted text form: fromBase64
// alone would skip whitespace, take padding and ignore set trailing bits, so a text is accepted
// only when it is the very text its bytes encode to.

export function encodeBase64Url(bytes: Uint8Array): string {
  return bytes.toBase64({ alphabet: "base64url", omitPadding: true });
}

/** Returns null for empty, padded, truncated, non-canonical or out-of-alphabet input. */
export function decodeBase64Url(text: string): Uint8Array | null {
  if (text.length === 0) return null;
  let bytes: Uint8Array;
  try {
    bytes = Uint8Array.fromBase64(text, { alphabet: "base64url" });
  } catch {
    // Out of the alphabet, or a single dangling character that cannot make a whole byte.
    return null;
  }
  return encodeBase64Url(bytes) === text ? bytes : null;
}
