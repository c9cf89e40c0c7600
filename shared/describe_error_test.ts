import assert from "node:assert/strict";
import { describeError } from "./describe_error.ts";

Deno.test("describeError gives an Error's message without its stack, and any other value as text", () => {
  assert.equal(describeError(new TypeError("bad thing")), "bad thing");
  assert.equal(describeError("plain text"), "plain text");
  assert.equal(describeError(42), "42");
});
