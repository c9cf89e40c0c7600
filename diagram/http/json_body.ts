// Reads a JSON request body once: size cap (413), deadline (408), media type (415), syntax and
// shape (400). Bodies of other types (images) are read through the same capped reader.
import type { Context } from "hono";
import { HTTPException } from "hono/http-exception";
import type { z } from "zod";
import { BodyTimeoutError, readBodyCapped } from "../../runtime/read_capped.ts";
import { parseMediaType } from "../../shared/media_type.ts";
import { parseOrThrow } from "../core/schemas.ts";

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
  if (parseMediaType(c.req.header("content-type") ?? null).essence !== "application/json") {
    throw new HTTPException(415, { message: "send the body as application/json" });
  }
  const bytes = await readBodyBytes(c, maxBytes);
  return { value: parseJsonBytes(bytes, schema), byteLength: bytes.byteLength };
}

/**
 * The raw body, at most `maxBytes` (413, with `tooLarge` as the reason when given) and within its
 * deadline (408).
 */
export async function readBodyBytes(
  c: Context,
  maxBytes: number,
  tooLarge = `the body is larger than ${maxBytes} bytes`,
): Promise<Uint8Array> {
  let bytes: Uint8Array | null;
  try {
    bytes = await readBodyCapped(c.req.raw, maxBytes);
  } catch (error) {
    if (!(error instanceof BodyTimeoutError)) throw error;
    // A client that trickles its body would hold the request open for ever.
    throw new HTTPException(408, { message: `the body took too long: ${error.message}` });
  }
  if (bytes === null) {
    throw new HTTPException(413, { message: tooLarge });
  }
  return bytes;
}

/** JSON text parsed (400 when it is not JSON) and checked against `schema` (400 with problems). */
export function parseJsonBytes<S extends z.ZodType>(bytes: Uint8Array, schema: S): z.output<S> {
  let json: unknown;
  try {
    json = JSON.parse(new TextDecoder().decode(bytes));
  } catch {
    throw new HTTPException(400, { message: "the body is not valid JSON" });
  }
  return parseOrThrow(schema, json, "body");
}
