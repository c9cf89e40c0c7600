import assert from "node:assert/strict";
import { COLLAB_TOKEN_TTL_SECONDS } from "../../shared/collab_token.ts";
import { DiagramUnavailableError } from "./diagram_client.ts";
import { createSessionGate } from "./session_gate.ts";

function scripted(ended: Record<string, number | null> = {}) {
  let clock = 1_000_000;
  const asked: string[][] = [];
  let reachable = true;
  const gate = createSessionGate({
    client: {
      endedSessions(sessions) {
        asked.push(sessions);
        if (!reachable) return Promise.reject(new DiagramUnavailableError("down"));
        const answer = Object.entries(ended).filter(([session]) => sessions.includes(session));
        return Promise.resolve(Object.fromEntries(answer));
      },
    },
    confirmMs: 100,
    now: () => clock,
  });
  return {
    gate,
    asked,
    ended,
    tick: (ms: number) => (clock += ms),
    down: () => (reachable = false),
  };
}

Deno.test("a session is asked about once for joins at once, trusted for a flush interval, then asked again", async () => {
  const { gate, asked, tick } = scripted();
  assert.deepEqual(await Promise.all([gate.admits("s:a"), gate.admits("s:a")]), [true, true]);
  assert.deepEqual(asked, [["s:a"]]);
  tick(99);
  assert.equal(await gate.admits("s:a"), true);
  assert.equal(asked.length, 1);
  tick(1);
  assert.equal(await gate.admits("s:a"), true);
  assert.equal(asked.length, 2);
});

Deno.test("an ended session is refused without asking again until its tokens have expired", async () => {
  const { gate, asked, tick } = scripted({ "s:gone": 5, "t:unknown": null });
  const verdict = await gate.check(["s:gone", "t:unknown", "s:live"]);
  assert.deepEqual([...verdict.ended], [["s:gone", 5], ["t:unknown", null]]);
  assert.equal(await gate.admits("s:live"), true);
  assert.equal(await gate.admits("s:gone"), false);
  assert.equal(gate.hasEnded("t:unknown"), true);
  assert.equal(asked.length, 1);
  tick(COLLAB_TOKEN_TTL_SECONDS * 1000);
  assert.equal(gate.hasEnded("s:gone"), false, "forgotten once every token it granted expired");
});

Deno.test("a session nobody can vouch for is not admitted while the diagram service is down", async () => {
  const { gate, down } = scripted();
  down();
  await assert.rejects(gate.admits("s:a"), DiagramUnavailableError);
  assert.equal(gate.hasEnded("s:a"), false);
});
