// Reading a body of unknown size without trusting it: the declared length may be missing or false,
// and the sender may trickle it or stall, so both its size and the time it takes are bounded.

/**
 * A deadline for the whole body rather than an idle timeout between chunks: a client that sends
 * one byte just before every idle timeout would hold a request for ever, while a deadline bounds
 * how long any body can hold one. The bodies read here are capped at a few MiB, which a slow link
 * still sends well within 30 s.
 */
export const DEFAULT_BODY_TIMEOUT_MS = 30_000;

export interface ReadBodyOptions {
  /** Deadline for the whole body, from the start of the read; DEFAULT_BODY_TIMEOUT_MS if unset. */
  timeoutMs?: number;
}

export interface ReadStreamOptions extends ReadBodyOptions {
  /** The length the body is expected to have (its declared one), to read it into one buffer. */
  expectedBytes?: number;
  /**
   * False when the stream is known not to be a byte stream (the runtime's served requests): asking
   * such a stream for a BYOB reader costs a thrown TypeError.
   */
  mayBeByteStream?: boolean;
}

/** The first buffer for a body of unknown length; it doubles as the body fills it. */
const FIRST_BUFFER_BYTES = 16 * 1024;

/** The body did not arrive in full within its deadline; the read was cancelled. */
export class BodyTimeoutError extends Error {
  override name = "BodyTimeoutError";
  constructor(readonly timeoutMs: number) {
    super(`the body did not arrive within ${timeoutMs} ms`);
  }
}

/**
 * All bytes of `stream`, or null (and the stream cancelled) once they pass `maxBytes`.
 *
 * A byte stream (the body of a fetched response) is read straight into one buffer of ours: read
 * chunk by chunk, each chunk would come in a fresh, zeroed 64 KiB buffer however few bytes it holds
 * (a decompressing fetch hands out 4 KiB at a time), and the chunks would then be copied together.
 * Other streams are read chunk by chunk into the same kind of buffer.
 */
export async function readCapped(
  stream: ReadableStream<Uint8Array> | null,
  maxBytes: number,
  {
    timeoutMs = DEFAULT_BODY_TIMEOUT_MS,
    expectedBytes = FIRST_BUFFER_BYTES,
    mayBeByteStream = true,
  }: ReadStreamOptions = {},
): Promise<Uint8Array | null> {
  if (!stream) return new Uint8Array(0);
  // One byte of room past the expected end, so that the read which finds the end needs no growth.
  const body = new GrowingBuffer(Math.min(expectedBytes, maxBytes) + 1, maxBytes + 1);
  const reader = (mayBeByteStream && byobReaderOf(stream)) || stream.getReader();
  const byob = reader instanceof ReadableStreamBYOBReader;
  let timedOut = false;
  // Cancelling ends the pending read and closes the connection behind the stream.
  const timer = setTimeout(() => {
    timedOut = true;
    reader.cancel(new BodyTimeoutError(timeoutMs)).catch(() => {});
  }, timeoutMs);
  try {
    while (true) {
      let next: ReadableStreamReadResult<Uint8Array>;
      try {
        next = byob ? await reader.read(body.space()) : await reader.read();
      } catch (error) {
        if (timedOut) throw new BodyTimeoutError(timeoutMs);
        throw error;
      }
      // A cancelled reader reports a normal end: only the flag tells it from a complete body.
      if (timedOut) throw new BodyTimeoutError(timeoutMs);
      // A BYOB read hands our buffer back (moved) even at the end, so it is taken back first.
      if (byob) body.filled(next.value!);
      else if (!next.done) body.append(next.value);
      if (body.size > maxBytes) {
        await reader.cancel().catch(() => {});
        return null;
      }
      if (next.done) break;
    }
  } finally {
    // The lock is kept: the stream has ended, failed or been cancelled, and releasing a lock builds
    // a TypeError (with its stack) for the reader's closed promise, a cost paid on every body.
    clearTimeout(timer);
  }
  return body.bytes();
}

function byobReaderOf(stream: ReadableStream<Uint8Array>): ReadableStreamBYOBReader | null {
  try {
    return stream.getReader({ mode: "byob" });
  } catch {
    return null; // not a byte stream (a body made from a string, say)
  }
}

/** Bytes gathered in one buffer that doubles when it is full, to at most `limit` bytes. */
class GrowingBuffer {
  #bytes: Uint8Array;
  size = 0;

  constructor(initialBytes: number, readonly limit: number) {
    this.#bytes = new Uint8Array(initialBytes);
  }

  /** The free end of the buffer, for a BYOB read; grown first when there is none. */
  space(): Uint8Array {
    if (this.size === this.#bytes.byteLength) this.#grow(this.size + 1);
    return this.#bytes.subarray(this.size);
  }

  /** Takes back the buffer a BYOB read moved and filled. */
  filled(view: Uint8Array): void {
    this.#bytes = new Uint8Array(view.buffer);
    this.size += view.byteLength;
  }

  /** Copies a chunk in; past the limit only the count grows, since the body is refused anyway. */
  append(chunk: Uint8Array): void {
    const end = this.size + chunk.byteLength;
    if (end <= this.limit) {
      if (end > this.#bytes.byteLength) this.#grow(end);
      this.#bytes.set(chunk, this.size);
    }
    this.size = end;
  }

  bytes(): Uint8Array {
    return this.#bytes.subarray(0, this.size);
  }

  #grow(needed: number): void {
    const grown = new Uint8Array(
      Math.min(this.limit, Math.max(needed, this.#bytes.byteLength * 2)),
    );
    grown.set(this.#bytes.subarray(0, this.size));
    this.#bytes = grown;
  }
}

/**
 * The body of a request or response, or null when it is larger than `maxBytes`; throws
 * BodyTimeoutError when it takes longer than the deadline. A declared length too large is refused
 * before anything is read. Every body is read through its stream, even one whose length is
 * declared: `arrayBuffer()` would gather it in one piece, but it locks the stream and cannot be
 * cancelled, so a stalled sender would keep the read (and its connection) open after the deadline.
 */
export async function readBodyCapped(
  message: Request | Response,
  maxBytes: number,
  options: ReadBodyOptions = {},
): Promise<Uint8Array | null> {
  const length = declaredLength(message);
  if (length !== undefined && length > maxBytes) {
    await message.body?.cancel();
    return null;
  }
  // The length declared for an encoded body counts its bytes before they are decoded.
  const expectedBytes = message.headers.has("content-encoding") ? undefined : length;
  // Fetched bodies are byte streams; the bodies of requests the runtime serves are not.
  const mayBeByteStream = message instanceof Response;
  return await readCapped(message.body, maxBytes, { ...options, expectedBytes, mayBeByteStream });
}

/**
 * The body of a response fetched under an abort signal (a deadline), or null when it is larger
 * than `maxBytes`. That signal bounds the read's time (aborting a fetch fails the read of its
 * body), so this read keeps no timer. A body not encoded whose declared length is within the cap
 * cannot grow past it and is taken whole in one call, without a stream reader: for a search
 * engine's answer of a few KiB that is a third of readBodyCapped's cost. Any other body is read
 * through its stream, counted as it is decoded, as readBodyCapped reads it.
 */
export async function readFetchedBody(
  response: Response,
  maxBytes: number,
): Promise<Uint8Array | null> {
  const length = declaredLength(response);
  const whole = length !== undefined && length <= maxBytes &&
    !response.headers.has("content-encoding");
  return whole ? await response.bytes() : await readBodyCapped(response, maxBytes);
}

/** The length a message declares for its body, when it declares a well-formed one. */
function declaredLength(message: Request | Response): number | undefined {
  const declared = message.headers.get("content-length");
  return declared !== null && /^\d+$/.test(declared) ? Number(declared) : undefined;
}
