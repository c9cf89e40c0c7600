// Password hashing with scrypt. The stored string carries its own parameters so they can be
// raised later without invalidating existing hashes:
//   scrypt$<N>$<r>$<p>$<salt base64url>$<key base64url>
import { randomBytes, scrypt, timingSafeEqual } from "node:crypto";
import { decodeBase64Url, encodeBase64Url } from "../../shared/base64url.ts";

export interface ScryptParams {
  /** CPU/memory cost; a power of two. */
  N: number;
  /** Block size. */
  r: number;
  /** Parallelisation. */
  p: number;
  keyLength: number;
}

// N = 2^15 costs about 32 MiB and a fraction of a second per login.
const DEFAULT_PARAMS: ScryptParams = { N: 2 ** 15, r: 8, p: 1, keyLength: 32 };
const SALT_BYTES = 16;

// Stored strings come from our own database, but a corrupted or planted row must neither make
// a login unboundedly slow or memory-hungry nor let it pass against a trivially weak hash.
const ACCEPTED = {
  N: { min: 2 ** 14, max: 2 ** 20 },
  r: { min: 1, max: 32 },
  p: { min: 1, max: 16 },
  saltBytes: { min: 16, max: 64 },
  keyBytes: { min: 16, max: 64 },
  memoryBytes: { min: 0, max: 256 * 1024 * 1024 },
};

const SCHEME = "scrypt";
const FIELD_SEPARATOR = "$";

export function scryptKey(
  password: string | Uint8Array,
  salt: string | Uint8Array,
  params: ScryptParams,
): Promise<Uint8Array> {
  const { N, r, p, keyLength } = params;
  const options = { N, r, p, maxmem: scryptMemoryLimit(N, r, p) };
  return new Promise((resolve, reject) => {
    scrypt(password, salt, keyLength, options, (error, key) => {
      if (error) reject(error);
      else resolve(new Uint8Array(key));
    });
  });
}

/** node:crypto refuses to run above `maxmem`; its default (32 MiB) is too small for N = 2^15. */
function scryptMemoryLimit(N: number, r: number, p: number): number {
  const headroom = 1024 * 1024;
  return 128 * N * r * p + headroom;
}

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(SALT_BYTES);
  const key = await scryptKey(password, salt, DEFAULT_PARAMS);
  const { N, r, p } = DEFAULT_PARAMS;
  return [SCHEME, N, r, p, encodeBase64Url(salt), encodeBase64Url(key)].join(FIELD_SEPARATOR);
}

/** False for a wrong password and for any stored string that is malformed or out of bounds. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const parsed = parseStoredHash(stored);
  if (parsed === null) return false;
  const { params, salt, key } = parsed;
  try {
    const candidate = await scryptKey(password, salt, params);
    return timingSafeEqual(candidate, key);
  } catch {
    return false;
  }
}

interface StoredHash {
  params: ScryptParams;
  salt: Uint8Array;
  key: Uint8Array;
}

function parseStoredHash(stored: string): StoredHash | null {
  const fields = stored.split(FIELD_SEPARATOR);
  if (fields.length !== 6 || fields[0] !== SCHEME) return null;
  const [N, r, p] = fields.slice(1, 4).map(parseDecimal);
  const salt = decodeBase64Url(fields[4]);
  const key = decodeBase64Url(fields[5]);
  if (salt === null || key === null) return null;
  const acceptable = isPowerOfTwo(N) && within(N, ACCEPTED.N) && within(r, ACCEPTED.r) &&
    within(p, ACCEPTED.p) && within(salt.length, ACCEPTED.saltBytes) &&
    within(key.length, ACCEPTED.keyBytes) && within(128 * N * r * p, ACCEPTED.memoryBytes);
  return acceptable ? { params: { N, r, p, keyLength: key.length }, salt, key } : null;
}

/** Canonical decimal only (no sign, leading zeros, exponent or spaces); NaN otherwise. */
function parseDecimal(text: string): number {
  return /^[1-9][0-9]{0,8}$/.test(text) ? Number(text) : NaN;
}

function isPowerOfTwo(n: number): boolean {
  return n > 0 && (n & (n - 1)) === 0;
}

function within(n: number, range: { min: number; max: number }): boolean {
  return n >= range.min && n <= range.max;
}
