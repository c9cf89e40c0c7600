// A room token names the session that granted it, and the diagram service tells the collab server
// which sessions have ended, and when.
import assert from "node:assert/strict";
import { decodeBase64Url } from "../shared/base64url.ts";
import { sha256Hex } from "../shared/digest.ts";
import { signRequest } from "../shared/internal_signature.ts";
import { EMAIL, startDiagramWithAccount } from "./helpers/collab_instance.ts";

/** The claims of a room token. */
function claimsOf(token: string): { sub: string; did: string; sid: string; exp: number } {
  return JSON.parse(new TextDecoder().decode(decodeBase64Url(token.split(".")[0])!));
}

Deno.test("the diagram service names the granting session in each room token and says which sessions ended, and when", async () => {
  await using setup = await startDiagramWithAccount();
  const { diagram } = setup;
  const id = await setup.newDiagram();
  const other = await setup.signIn();
  const sessionRef = claimsOf(await setup.token(id)).sid;
  const otherRef = claimsOf(await setup.token(id, other)).sid;
  assert.match(sessionRef, /^s:[A-Za-z0-9_-]{22}$/);
  assert.notEqual(sessionRef, otherRef);
  // The session's own id: neither the cookie's secret nor the hash the database keeps of it.
  const secret = other.split("=")[1];
  assert.ok(!otherRef.includes(secret) && !otherRef.includes(sha256Hex(secret)));
  const created = await diagram.admin("create-token", EMAIL, "script");
  const answer = await fetch(new URL(`/api/diagrams/${id}/collab-token`, diagram.url), {
    method: "POST",
    headers: { authorization: `Bearer ${created.stdout.trim().split("\n").at(-1)}` },
  });
  const tokenRef = claimsOf((await answer.json()).token).sid;
  assert.match(tokenRef, /^t:/);

  /** POST /internal/collab/sessions, signed as the collab server signs it. */
  const ask = async (body: string) => {
    const path = "/internal/collab/sessions";
    const bytes = new TextEncoder().encode(body);
    const response = await fetch(new URL(path, diagram.url), {
      method: "POST",
      headers: {
        ...signRequest(diagram.env.COLLAB_SECRET, { method: "POST", path, body: bytes }),
        "content-type": "application/json",
      },
      body: bytes,
    });
    return { status: response.status, json: await response.json() };
  };
  const refs = [sessionRef, otherRef, tokenRef, "s:no-such-session"];
  assert.deepEqual(await ask(JSON.stringify({ ids: refs })), {
    status: 200,
    json: { ended: { "s:no-such-session": null } },
  });
  const signedOutAt = Date.now();
  assert.equal((await setup.api("POST", "/api/logout", undefined, other)).status, 204);
  assert.equal((await diagram.admin("revoke-token", EMAIL, "script")).code, 0);
  const { json } = await ask(JSON.stringify({ ids: refs }));
  assert.deepEqual(
    Object.keys(json.ended).sort(),
    [otherRef, "s:no-such-session", tokenRef].sort(),
  );
  for (const ref of [otherRef, tokenRef]) {
    assert.ok(Math.abs(json.ended[ref] - signedOutAt) < 10_000, `${ref} ended when it did`);
  }

  for (
    const body of [
      "not json",
      "{}",
      JSON.stringify({ ids: "s:abc" }),
      JSON.stringify({ ids: ["abc"] }),
      JSON.stringify({ ids: ["x:abc"] }),
      JSON.stringify({ ids: [], more: 1 }),
      JSON.stringify({ ids: Array(10_001).fill("s:abc") }),
    ]
  ) {
    const refused = await ask(body);
    assert.equal(refused.status, 400, body.slice(0, 40));
    assert.equal(typeof refused.json.error, "string");
  }
});
