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
const SUBJECT = { sub: "user-42", did: "diagram-7", sid: "s:session-9" };
const ISSUED_AT = 1_700_000_000;

// Computed independently with openssl:
//   payload=$(printf '%s' '{"sub":"user-42","did":"diagram-7","sid":"s:session-9","exp":1700000300}' \
//     | basenc --base64url | tr -d '=\n')
//   printf '%s' "$payload" | openssl dgst -sha256 -hmac 's3crét-ключ-🔑' -binary \
//     | basenc --base64url | tr -d '='
const KNOWN_TOKEN =
  "eyJzdWIiOiJ1c2VyLTQyIiwiZGlkIjoiZGlhZ3JhbS03Iiwic2lkIjoiczpzZXNzaW9uLTkiLCJleHAiOjE3MDAwMDAzMDB9" +
  ".nQYd46k8kcr7zdANqcopkDZGlTQJIdCITjCnCeFEfls";

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
    claims: { sub: "user-42", did: "diagram-7", sid: "s:session-9", exp: ISSUED_AT + 300 },
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
  assert.throws(() => signCollabToken(SECRET, { ...SUBJECT, sub: "" }), TypeError);
  assert.throws(() => signCollabToken(SECRET, { ...SUBJECT, did: "" }), TypeError);
  assert.throws(() => signCollabToken(SECRET, { ...SUBJECT, sid: "" }), TypeError);
  // A session is named by its kind and row id: never anything shaped like a cookie value.
  assert.throws(() => signCollabToken(SECRET, { ...SUBJECT, sid: "session-9" }), TypeError);
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
  // Standard base64's "/" (base64url spells it "_").
  assertRejected(`${payload}./${signature.slice(1)}`, "bad_base64");
  assertRejected(`${payload}.${signature}AA`, "bad_base64");
});

Deno.test("rejects as bad_signature a token signed with a different secret", () => {
  const token = signCollabToken("another secret", SUBJECT, { now: ISSUED_AT });
  assertRejected(token, "bad_signature");
});

Deno.test("rejects as bad_signature a tampered payload", () => {
  const signature = KNOWN_TOKEN.split(".")[1];
  const forgedClaims = JSON.stringify({ ...SUBJECT, sub: "admin", exp: ISSUED_AT + 300 });
  const forgedPayload = encodeBase64Url(new TextEncoder().encode(forgedClaims));
  assertRejected(`${forgedPayload}.${signature}`, "bad_signature");
});

Deno.test("rejects as bad_signature a truncated signature", () => {
  assertRejected(KNOWN_TOKEN.slice(0, -3), "bad_signature");
});

Deno.test("rejects as bad_json a correctly signed payload that is not claims JSON", () => {
  const good = { ...SUBJECT, exp: ISSUED_AT + 300 };
  /** The good claims with one of them changed, or left out when `value` is undefined. */
  const claims = (name: keyof typeof good, value?: unknown) =>
    JSON.stringify({ ...good, [name]: value });
  const payloads: (string | Uint8Array)[] = [
    "not json",
    "null",
    "[]",
    `"string"`,
    claims("sub"),
    claims("sub", ""),
    claims("sub", 7),
    claims("did"),
    claims("did", ""),
    claims("sid"),
    claims("sid", ""),
    claims("sid", 7),
    claims("sid", "x:session-9"),
    claims("sid", "s:"),
    claims("exp"),
    claims("exp", String(good.exp)),
    claims("exp", good.exp + 0.5),
    new Uint8Array([0x7b, 0xff, 0x7d]), // invalid UTF-8
  ];
  assert.equal(
    verifyCollabToken(SECRET, signRawPayload(JSON.stringify(good)), {
      diagramId: "diagram-7",
      now: ISSUED_AT,
    }).ok,
    true,
  );
  for (const payload of payloads) {
    assertRejected(signRawPayload(payload), "bad_json");
  }
});

Deno.test("rejects as expired a token checked at or after its exp", () => {
  const token = signRawPayload(
    `{"sub":"user-42","did":"diagram-7","sid":"s:session-9","exp":${ISSUED_AT}}`,
  );
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
