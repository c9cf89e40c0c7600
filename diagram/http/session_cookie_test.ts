import assert from "node:assert/strict";
import { Hono } from "hono";
import { clearSessionCookie, readSessionCookie, setSessionCookie } from "./session_cookie.ts";

function cookieApp(secure: boolean) {
  const app = new Hono();
  app.post("/in", (c) => {
    setSessionCookie(c, "abc", secure);
    return c.body(null, 204);
  });
  app.post("/out", (c) => {
    clearSessionCookie(c, secure);
    return c.body(null, 204);
  });
  app.get("/who", (c) => c.text(readSessionCookie(c, secure) ?? "nobody"));
  return app;
}

async function setCookieOf(app: Hono, path: string): Promise<string> {
  return (await app.request(path, { method: "POST" })).headers.get("set-cookie") ?? "";
}

Deno.test("over https the cookie is __Host- prefixed, Secure, HttpOnly, Lax and Path=/", async () => {
  const header = await setCookieOf(cookieApp(true), "/in");
  assert.match(header, /^__Host-diagram_session=abc;/);
  for (const part of ["Path=/", "HttpOnly", "SameSite=Lax", "Secure"]) {
    assert.ok(header.split("; ").includes(part), `${part} missing in ${header}`);
  }
  assert.doesNotMatch(header, /Domain=/);
  assert.match(header, /Max-Age=2592000/);
});

Deno.test("over http the cookie is neither Secure nor prefixed", async () => {
  const header = await setCookieOf(cookieApp(false), "/in");
  assert.match(header, /^diagram_session=abc;/);
  assert.doesNotMatch(header, /Secure/);
});

Deno.test("logging out expires the same cookie", async () => {
  assert.match(await setCookieOf(cookieApp(true), "/out"), /^__Host-diagram_session=;.*Max-Age=0/);
  assert.match(await setCookieOf(cookieApp(false), "/out"), /^diagram_session=;.*Max-Age=0/);
});

Deno.test("the session is read from its own cookie only", async () => {
  const who = async (secure: boolean, cookie: string) =>
    await (await cookieApp(secure).request("/who", { headers: { cookie } })).text();
  assert.equal(await who(false, "a=1; diagram_session=tok; b=2"), "tok");
  assert.equal(await who(false, "xdiagram_session=tok"), "nobody");
  // A cookie planted over plain http does not count once the site is https.
  assert.equal(await who(true, "diagram_session=tok"), "nobody");
  assert.equal(await who(true, "__Host-diagram_session=tok"), "tok");
  assert.equal(await who(false, ""), "nobody");
});
