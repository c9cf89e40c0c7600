import assert from "node:assert/strict";
import { z } from "zod";
import { describeIssue, describeValue, formatIssuePath } from "./issue_messages.ts";

function messagesFor(schema: z.ZodType, input: unknown): string[] {
  const result = schema.safeParse(input, { error: describeIssue });
  assert.equal(result.success, false, "expected the input to be rejected");
  return result.error!.issues.map((issue) =>
    `${formatIssuePath(issue.path, "input")}: ${issue.message}`
  );
}

Deno.test("paths read like the JSON they point into", () => {
  assert.equal(formatIssuePath(["edges", 3, "to"], "spec"), "edges[3].to");
  assert.equal(formatIssuePath(["nodes", 0, "label"], "spec"), "nodes[0].label");
  assert.equal(formatIssuePath(["layout"], "spec"), "layout");
  assert.equal(formatIssuePath([2, "x"], "spec"), "[2].x");
  assert.equal(formatIssuePath(["a", "b", 0, 1], "spec"), "a.b[0][1]");
});

Deno.test("the empty path is named after the root", () => {
  assert.equal(formatIssuePath([], "spec"), "spec");
  assert.equal(formatIssuePath([], "body"), "body");
});

Deno.test("offending values are shown by content for scalars and by kind for containers", () => {
  assert.equal(describeValue("db"), `"db"`);
  assert.equal(describeValue(7), "7");
  assert.equal(describeValue(false), "false");
  assert.equal(describeValue(null), "null");
  assert.equal(describeValue(undefined), "nothing");
  assert.equal(describeValue([1]), "an array");
  assert.equal(describeValue({ a: 1 }), "an object");
});

Deno.test("long strings are cut short and their length is given", () => {
  const shown = describeValue("a".repeat(1000));
  assert.equal(shown, `"${"a".repeat(38)}…" (1000 characters)`);
});

Deno.test("type and size problems are worded as expected-versus-got", () => {
  const schema = z.object({
    name: z.string().max(3),
    tags: z.array(z.string()).min(2),
    kind: z.enum(["a", "b"]),
    count: z.number(),
  });
  assert.deepEqual(messagesFor(schema, { name: "long", tags: ["x"], kind: "c" }), [
    "name: expected at most 3 characters, got 4",
    "tags: expected at least 2 items, got 1",
    `kind: expected one of "a", "b", got "c"`,
    "count: missing (expected number)",
  ]);
});

Deno.test("unknown keys name the fields the object allows", () => {
  const schema = z.strictObject({ id: z.string(), label: z.string() });
  assert.deepEqual(messagesFor(schema, { id: "a", label: "b", lable: "c", colour: "d" }), [
    `input: unknown fields "lable", "colour" (allowed: id, label)`,
  ]);
});

Deno.test("issue kinds it does not cover keep zod's own wording", () => {
  const [message] = messagesFor(z.number().min(5), 2);
  assert.ok(message.startsWith("input: "), message);
  assert.ok(!message.includes("expected at least 5"), message);
  assert.ok(message.includes("5"), message);
});
