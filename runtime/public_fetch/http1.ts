// HTTP/1.1 client framing (RFC 9112) over any byte source: the request head, the response head
// and the body's framing (Content-Length, chunked, or until the server closes). Knows nothing
// about sockets, so tests feed it bytes directly.

/** Thrown for a response that breaks the protocol. */
export class HttpProtocolError extends Error {
  override readonly name = "HttpProtocolError";
}

/** Thrown when the server closes the connection before sending a single byte of a response. */
export class NoResponseError extends Error {
  override readonly name = "NoResponseError";
}

export interface ByteSource {
  /** Fills part of `buffer`; the number of bytes read, or null at the end of the stream. */
  read(buffer: Uint8Array): Promise<number | null>;
}

/** Response heads together (interim 1xx ones included) may not be larger than this. */
export const MAX_HEAD_BYTES = 64 * 1024;
const MAX_CHUNK_LINE_BYTES = 4096;
const READ_SIZE = 16 * 1024;
const LF = 0x0a;

/** Buffers a byte source so it can be read by lines and by byte counts. */
export class ByteReader {
  #source: ByteSource;
  /** Bytes read but not yet taken are #storage[#start, #end). */
  #storage = new Uint8Array(READ_SIZE);
  #start = 0;
  #end = 0;
  /** How many of the buffered bytes are known to hold no LF. */
  #scanned = 0;

  constructor(source: ByteSource) {
    this.#source = source;
  }

  get #buffered(): Uint8Array {
    return this.#storage.subarray(this.#start, this.#end);
  }

  /**
   * The next line without its LF or CRLF, decoded byte for byte (Latin-1, as header values are);
   * null at the end of the stream. `part` names what is read, for the errors: a line longer than
   * `limit` bytes (LF included), or the stream ending in the middle of one.
   */
  async readLine(limit: number, part: string): Promise<string | null> {
    for (;;) {
      const buffered = this.#buffered;
      const end = buffered.indexOf(LF, this.#scanned);
      if (end !== -1 && end < limit) {
        const line = this.#take(end + 1);
        const content = line.at(-2) === 0x0d ? line.subarray(0, -2) : line.subarray(0, -1);
        return latin1(content);
      }
      if (end !== -1 || buffered.length >= limit) throw new HttpProtocolError(`${part} too large`);
      this.#scanned = buffered.length;
      if (!await this.#fill()) {
        if (this.#start === this.#end) return null;
        throw new HttpProtocolError(`connection closed in the middle of the ${part}`);
      }
    }
  }

  /** Between 1 and `max` bytes, or null at the end of the stream. */
  async readSome(max: number): Promise<Uint8Array<ArrayBuffer> | null> {
    if (this.#start === this.#end && !await this.#fill()) return null;
    return this.#take(Math.min(max, this.#end - this.#start));
  }

  async #fill(): Promise<boolean> {
    // Room for a full read at the end, moving or growing the storage only when there is none:
    // a server trickling a long line byte by byte must not cost a copy per byte.
    if (this.#storage.length - this.#end < READ_SIZE) {
      const length = this.#end - this.#start;
      const storage = length + READ_SIZE <= this.#storage.length
        ? this.#storage
        : new Uint8Array(Math.max(2 * this.#storage.length, length + READ_SIZE));
      storage.set(this.#buffered);
      this.#storage = storage;
      this.#start = 0;
      this.#end = length;
    }
    const count = await this.#source.read(this.#storage.subarray(this.#end));
    if (count === null) return false;
    this.#end += count;
    return true;
  }

  #take(count: number): Uint8Array<ArrayBuffer> {
    const taken = this.#storage.slice(this.#start, this.#start + count);
    this.#start += count;
    this.#scanned = 0;
    return taken;
  }
}

function latin1(bytes: Uint8Array): string {
  let text = "";
  for (const byte of bytes) text += String.fromCharCode(byte);
  return text;
}

/** The request head of a GET; `headers` are sent as given, after the Host header. */
export function requestHead(url: URL, headers: Headers): string {
  const lines = [`GET ${url.pathname}${url.search} HTTP/1.1`, `Host: ${url.host}`];
  for (const [name, value] of headers) lines.push(`${name}: ${value}`);
  return `${lines.join("\r\n")}\r\n\r\n`;
}

export interface ResponseHead {
  status: number;
  headers: Headers;
}

/** Reads response heads until a final (non-1xx) one, which it returns. */
export async function readResponseHead(reader: ByteReader): Promise<ResponseHead> {
  let budget = MAX_HEAD_BYTES;
  for (let first = true;; first = false) {
    const lines: string[] = [];
    for (;;) {
      const line = await reader.readLine(budget, "response head");
      if (line === null) {
        if (first && lines.length === 0) throw new NoResponseError("closed without a response");
        throw new HttpProtocolError("connection closed in the middle of the response head");
      }
      budget -= line.length + 2;
      if (line === "") break;
      lines.push(line);
    }
    const head = parseResponseHead(lines);
    // 101 would switch protocols, which a plain GET never asks for.
    if (head.status === 101) throw new HttpProtocolError("unexpected 101 response");
    if (head.status >= 200) return head;
  }
}

const STATUS_LINE = /^HTTP\/1\.[01] ([1-5]\d\d)(?:[ \t].*)?$/;
const HEADER_LINE = /^([!#$%&'*+\-.^_`|~0-9A-Za-z]+):[ \t]*(.*?)[ \t]*$/;

/** Parses the lines of a response head (status line first, without the closing empty line). */
export function parseResponseHead(lines: string[]): ResponseHead {
  const status = STATUS_LINE.exec(lines[0] ?? "");
  if (!status) throw new HttpProtocolError("not an HTTP/1.x status line");
  const fields: [string, string][] = [];
  for (const line of lines.slice(1)) {
    const last = fields.at(-1);
    if (/^[ \t]/.test(line)) {
      // Obsolete line folding: the line continues the previous field's value.
      if (!last) throw new HttpProtocolError("response head starts with a folded line");
      last[1] = `${last[1]} ${line.trim()}`.trim();
      continue;
    }
    const field = HEADER_LINE.exec(line);
    if (!field) throw new HttpProtocolError("malformed header line");
    fields.push([field[1], field[2]]);
  }
  const headers = new Headers();
  try {
    for (const [name, value] of fields) headers.append(name, value);
  } catch {
    throw new HttpProtocolError("header value with forbidden characters");
  }
  return { status: Number(status[1]), headers };
}

export type BodyFraming =
  | { kind: "none" }
  | { kind: "length"; length: number }
  | { kind: "chunked" }
  | { kind: "close" };

/** How the body of a response to a GET is delimited (RFC 9112 section 6.3). */
export function bodyFraming({ status, headers }: ResponseHead): BodyFraming {
  if (status < 200 || status === 204 || status === 304) return { kind: "none" };
  const transferEncoding = headers.get("transfer-encoding");
  if (transferEncoding !== null) {
    if (transferEncoding.trim().toLowerCase() !== "chunked") {
      throw new HttpProtocolError("unsupported transfer-encoding");
    }
    return { kind: "chunked" };
  }
  const contentLength = headers.get("content-length");
  if (contentLength === null) return { kind: "close" };
  // Repeated fields arrive joined by commas; they must agree.
  const values = new Set(contentLength.split(",").map((value) => value.trim()));
  const [value] = values;
  if (values.size !== 1 || !/^\d{1,15}$/.test(value)) {
    throw new HttpProtocolError("invalid content-length");
  }
  return { kind: "length", length: Number(value) };
}

/** The body's bytes as they arrive, without the framing. */
export async function* bodyChunks(
  reader: ByteReader,
  framing: BodyFraming,
): AsyncGenerator<Uint8Array<ArrayBuffer>> {
  switch (framing.kind) {
    case "none":
      return;
    case "length":
      yield* exactly(reader, framing.length);
      return;
    case "close":
      for (let chunk; (chunk = await reader.readSome(READ_SIZE)) !== null;) yield chunk;
      return;
    case "chunked":
      yield* chunked(reader);
  }
}

async function* exactly(
  reader: ByteReader,
  length: number,
): AsyncGenerator<Uint8Array<ArrayBuffer>> {
  for (let left = length; left > 0;) {
    const chunk = await reader.readSome(Math.min(left, READ_SIZE));
    if (chunk === null) {
      throw new HttpProtocolError("connection closed before the body was complete");
    }
    left -= chunk.length;
    yield chunk;
  }
}

async function* chunked(reader: ByteReader): AsyncGenerator<Uint8Array<ArrayBuffer>> {
  for (;;) {
    const sizeLine = await requiredLine(reader, MAX_CHUNK_LINE_BYTES, "chunk size line");
    // Chunk extensions (";name=value") carry nothing we use.
    const size = sizeLine.split(";")[0].trim();
    if (!/^[0-9a-fA-F]{1,12}$/.test(size)) throw new HttpProtocolError("invalid chunk size");
    const length = parseInt(size, 16);
    if (length === 0) break;
    yield* exactly(reader, length);
    await chunkEnd(reader);
  }
  // Trailer fields are read past and dropped: nothing here needs them.
  for (let budget = MAX_HEAD_BYTES;;) {
    const trailer = await requiredLine(reader, budget, "trailer section");
    if (trailer === "") return;
    budget -= trailer.length + 2;
  }
}

async function requiredLine(reader: ByteReader, limit: number, part: string): Promise<string> {
  const line = await reader.readLine(limit, part);
  if (line === null) throw cutShort();
  return line;
}

/** The CRLF (or bare LF) that must follow a chunk's data. */
async function chunkEnd(reader: ByteReader): Promise<void> {
  let byte = await reader.readSome(1);
  if (byte?.[0] === 0x0d) byte = await reader.readSome(1);
  if (byte === null) throw cutShort();
  if (byte[0] !== LF) throw new HttpProtocolError("chunk longer than its declared size");
}

function cutShort(): HttpProtocolError {
  return new HttpProtocolError("connection closed before the body was complete");
}
