import assert from "node:assert/strict";
import {
  bodyMatches,
  createSignatureVerifier,
  SIGNATURE_HEADERS,
  signRequest,
} from "./internal_signature.ts";

const SECRET = "s".repeat(40);
const body = new TextEncoder().encode('{"baseRevision":3}');
const NOW = Date.parse("2026-11-24T12:00:00Z");

function signed(overrides: Partial<{ secret: string; method: string; path: string }> = {}) {
  const headers = signRequest(overrides.secret ?? SECRET, {
    method: overrides.method ?? "PUT",
    path: overrides.path ?? "/internal/collab/rooms/abc",
    body,
    now: NOW,
  });
  return new Headers(headers);
}

const request = (headers: Headers, extra: { now?: number } = {}) => ({
  method: "PUT",
  path: "/internal/collab/rooms/abc",
  headers,
  now: extra.now ?? NOW,
});

Deno.test("a signed request passes once; the same request again is a replay", () => {
  const verifier = createSignatureVerifier(() => SECRET);
  const headers = signed();
  assert.deepEqual(verifier.verify(request(headers)), { ok: true });
  assert.deepEqual(verifier.verify(request(headers)), { ok: false, reason: "request replayed" });
});

Deno.test("another secret, method, path or body does not match", () => {
  const verifier = createSignatureVerifier(() => SECRET);
  for (
    const headers of [
      signed({ secret: "t".repeat(40) }),
      signed({ method: "GET" }),
      signed({ path: "/internal/collab/rooms/xyz" }),
    ]
  ) {
    assert.equal(verifier.verify(request(headers)).ok, false);
  }
  // The body is checked against the hash it declared; declaring another hash breaks the signature.
  const headers = signed();
  assert.equal(bodyMatches(headers, body), true);
  assert.equal(bodyMatches(headers, new TextEncoder().encode('{"baseRevision":9}')), false);
  headers.set(SIGNATURE_HEADERS.bodyHash, "0".repeat(64));
  assert.deepEqual(verifier.verify(request(headers)), {
    ok: false,
    reason: "signature does not match",
  });
});

Deno.test("a timestamp more than a minute away is refused, and missing headers are named", () => {
  const verifier = createSignatureVerifier(() => SECRET);
  assert.deepEqual(verifier.verify(request(signed(), { now: NOW + 61_000 })), {
    ok: false,
    reason: "timestamp is more than a minute off",
  });
  assert.equal(verifier.verify(request(signed(), { now: NOW - 59_000 })).ok, true);
  const bare = new Headers(signed());
  bare.delete(SIGNATURE_HEADERS.nonce);
  assert.deepEqual(verifier.verify(request(bare)), {
    ok: false,
    reason: "missing or malformed signature headers",
  });
});

Deno.test("nonces are forgotten after their window, and a full memory refuses instead", () => {
  const verifier = createSignatureVerifier(() => SECRET, { maxNonces: 2 });
  assert.equal(verifier.verify(request(signed())).ok, true);
  assert.equal(verifier.verify(request(signed())).ok, true);
  assert.deepEqual(verifier.verify(request(signed())), {
    ok: false,
    reason: "too many requests in flight",
  });
  // Two minutes on, the old nonces can no longer be replayed (their timestamps fail): forgotten.
  const later = Date.parse("2026-11-24T12:02:01Z");
  const fresh = new Headers(
    signRequest(SECRET, { method: "PUT", path: "/internal/collab/rooms/abc", body, now: later }),
  );
  assert.equal(verifier.verify(request(fresh, { now: later })).ok, true);
});
