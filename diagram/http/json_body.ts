// Reads a JSON request body once: size cap (413), media type (415), syntax and shape (400).
import type { Context } from "hono";
import { HTTPException } from "hono/http-exception";
import type { z } from "zod";
import { readBodyCapped } from "../../runtime/read_capped.ts";
import { parseMediaType } from "../../shared/media_type.ts";
import { describeIssue, formatIssuePath } from "../../shared/issue_messages.ts";

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
  const bytes = await readBodyCapped(c.req.raw, maxBytes);
  if (bytes === null) {
    throw new HTTPException(413, { message: `the body is larger than ${maxBytes} bytes` });
  }
  let json: unknown;
  try {
    json = JSON.parse(new TextDecoder().decode(bytes));
  } catch {
    throw new HTTPException(400, { message: "the body is not valid JSON" });
  }
  return { value: parseOrThrow(schema, json, "body"), byteLength: bytes.byteLength };
}

/** Parses with `schema` or throws a 400 whose message lists every problem with its path. */
export function parseOrThrow<S extends z.ZodType>(
  schema: S,
  input: unknown,
  root: string,
): z.output<S> {
  const result = schema.safeParse(input, { error: describeIssue });
  if (result.success) return result.data;
  const problems = result.error.issues.map((issue) =>
    `${formatIssuePath(issue.path, root)}: ${issue.message}`
  );
  throw new InvalidInputError(problems);
}

/** A 400 that carries a list of problems, answered as `{error, problems}`. */
export class InvalidInputError extends Error {
  override name = "InvalidInputError";
  constructor(readonly problems: string[], message = "the request is invalid") {
    super(message);
  }
}
