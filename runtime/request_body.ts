// A request body read once for its handler: within its size cap and deadline and, for JSON or a
// form, of its media type and syntax. The REST API, the pages' forms and the MCP endpoint refuse
// bodies by these rules; each words the refusal in its own shape (`{"error"}` or JSON-RPC), so a
// refusal is an error that carries the status and a reason for the sender.
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

/** Throws RequestBodyError 415 unless the body is declared as `essence`; nothing is read. */
function requireMediaType(request: Request, essence: string): void {
  if (parseMediaType(request.headers.get("content-type")).essence !== essence) {
    throw new RequestBodyError(415, `send the body as ${essence}`);
  }
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

/**
 * The body as an application/x-www-form-urlencoded form; throws RequestBodyError 415 for another
 * media type (before anything is read), then as readRequestBytes does.
 */
export async function readFormRequest(
  request: Request,
  maxBytes: number,
  options: RequestBodyOptions = {},
): Promise<URLSearchParams> {
  requireMediaType(request, "application/x-www-form-urlencoded");
  return new URLSearchParams(utf8.decode(await readRequestBytes(request, maxBytes, options)));
}

/**
 * The body as multipart/form-data (files and fields); throws RequestBodyError 415 for another
 * media type (before anything is read), then as readRequestBytes does, and 400 when it does not
 * parse. The whole body is read within the cap first: the runtime's own formData() has neither.
 */
export async function readMultipartRequest(
  request: Request,
  maxBytes: number,
  options: RequestBodyOptions = {},
): Promise<FormData> {
  requireMediaType(request, "multipart/form-data");
  const bytes = await readRequestBytes(request, maxBytes, options);
  // The boundary is a parameter of the declared type, so the bytes are parsed under it.
  const headers = { "content-type": request.headers.get("content-type")! };
  try {
    return await new Response(bytes as Uint8Array<ArrayBuffer>, { headers }).formData();
  } catch {
    throw new RequestBodyError(400, "the body is not valid multipart/form-data");
  }
}
