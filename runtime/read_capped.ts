// Reading a body of unknown size without trusting it: the declared length may be missing or false.

/** All bytes of `stream`, or null (and the stream cancelled) once they pass `maxBytes`. */
export async function readCapped(
  stream: ReadableStream<Uint8Array> | null,
  maxBytes: number,
): Promise<Uint8Array | null> {
  if (!stream) return new Uint8Array(0);
  const chunks: Uint8Array[] = [];
  let size = 0;
  // Leaving the loop early cancels the stream, which closes the connection behind it.
  for await (const chunk of stream) {
    size += chunk.byteLength;
    if (size > maxBytes) return null;
    chunks.push(chunk);
  }
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
 * The body of a request or response, or null when it is larger than `maxBytes`. A declared
 * length of an unencoded body is a promise the framing keeps, so such a body is read in one piece,
 * without the stream machinery; an encoded one may inflate past its declared length.
 */
export async function readBodyCapped(
  message: Request | Response,
  maxBytes: number,
): Promise<Uint8Array | null> {
  const declared = message.headers.get("content-length");
  if (declared !== null && /^\d+$/.test(declared)) {
    if (Number(declared) > maxBytes) {
      await message.body?.cancel();
      return null;
    }
    if (!message.headers.has("content-encoding")) {
      return new Uint8Array(await message.arrayBuffer());
    }
  }
  return await readCapped(message.body, maxBytes);
}
