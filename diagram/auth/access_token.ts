// Personal access tokens: random bearer secrets shown to the user once.
// Only the hash is stored, so a database leak does not leak usable tokens; a plain
// (unsalted, fast) hash is enough because the tokens carry 256 bits of randomness.
import { randomBytes } from "node:crypto";
import { encodeBase64Url } from "../../shared/base64url.ts";
import { sha256Hex } from "../digest.ts";

/** Makes tokens recognisable to users and to secret scanners. */
export const ACCESS_TOKEN_PREFIX = "dgm_";

const RANDOM_BYTES = 32;
const ENCODED_LENGTH = Math.ceil((RANDOM_BYTES * 8) / 6);
const ACCESS_TOKEN_SHAPE = new RegExp(`^${ACCESS_TOKEN_PREFIX}[A-Za-z0-9_-]{${ENCODED_LENGTH}}$`);

export function generateAccessToken(): { token: string; hash: string } {
  const token = ACCESS_TOKEN_PREFIX + encodeBase64Url(randomBytes(RANDOM_BYTES));
  return { token, hash: hashAccessToken(token) };
}

export function hashAccessToken(token: string): string {
  return sha256Hex(token);
}

/** Cheap pre-check so obviously wrong bearer values skip the database lookup. */
export function isAccessTokenShape(text: string): boolean {
  return ACCESS_TOKEN_SHAPE.test(text);
}
