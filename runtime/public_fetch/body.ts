// Turns the framed bytes of a response body into what the caller reads: decompressed, capped, and
// failing only with PublicFetchError. The connection is released the moment the body ends, fails
// or is cancelled, so a caller that stops reading never holds a socket open.
import { PublicFetchError } from "./error.ts";

/** The Accept-Encoding we send: exactly the codings decompressionFor knows. */
export const ACCEPTED_ENCODINGS = "gzip, deflate";

const DECODERS: Record<string, CompressionFormat | null> = {
  "": null,
  "identity": null,
  "gzip": "gzip",
  "x-gzip": "gzip",
  "deflate": "deflate",
};

/** The decompression a Content-Encoding calls for: null for none, undefined when unsupported. */
export function decompressionFor(
  contentEncoding: string | null,
): CompressionFormat | null | undefined {
  const coding = (contentEncoding ?? "").trim().toLowerCase();
  return Object.hasOwn(DECODERS, coding) ? DECODERS[coding] : undefined;
}

/**
 * The chunks as a stream that calls `release` when they end, fail or are cancelled, and fails with
 * what `asError` makes of the error.
 */
export function streamChunks(
  chunks: AsyncIterator<Uint8Array<ArrayBuffer>>,
  release: () => void,
  asError: (error: unknown) => PublicFetchError,
): ReadableStream<Uint8Array<ArrayBuffer>> {
  return new ReadableStream<Uint8Array<ArrayBuffer>>({
    async pull(controller) {
      let next: IteratorResult<Uint8Array<ArrayBuffer>>;
      try {
        next = await chunks.next();
      } catch (error) {
        release();
        return controller.error(asError(error));
      }
      if (next.done) {
        release();
        controller.close();
      } else {
        controller.enqueue(next.value);
      }
    },
    // Releasing makes a read that waits on a silent server fail at once.
    cancel: release,
  }, { highWaterMark: 0 });
}

export interface GuardOptions {
  url: URL;
  maxBytes: number;
  /** Closes the connection; called once the body is finished with, however that happens. */
  release(): void;
}

/**
 * Caps `body` at `maxBytes` and turns any failure that is not already a PublicFetchError (those
 * come from the connection side) into a "protocol" one: it can only be a decoding error.
 */
export function guardBody(
  body: ReadableStream<Uint8Array>,
  { url, maxBytes, release }: GuardOptions,
): ReadableStream<Uint8Array> {
  const reader = body.getReader();
  let seen = 0;
  const fail = (controller: ReadableStreamDefaultController, error: PublicFetchError) => {
    release();
    reader.cancel(error).catch(() => {});
    controller.error(error);
  };
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      let next: ReadableStreamReadResult<Uint8Array>;
      try {
        next = await reader.read();
      } catch (error) {
        const failure = error instanceof PublicFetchError
          ? error
          : new PublicFetchError("protocol", url, "body could not be decoded", { cause: error });
        return fail(controller, failure);
      }
      if (next.done) {
        release();
        return controller.close();
      }
      seen += next.value.byteLength;
      if (seen > maxBytes) {
        return fail(
          controller,
          new PublicFetchError("too_large", url, `body over ${maxBytes} bytes`),
        );
      }
      controller.enqueue(next.value);
    },
    cancel(reason) {
      // Releasing first stops a read that waits on a silent server; the cancel then unwinds.
      release();
      return reader.cancel(reason).catch(() => {});
    },
  }, { highWaterMark: 0 });
}
