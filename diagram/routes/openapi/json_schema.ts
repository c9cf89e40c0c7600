// zod schemas as the JSON Schemas (2020-12, OpenAPI 3.1's dialect) the description embeds: the
// named answer shapes as components, the rest inline.
import { z } from "zod";
import { responseSchemas } from "./responses.ts";

/** A JSON Schema object. */
export type JsonSchema = Record<string, unknown>;

/** Where a named answer shape lives in the document. */
export function componentRef(id: string): string {
  return `#/components/schemas/${id}`;
}

/**
 * Leaves out what zod adds but says nothing to a reader: a date-time's long pattern (the format
 * says it) and an integer's ±2^53 bounds.
 */
function tidy(ctx: { jsonSchema: JsonSchema }): void {
  const schema = ctx.jsonSchema;
  if (schema.format === "date-time") delete schema.pattern;
  if (schema.minimum === Number.MIN_SAFE_INTEGER) delete schema.minimum;
  if (schema.maximum === Number.MAX_SAFE_INTEGER) delete schema.maximum;
}

/** Without `$schema` and `$id`: the document's dialect is 2020-12 already. */
function embedded({ $schema: _, $id: __, ...rest }: JsonSchema): JsonSchema {
  return rest;
}

/** What a client sends (`input`: defaults make fields optional) or receives (`output`). */
export function inlineSchema(schema: z.ZodType, io: "input" | "output"): JsonSchema {
  return embedded(z.toJSONSchema(schema, { io, target: "draft-2020-12", override: tidy }));
}

/** A named answer shape as a reference; throws for one not in `responseSchemas`. */
export function answerSchemaRef(schema: z.ZodType): JsonSchema {
  const id = responseSchemas.get(schema)?.id;
  if (id === undefined) throw new Error("an answer's JSON schema must be one of responseSchemas");
  return { $ref: componentRef(id) };
}

/** Every named answer shape, by id, for components/schemas. */
export function componentSchemas(): Record<string, JsonSchema> {
  const { schemas } = z.toJSONSchema(responseSchemas, {
    io: "output",
    target: "draft-2020-12",
    uri: componentRef,
    override: tidy,
  });
  return Object.fromEntries(
    Object.entries(schemas).map(([id, schema]) => [id, embedded(schema as JsonSchema)]),
  );
}
