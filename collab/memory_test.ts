import assert from "node:assert/strict";
import { memoryReleaser } from "./memory.ts";

Deno.test("a full GC runs after a tick on which rooms were loaded or unloaded, and only then", () => {
  let rooms = 0;
  let collections = 0;
  const release = memoryReleaser(() => rooms, () => collections++);
  assert.equal(release(), false);
  rooms = 3;
  assert.equal(release(), true, "rooms loaded");
  assert.equal(release(), false, "nothing changed");
  rooms = 0;
  assert.equal(release(), true, "rooms unloaded");
  assert.equal(collections, 2);
});

Deno.test("without --expose-gc the releaser does nothing", () => {
  let rooms = 0;
  const release = memoryReleaser(() => rooms, undefined);
  rooms = 1;
  assert.equal(release(), false);
});
