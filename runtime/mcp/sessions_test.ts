import assert from "node:assert/strict";
import { createSessionStore } from "./sessions.ts";

function fakeSession() {
  const session = { closed: 0, close: () => Promise.resolve(void session.closed++) };
  return session;
}

Deno.test("a session idle for longer than the timeout is closed and unknown", () => {
  let clock = 0;
  const store = createSessionStore({ maxSessions: 10, idleTimeoutMs: 1000, now: () => clock });
  const session = fakeSession();
  store.add("a", session);
  clock = 999;
  assert.equal(store.use("a"), session, "use restarts the idle clock");
  clock = 1998;
  assert.equal(store.use("a"), session);
  clock = 2998;
  assert.equal(store.use("a"), undefined);
  assert.equal(session.closed, 1);
  assert.equal(store.size, 0);
});

Deno.test("the cap makes room by closing idle sessions only", () => {
  let clock = 0;
  const store = createSessionStore({ maxSessions: 2, idleTimeoutMs: 1000, now: () => clock });
  const old = fakeSession();
  store.add("old", old);
  clock = 500;
  store.add("busy", fakeSession());
  assert.equal(store.hasRoom(), false);
  clock = 1200;
  assert.equal(store.hasRoom(), true, "the idle one was closed");
  assert.equal(old.closed, 1);
  assert.equal(store.size, 1);
});

Deno.test("a forgotten session is not closed again and closeAll closes the rest", () => {
  const store = createSessionStore({ maxSessions: 5, idleTimeoutMs: 1000 });
  const gone = fakeSession();
  const live = fakeSession();
  store.add("gone", gone);
  store.add("live", live);
  store.forget("gone");
  store.closeAll();
  assert.equal(gone.closed, 0);
  assert.equal(live.closed, 1);
  assert.equal(store.size, 0);
});
