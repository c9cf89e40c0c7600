// JSON request bodies checked against the API's schemas. Reading them (size cap, deadline, media
// type, syntax) is runtime/request_body.ts's; its refusals are answered in error_answers.ts.
import type { Context } from "hono";
import type { z } from "zod";
import { parseJsonBytes, readJsonRequest } from "../../runtime/request_body.ts";
import { parseOrThrow } from "../service/schemas.ts";

/** Cap for bodies that carry names and ids only (renames, moves, new collections). */
export const SMALL_BODY_BYTES = 16 * 1024;

export interface JsonBody<T> {
  value: T;
  /** Size of the JSON text as sent, for limits stated in bytes. */
  byteLength: number;
}

export async function readJsonBody<S extends z.ZodType>(
  c: Context,
  schema: S,
  maxBytes: number,
): Promise<JsonBody<z.output<S>>> {
  const { value, byteLength } = await readJsonRequest(c.req.raw, maxBytes);
  return { value: parseOrThrow(schema, value, "body"), byteLength };
}

/** JSON text parsed (400 when it is not JSON) and checked against `schema` (400 with problems). */
export function parseCheckedJson<S extends z.ZodType>(bytes: Uint8Array, schema: S): z.output<S> {
  return parseOrThrow(schema, parseJsonBytes(bytes), "body");
}
