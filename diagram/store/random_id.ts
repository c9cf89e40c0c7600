// Record ids: random, URL-safe and unguessable, so an id in a shared link reveals nothing about
// how many records exist or when they were made.
import { randomBytes } from "node:crypto";
import { encodeBase64Url } from "../../shared/base64url.ts";

const ID_BYTES = 16;

/** 22 characters of [A-Za-z0-9_-], 128 random bits. */
export function randomId(): string {
  return encodeBase64Url(randomBytes(ID_BYTES));
}

export const RANDOM_ID_SHAPE = /^[A-Za-z0-9_-]{22}$/;
