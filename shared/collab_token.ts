// Short-lived tokens that let a browser join one diagram's collaboration room.
// The format is shared with other programs that mint and check it, so every byte matters:
//   <payload>.<sig>
//   payload = base64url(UTF-8 JSON {"sub":…,"did":…,"sid":…,"exp":…}, keys in that order)
//   sig     = base64url(HMAC-SHA256(key = UTF-8 bytes of the secret, data = payload text))
import { createHmac, timingSafeEqual } from "node:crypto";
import { decodeBase64Url, encodeBase64Url } from "./base64url.ts";

export const COLLAB_TOKEN_TTL_SECONDS = 300;

/**
 * The session a token was granted by, as the diagram service names it: a kind letter and the
 * row's id, never its secret. `s` a browser's sign-in, `t` an access token, `v` a visitor of a
 * share link (viewing only), `g` a guest editing through an edit link. The collab server asks the
 * diagram service whether it has ended, and reads one thing from the kind: what a `v` connection
 * may do (sessionMayWrite).
 */
export const SESSION_REF_SHAPE = /^[stvg]:[A-Za-z0-9_-]{1,64}$/;

/** Whether connections of this session may change a room: all but a share link's viewers. */
export function sessionMayWrite(session: string): boolean {
  return !session.startsWith("v:");
}

export interface CollabClaims {
  /** User id. */
  sub: string;
  /** Diagram id. */
  did: string;
  /** The granting session (SESSION_REF_SHAPE): its end ends the token and its connections. */
  sid: string;
  /** Expiry, unix seconds. */
  exp: number;
}

export type CollabTokenFailure =
  | "malformed"
  | "bad_base64"
  | "bad_json"
  | "bad_signature"
  | "expired"
  | "wrong_diagram";

export type CollabTokenVerdict =
  | { ok: true; claims: CollabClaims }
  | { ok: false; reason: CollabTokenFailure; message: string };

const FAILURE_MESSAGES: Record<CollabTokenFailure, string> = {
  malformed: "collab token is not of the form <payload>.<signature>",
  bad_base64: "collab token is not valid base64url",
  bad_signature: "collab token signature does not match",
  bad_json: "collab token payload is not a valid claims object",
  expired: "collab token has expired",
  wrong_diagram: "collab token was issued for a different diagram",
};

export function signCollabToken(
  secret: string,
  subject: { sub: string; did: string; sid: string },
  options: { now?: number; ttlSeconds?: number } = {},
): string {
  const now = options.now ?? currentUnixSeconds();
  const claims = {
    sub: subject.sub,
    did: subject.did,
    sid: subject.sid,
    exp: now + (options.ttlSeconds ?? COLLAB_TOKEN_TTL_SECONDS),
  };
  // Refuse to mint what verification would reject, so the mistake surfaces at its source.
  if (!isCollabClaims(claims)) {
    throw new TypeError(
      "collab token claims need a non-empty sub and did, a session reference and an integer exp",
    );
  }
  const payload = encodeBase64Url(new TextEncoder().encode(JSON.stringify(claims)));
  return `${payload}.${encodeBase64Url(hmacSha256(secret, payload))}`;
}

export function verifyCollabToken(
  secret: string,
  token: string,
  expected: { diagramId: string; now?: number },
): CollabTokenVerdict {
  const parts = token.split(".");
  if (parts.length !== 2 || parts[0] === "" || parts[1] === "") return failure("malformed");
  const [payload, signature] = parts;

  const payloadBytes = decodeBase64Url(payload);
  const signatureBytes = decodeBase64Url(signature);
  if (payloadBytes === null || signatureBytes === null) return failure("bad_base64");

  const expectedSignature = hmacSha256(secret, payload);
  if (
    signatureBytes.length !== expectedSignature.length ||
    !timingSafeEqual(signatureBytes, expectedSignature)
  ) {
    return failure("bad_signature");
  }

  const claims = parseClaims(payloadBytes);
  if (claims === null) return failure("bad_json");
  if ((expected.now ?? currentUnixSeconds()) >= claims.exp) return failure("expired");
  if (claims.did !== expected.diagramId) return failure("wrong_diagram");
  return { ok: true, claims };
}

function failure(reason: CollabTokenFailure): CollabTokenVerdict {
  return { ok: false, reason, message: FAILURE_MESSAGES[reason] };
}

function hmacSha256(secret: string, payload: string): Uint8Array {
  return createHmac("sha256", new TextEncoder().encode(secret)).update(payload, "ascii").digest();
}

function currentUnixSeconds(): number {
  return Math.floor(Date.now() / 1000);
}

function parseClaims(bytes: Uint8Array): CollabClaims | null {
  let parsed: unknown;
  try {
    parsed = JSON.parse(new TextDecoder("utf-8", { fatal: true }).decode(bytes));
  } catch {
    return null;
  }
  return isCollabClaims(parsed)
    ? { sub: parsed.sub, did: parsed.did, sid: parsed.sid, exp: parsed.exp }
    : null;
}

function isCollabClaims(value: unknown): value is CollabClaims {
  if (typeof value !== "object" || value === null || Array.isArray(value)) return false;
  const { sub, did, sid, exp } = value as Record<string, unknown>;
  return typeof sub === "string" && sub !== "" &&
    typeof did === "string" && did !== "" &&
    typeof sid === "string" && SESSION_REF_SHAPE.test(sid) &&
    Number.isInteger(exp);
}
