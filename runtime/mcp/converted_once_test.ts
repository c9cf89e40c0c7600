import assert from "node:assert/strict";
import { z } from "zod";
import { convertedOnce } from "./converted_once.ts";

type JsonSchemaOf = (options: { target: string }) => Record<string, unknown>;

Deno.test("a schema converted once publishes zod's JSON Schema, the same frozen object each time", async () => {
  const zod = z.object({ q: z.string().min(1), tags: z.array(z.string()).optional() });
  const schema = convertedOnce(zod);
  const json = schema["~standard"].jsonSchema as unknown as Record<
    "input" | "output",
    JsonSchemaOf
  >;
  const zodJson = zod["~standard"].jsonSchema as unknown as Record<
    "input" | "output",
    JsonSchemaOf
  >;
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
