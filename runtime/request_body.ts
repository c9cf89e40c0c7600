// A request body read once for its handler: within its size cap and deadline and, for JSON, of a
// JSON media type and syntax. Both the REST API and the MCP endpoint refuse bodies by these rules;
// each words the refusal in its own shape (`{"error"}` or JSON-RPC), so a refusal is an error that
// carries the status and a reason for the sender.
import { parseMediaType } from "../shared/media_type.ts";
import { BodyTimeoutError, readBodyCapped, type ReadBodyOptions } from "./read_capped.ts";

const utf8 = new TextDecoder();

export class RequestBodyError extends Error {
  override name = "RequestBodyError";
  constructor(readonly status: 400 | 408 | 413 | 415, message: string) {
    super(message);
  }
}

export interface RequestBodyOptions extends ReadBodyOptions {
  /** The reason given with 413; "the body is larger than <maxBytes> bytes" when unset. */
  tooLarge?: string;
}

/** application/json, or a type built on it such as application/merge-patch+json. */
export function isJsonMediaType(contentType: string | null): boolean {
  const { essence } = parseMediaType(contentType);
  return essence === "application/json" || /^application\/[^/]+\+json$/.test(essence);
}

/** The raw body; throws RequestBodyError 413 past `maxBytes`, 408 past the deadline. */
export async function readRequestBytes(
  request: Request,
  maxBytes: number,
  { tooLarge = `the body is larger than ${maxBytes} bytes`, ...options }: RequestBodyOptions = {},
): Promise<Uint8Array> {
  let bytes: Uint8Array | null;
  try {
    bytes = await readBodyCapped(request, maxBytes, options);
  } catch (error) {
    if (!(error instanceof BodyTimeoutError)) throw error;
    // A client that trickles its body would hold the request open for ever.
    throw new RequestBodyError(408, error.message);
  }
  if (bytes === null) throw new RequestBodyError(413, tooLarge);
  return bytes;
}

/** JSON text parsed; throws RequestBodyError 400 when it is not JSON. */
export function parseJsonBytes(bytes: Uint8Array): unknown {
  try {
    return JSON.parse(utf8.decode(bytes));
  } catch {
    throw new RequestBodyError(400, "the body is not valid JSON");
  }
}

export interface JsonRequestBody {
  value: unknown;
  /** Size of the JSON text as sent, for limits stated in bytes. */
  byteLength: number;
}

/**
 * The body parsed as JSON; throws RequestBodyError 415 for another media type (before anything is
 * read), then as readRequestBytes and parseJsonBytes do.
 */
export async function readJsonRequest(
  request: Request,
  maxBytes: number,
  options: RequestBodyOptions = {},
): Promise<JsonRequestBody> {
  if (!isJsonMediaType(request.headers.get("content-type"))) {
    throw new RequestBodyError(415, "send the body as application/json");
  }
  const bytes = await readRequestBytes(request, maxBytes, options);
  return { value: parseJsonBytes(bytes), byteLength: bytes.byteLength };
}
