// Loopback servers for the public_fetch tests. Raw TCP, so a test decides every byte of a response,
// including the malformed ones no real server library would send.

export type RawPart = string | Uint8Array;

/**
 * What the server sends for a request: these bytes, then it closes; or, with `keepOpen`, it sends
 * `send` and then waits silently until the client closes the connection.
 */
export type RawReply = RawPart | RawPart[] | { send: RawPart[]; keepOpen: true };

export interface RawServer extends AsyncDisposable {
  /** `http://127.0.0.1:<port>` */
  origin: string;
  port: number;
  /** Request heads received, oldest first. */
  requests: string[];
  /** Resolves once the client closed a connection that the server kept open. */
  clientClosed: Promise<void>;
}

export function serveRaw(reply: (head: string) => RawReply): RawServer {
  const listener = Deno.listen({ hostname: "127.0.0.1", port: 0 });
  const requests: string[] = [];
  const clientClosed = Promise.withResolvers<void>();
  const connections = new Set<Deno.Conn>();
  const handlers = new Set<Promise<void>>();

  async function handle(conn: Deno.Conn) {
    try {
      const head = await readRequestHead(conn);
      requests.push(head);
      const answer = reply(head);
      const keepOpen = typeof answer === "object" && "keepOpen" in answer;
      for (const part of keepOpen ? answer.send : [answer].flat()) await writeAll(conn, part);
      if (keepOpen) {
        while (await conn.read(new Uint8Array(1024)) !== null) { /* discard */ }
        clientClosed.resolve();
      }
    } catch {
      // The client went away first, or the server is stopping: both are fine here.
    } finally {
      connections.delete(conn);
      closeQuietly(conn);
    }
  }

  const accepting = (async () => {
    for await (const conn of listener) {
      connections.add(conn);
      const handler = handle(conn).finally(() => handlers.delete(handler));
      handlers.add(handler);
    }
  })();

  const { port } = listener.addr as Deno.NetAddr;
  return {
    origin: `http://127.0.0.1:${port}`,
    port,
    requests,
    clientClosed: clientClosed.promise,
    async [Symbol.asyncDispose]() {
      listener.close();
      await accepting;
      for (const conn of connections) closeQuietly(conn);
      await Promise.all(handlers);
    },
  };
}

async function readRequestHead(conn: Deno.Conn): Promise<string> {
  let head = "";
  const buffer = new Uint8Array(4096);
  const decoder = new TextDecoder();
  while (!head.includes("\r\n\r\n")) {
    const count = await conn.read(buffer);
    if (count === null) throw new Error("client closed before finishing its request");
    head += decoder.decode(buffer.subarray(0, count));
  }
  return head;
}

async function writeAll(conn: Deno.Conn, part: RawPart) {
  const bytes = typeof part === "string" ? new TextEncoder().encode(part) : part;
  for (let written = 0; written < bytes.length;) {
    written += await conn.write(bytes.subarray(written));
  }
}

function closeQuietly(conn: Deno.Conn) {
  try {
    conn.close();
  } catch {
    // Closed already.
  }
}

/** `promise`, or a rejection naming `what` after `ms`; the timer never outlives the call. */
export async function within<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} took longer than ${ms} ms`)), ms);
  });
  try {
    return await Promise.race([promise, late]);
  } finally {
    clearTimeout(timer);
  }
}

export async function compress(text: string, format: CompressionFormat): Promise<Uint8Array> {
  const compressed = new Blob([text]).stream().pipeThrough(new CompressionStream(format));
  return new Uint8Array(await new Response(compressed).arrayBuffer());
}

/** A response head with the given status line tail and fields, ready to be followed by a body. */
export function head(status: string, fields: Record<string, string> = {}): string {
  const lines = Object.entries(fields).map(([name, value]) => `${name}: ${value}\r\n`);
  return `HTTP/1.1 ${status}\r\n${lines.join("")}\r\n`;
}
