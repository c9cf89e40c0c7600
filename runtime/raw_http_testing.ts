// For tests: an HTTP/1.1 client over raw TCP that can send a request body slowly or not at all,
// which fetch cannot do.

export interface RawAnswer {
  status: number;
  /** The JSON body of the answer. */
  body: Record<string, unknown>;
  /** Milliseconds from the first byte sent to the end of the answer. */
  elapsed: number;
}

/**
 * Sends `head` over raw TCP, then each of `pieces` `gapMs` apart until the server answers, and
 * returns the status code, the JSON body and how long the answer took.
 */
export async function rawRequest(
  port: number,
  head: string,
  pieces: string[],
  gapMs: number,
): Promise<RawAnswer> {
  const connection = await Deno.connect({ hostname: "127.0.0.1", port });
  const encoder = new TextEncoder();
  const started = Date.now();
  await connection.write(encoder.encode(head));
  let answered = false;
  const sending = (async () => {
    for (const piece of pieces) {
      if (answered) return;
      await new Promise((resolve) => setTimeout(resolve, gapMs));
      if (answered) return;
      try {
        await connection.write(encoder.encode(piece));
      } catch {
        return; // the server closed the connection after answering
      }
    }
  })();
  let text = "";
  const buffer = new Uint8Array(4096);
  const decoder = new TextDecoder();
  // A server that never answers fails the test here instead of hanging it.
  const giveUp = setTimeout(() => connection.close(), 5_000);
  try {
    while (!/\r\n\r\n[\s\S]*\}/.test(text)) {
      const count = await connection.read(buffer);
      if (count === null) break;
      text += decoder.decode(buffer.subarray(0, count));
    }
  } finally {
    clearTimeout(giveUp);
    answered = true;
  }
  const elapsed = Date.now() - started;
  await sending;
  try {
    connection.close();
  } catch {
    // closed by the give-up timer
  }
  const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(text)?.[1]);
  const body = JSON.parse(text.slice(text.indexOf("\r\n\r\n") + 4).replace(/^[0-9a-f]+\r\n/, ""));
  return { status, body, elapsed };
}
