import assert from "node:assert/strict";
import { z } from "zod";
import { toolSchema, withoutTypeArrays } from "./tool_schema.ts";

type JsonSchemaOf = (options: { target: string }) => Record<string, unknown>;

function jsonOf(schema: { "~standard": unknown }): Record<"input" | "output", JsonSchemaOf> {
  return (schema["~standard"] as { jsonSchema: Record<"input" | "output", JsonSchemaOf> })
    .jsonSchema;
}

Deno.test("type arrays become anyOf of single types, at any depth", () => {
  assert.deepEqual(
    withoutTypeArrays({
      type: "object",
      properties: { a: { type: ["string", "null"], minLength: 1 }, b: { items: [{ type: "x" }] } },
    }),
    {
      type: "object",
      properties: {
        a: { anyOf: [{ type: "string" }, { type: "null" }], minLength: 1 },
        b: { items: [{ type: "x" }] },
      },
    },
  );
});

Deno.test("a tool schema publishes no type array and still validates as zod does", async () => {
  const schema = toolSchema(z.object({ id: z.string().nullable(), n: z.number().nullish() }));
  const published = JSON.stringify(jsonOf(schema).output({ target: "draft-2020-12" }));
  assert.doesNotMatch(published, /"type":\[/);
  assert.match(published, /"anyOf":\[\{"type":"string"\},\{"type":"null"\}\]/);
  const good = await schema["~standard"].validate({ id: null });
  assert.equal("issues" in good && good.issues !== undefined, false);
  const bad = await schema["~standard"].validate({ id: 3 });
  assert.ok("issues" in bad && bad.issues !== undefined && bad.issues.length > 0);
});

Deno.test("a tool schema publishes zod's JSON Schema converted once, the same frozen object each time", async () => {
  const zod = z.object({ q: z.string().min(1), tags: z.array(z.string()).optional() });
  const schema = toolSchema(zod);
  const json = jsonOf(schema);
  const zodJson = jsonOf(zod);
  for (const io of ["input", "output"] as const) {
    const first = json[io]({ target: "draft-2020-12" });
    assert.deepEqual(first, zodJson[io]({ target: "draft-2020-12" }));
    assert.equal(json[io]({ target: "draft-2020-12" }), first);
    assert.ok(Object.isFrozen((first.properties as Record<string, object>).tags));
  }
  assert.notDeepEqual(json.input({ target: "draft-07" }), json.input({ target: "draft-2020-12" }));
  const bad = await schema["~standard"].validate({ q: "" });
  assert.ok("issues" in bad && bad.issues !== undefined && bad.issues.length > 0);
});

Deno.test("a lenient tool schema publishes the documented one and validates leniently", async () => {
  const name = z.string().min(1);
  const documented = z.object({
    name,
    spec: z.object({ layout: z.enum(["TB", "LR"]).nullable() }),
  });
  const schema = toolSchema(z.object({ name, spec: z.unknown() }), { documented });
  const published = jsonOf(schema).input({ target: "draft-2020-12" });
  assert.deepEqual(
    published,
    withoutTypeArrays(jsonOf(documented).input({ target: "draft-2020-12" })),
  );
  assert.doesNotMatch(JSON.stringify(published), /"type":\[/);
  const loose = await schema["~standard"].validate({ name: "a", spec: { layout: "sideways" } });
  assert.equal("issues" in loose && loose.issues !== undefined, false);
  const bad = await schema["~standard"].validate({ name: "", spec: {} });
  assert.ok("issues" in bad && bad.issues !== undefined && bad.issues.length > 0);
});

Deno.test("an output schema not checked per call publishes the same JSON Schema and accepts any value as it is", async () => {
  const zod = z.object({ results: z.array(z.object({ url: z.string() })) });
  const checked = toolSchema(zod);
  const unchecked = toolSchema(zod, { checkedPerCall: false });
  assert.deepEqual(
    jsonOf(unchecked).output({ target: "draft-2020-12" }),
    jsonOf(checked).output({ target: "draft-2020-12" }),
  );
  const value = { results: [{ url: 3 }] };
  const refused = await checked["~standard"].validate(value);
  assert.ok("issues" in refused && refused.issues !== undefined);
  const accepted = await unchecked["~standard"].validate(value);
  assert.equal("issues" in accepted && accepted.issues !== undefined, false);
  assert.equal((accepted as { value: unknown }).value, value);
});
