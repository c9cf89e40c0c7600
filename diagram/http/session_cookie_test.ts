import assert from "node:assert/strict";
import { expiredSessionCookie, readSessionCookie, sessionCookie } from "./session_cookie.ts";

Deno.test("over https the cookie is Secure and __Host- prefixed; over http it is neither", () => {
  assert.match(
    sessionCookie("abc", true),
    /^__Host-diagram_session=abc; Path=\/; HttpOnly; SameSite=Lax; Max-Age=\d+; Secure$/,
  );
  const plain = sessionCookie("abc", false);
  assert.match(plain, /^diagram_session=abc; Path=\/; HttpOnly; SameSite=Lax; Max-Age=\d+$/);
  assert.doesNotMatch(plain, /Secure/);
  assert.match(expiredSessionCookie(true), /Max-Age=0; Secure$/);
});

Deno.test("the session is read from its own cookie only", () => {
  assert.equal(readSessionCookie("a=1; diagram_session=tok; b=2", false), "tok");
  assert.equal(readSessionCookie("xdiagram_session=tok", false), null);
  // An http-named cookie planted over plain http does not count once the site is https.
  assert.equal(readSessionCookie("diagram_session=tok", true), null);
  assert.equal(readSessionCookie(null, false), null);
});
