import assert from "node:assert/strict";
import { z } from "zod";
import { portableSchema, withoutTypeArrays } from "./portable_schema.ts";

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

Deno.test("a portable schema publishes no type array and still validates as zod does", async () => {
  const schema = portableSchema(z.object({ id: z.string().nullable(), n: z.number().nullish() }));
  const published = JSON.stringify(
    (schema["~standard"].jsonSchema as unknown as {
      output: (options: { target: string }) => unknown;
    }).output({ target: "draft-2020-12" }),
  );
  assert.doesNotMatch(published, /"type":\[/);
  assert.match(published, /"anyOf":\[\{"type":"string"\},\{"type":"null"\}\]/);
  const good = await schema["~standard"].validate({ id: null });
  assert.equal("issues" in good && good.issues !== undefined, false);
  const bad = await schema["~standard"].validate({ id: 3 });
  assert.ok("issues" in bad && bad.issues !== undefined && bad.issues.length > 0);
});
