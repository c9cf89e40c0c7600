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

/** The body did not arrive in full within its deadline; the read was cancelled. */
export class BodyTimeoutError extends Error {
  override name = "BodyTimeoutError";
  constructor(readonly timeoutMs: number) {
    super(`the body did not arrive within ${timeoutMs} ms`);
  }
}

/** All bytes of `stream`, or null (and the stream cancelled) once they pass `maxBytes`. */
export async function readCapped(
  stream: ReadableStream<Uint8Array> | null,
  maxBytes: number,
  { timeoutMs = DEFAULT_BODY_TIMEOUT_MS }: ReadBodyOptions = {},
): Promise<Uint8Array | null> {
  if (!stream) return new Uint8Array(0);
  const reader = stream.getReader();
  let timedOut = false;
  // Cancelling ends the pending read and closes the connection behind the stream.
  const timer = setTimeout(() => {
    timedOut = true;
    reader.cancel(new BodyTimeoutError(timeoutMs)).catch(() => {});
  }, timeoutMs);
  const chunks: Uint8Array[] = [];
  let size = 0;
  try {
    while (true) {
      let next: ReadableStreamReadResult<Uint8Array>;
      try {
        next = await reader.read();
      } catch (error) {
        if (timedOut) throw new BodyTimeoutError(timeoutMs);
        throw error;
      }
      // A cancelled reader reports a normal end: only the flag tells it from a complete body.
      if (timedOut) throw new BodyTimeoutError(timeoutMs);
      if (next.done) break;
      size += next.value.byteLength;
      if (size > maxBytes) {
        await reader.cancel().catch(() => {});
        return null;
      }
      chunks.push(next.value);
    }
  } finally {
    // The lock is kept: the stream has ended, failed or been cancelled, and releasing a lock builds
    // a TypeError (with its stack) for the reader's closed promise, a cost paid on every body.
    clearTimeout(timer);
  }
  return concat(chunks, size);
}

function concat(chunks: Uint8Array[], size: number): Uint8Array {
  if (chunks.length === 1) return chunks[0];
  const bytes = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return bytes;
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
  const declared = message.headers.get("content-length");
  if (declared !== null && /^\d+$/.test(declared) && Number(declared) > maxBytes) {
    await message.body?.cancel();
    return null;
  }
  return await readCapped(message.body, maxBytes, options);
}
