import assert from "node:assert/strict";
import { createHmac } from "node:crypto";
import { encodeBase64Url } from "./base64url.ts";
import {
  COLLAB_TOKEN_TTL_SECONDS,
  type CollabTokenFailure,
  signCollabToken,
  verifyCollabToken,
} from "./collab_token.ts";

// The secret is non-ASCII on purpose: the key must be its UTF-8 bytes, used as-is.
const SECRET = "s3crét-ключ-🔑";
const SUBJECT = { sub: "user-42", did: "diagram-7" };
const ISSUED_AT = 1_700_000_000;

// Computed independently with openssl:
//   payload=$(printf '%s' '{"sub":"user-42","did":"diagram-7","exp":1700000300}' \
//     | basenc --base64url | tr -d '=\n')
//   printf '%s' "$payload" | openssl dgst -sha256 -hmac 's3crét-ключ-🔑' -binary \
//     | basenc --base64url | tr -d '='
const KNOWN_TOKEN = "eyJzdWIiOiJ1c2VyLTQyIiwiZGlkIjoiZGlhZ3JhbS03IiwiZXhwIjoxNzAwMDAwMzAwfQ" +
  ".fYHLN4Ka_-bIzW0DJYmqHBHihx4zofe0l2S0yYl4CQ4";

/** Builds a token with a correct signature over arbitrary payload text. */
function signRawPayload(json: string | Uint8Array, secret = SECRET): string {
  const bytes = typeof json === "string" ? new TextEncoder().encode(json) : json;
  const payload = encodeBase64Url(bytes);
  const hmac = createHmac("sha256", new TextEncoder().encode(secret)).update(payload).digest();
  return `${payload}.${encodeBase64Url(hmac)}`;
}

function assertRejected(
  token: string,
  reason: CollabTokenFailure,
  expected: { diagramId: string; now?: number } = { diagramId: "diagram-7", now: ISSUED_AT },
) {
  const verdict = verifyCollabToken(SECRET, token, expected);
  assert.equal(verdict.ok, false, `expected ${reason} for ${JSON.stringify(token)}`);
  if (!verdict.ok) {
    assert.equal(verdict.reason, reason, JSON.stringify(token));
    assert.ok(verdict.message.length > 0);
  }
}

Deno.test("signing matches the independently computed openssl token byte for byte", () => {
  assert.equal(signCollabToken(SECRET, SUBJECT, { now: ISSUED_AT }), KNOWN_TOKEN);
});

Deno.test("the known token verifies and yields its claims", () => {
  const verdict = verifyCollabToken(SECRET, KNOWN_TOKEN, {
    diagramId: "diagram-7",
    now: ISSUED_AT,
  });
  assert.deepEqual(verdict, {
    ok: true,
    claims: { sub: "user-42", did: "diagram-7", exp: ISSUED_AT + 300 },
  });
});

Deno.test("tokens live for 300 seconds by default", () => {
  assert.equal(COLLAB_TOKEN_TTL_SECONDS, 300);
  const token = signCollabToken(SECRET, SUBJECT, { now: ISSUED_AT });
  const lastValidSecond = { diagramId: "diagram-7", now: ISSUED_AT + 299 };
  assert.equal(verifyCollabToken(SECRET, token, lastValidSecond).ok, true);
  assertRejected(token, "expired", { diagramId: "diagram-7", now: ISSUED_AT + 300 });
});

Deno.test("a custom lifetime moves the expiry", () => {
  const token = signCollabToken(SECRET, SUBJECT, { now: ISSUED_AT, ttlSeconds: 10 });
  const verdict = verifyCollabToken(SECRET, token, { diagramId: "diagram-7", now: ISSUED_AT });
  assert.equal(verdict.ok && verdict.claims.exp, ISSUED_AT + 10);
});

Deno.test("without an explicit clock, fresh tokens verify and old ones are expired", () => {
  const fresh = signCollabToken(SECRET, SUBJECT);
  assert.equal(verifyCollabToken(SECRET, fresh, { diagramId: "diagram-7" }).ok, true);
  assertRejected(KNOWN_TOKEN, "expired", { diagramId: "diagram-7" });
});

Deno.test("signing refuses claims that verification would reject", () => {
  assert.throws(() => signCollabToken(SECRET, { sub: "", did: "d" }), TypeError);
  assert.throws(() => signCollabToken(SECRET, { sub: "u", did: "" }), TypeError);
  assert.throws(() => signCollabToken(SECRET, SUBJECT, { now: 1.5 }), TypeError);
});

Deno.test("rejects as malformed anything that is not exactly two non-empty dot-separated parts", () => {
  const [payload, signature] = KNOWN_TOKEN.split(".");
  for (
    const token of ["", ".", payload, `${payload}.`, `.${signature}`, `${KNOWN_TOKEN}.x`, "a..b"]
  ) {
    assertRejected(token, "malformed");
  }
});

Deno.test("rejects as bad_base64 a part that is not strict base64url", () => {
  const [payload, signature] = KNOWN_TOKEN.split(".");
  assertRejected(`${payload}=.${signature}`, "bad_base64");
  assertRejected(`${payload}.${signature}=`, "bad_base64");
  assertRejected(`${payload}.${signature.replace("_", "/")}`, "bad_base64");
  assertRejected(`${payload}.${signature}AA`, "bad_base64");
});

Deno.test("rejects as bad_signature a token signed with a different secret", () => {
  const token = signCollabToken("another secret", SUBJECT, { now: ISSUED_AT });
  assertRejected(token, "bad_signature");
});

Deno.test("rejects as bad_signature a tampered payload", () => {
  const signature = KNOWN_TOKEN.split(".")[1];
  const forgedClaims = JSON.stringify({ sub: "admin", did: "diagram-7", exp: ISSUED_AT + 300 });
  const forgedPayload = encodeBase64Url(new TextEncoder().encode(forgedClaims));
  assertRejected(`${forgedPayload}.${signature}`, "bad_signature");
});

Deno.test("rejects as bad_signature a truncated signature", () => {
  assertRejected(KNOWN_TOKEN.slice(0, -3), "bad_signature");
});

Deno.test("rejects as bad_json a correctly signed payload that is not claims JSON", () => {
  const exp = ISSUED_AT + 300;
  const payloads: (string | Uint8Array)[] = [
    "not json",
    "null",
    "[]",
    `"string"`,
    `{"did":"diagram-7","exp":${exp}}`,
    `{"sub":"","did":"diagram-7","exp":${exp}}`,
    `{"sub":7,"did":"diagram-7","exp":${exp}}`,
    `{"sub":"user-42","exp":${exp}}`,
    `{"sub":"user-42","did":"","exp":${exp}}`,
    `{"sub":"user-42","did":"diagram-7"}`,
    `{"sub":"user-42","did":"diagram-7","exp":"${exp}"}`,
    `{"sub":"user-42","did":"diagram-7","exp":${exp}.5}`,
    new Uint8Array([0x7b, 0xff, 0x7d]), // invalid UTF-8
  ];
  for (const payload of payloads) {
    assertRejected(signRawPayload(payload), "bad_json");
  }
});

Deno.test("rejects as expired a token checked at or after its exp", () => {
  const token = signRawPayload(`{"sub":"user-42","did":"diagram-7","exp":${ISSUED_AT}}`);
  assertRejected(token, "expired", { diagramId: "diagram-7", now: ISSUED_AT });
});

Deno.test("rejects as wrong_diagram a valid token for another diagram", () => {
  assertRejected(KNOWN_TOKEN, "wrong_diagram", { diagramId: "diagram-8", now: ISSUED_AT });
});

Deno.test("checks the signature before looking at the claims", () => {
  const forged = signRawPayload("not json", "another secret");
  assertRejected(forged, "bad_signature");
});

Deno.test("never throws for hostile token strings", () => {
  const hostile = ["\u0000.\u0000", "\ud800.\udfff", "é.é", "a".repeat(100_000) + ".b", "🔑.🔑"];
  for (const token of hostile) {
    const verdict = verifyCollabToken(SECRET, token, { diagramId: "diagram-7" });
    assert.equal(verdict.ok, false);
  }
});
