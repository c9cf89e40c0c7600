// Opens the TCP (and for https, TLS) connection of one request. TLS runs over a socket already
// connected to a checked address, while SNI and certificate checks still use the URL's host name.
import { describeError } from "../../shared/describe_error.ts";
import { PublicFetchError, timedOut } from "./error.ts";
import { bareHostname } from "./target.ts";

export interface Connection {
  read(buffer: Uint8Array): Promise<number | null>;
  write(bytes: Uint8Array): Promise<void>;
  /** Idempotent; a read or write in progress then rejects. */
  close(): void;
}

export interface ConnectOptions {
  /** Extra trusted CA certificates (PEM). */
  caCerts?: string[];
  /** Aborting closes the connection at once, whatever it is doing. */
  signal?: AbortSignal;
}

const DEFAULT_PORTS: Record<string, number> = { "http:": 80, "https:": 443 };

/**
 * Connects to the first of `addresses` that accepts, or to the URL's host name when `addresses` is
 * null, and completes the TLS handshake for https.
 */
export async function openConnection(
  url: URL,
  addresses: string[] | null,
  { caCerts, signal }: ConnectOptions,
): Promise<Connection> {
  const port = url.port === "" ? DEFAULT_PORTS[url.protocol] : Number(url.port);
  let tcp: Deno.TcpConn | undefined;
  let lastError: unknown;
  for (const hostname of addresses ?? [bareHostname(url)]) {
    try {
      tcp = await Deno.connect({ hostname, port, signal });
      break;
    } catch (error) {
      if (signal?.aborted) throw timedOut(url, error);
      lastError = error;
    }
  }
  if (!tcp) {
    throw new PublicFetchError("connect", url, `cannot connect: ${describeError(lastError)}`, {
      cause: lastError,
    });
  }
  if (url.protocol === "http:") return guarded(tcp, signal);

  let tls: Deno.TlsConn;
  try {
    tls = await Deno.startTls(tcp, { hostname: bareHostname(url), caCerts });
  } catch (error) {
    closeQuietly(tcp);
    throw tlsFailure(url, error, signal);
  }
  const connection = guarded(tls, signal);
  try {
    await tls.handshake();
  } catch (error) {
    connection.close();
    throw tlsFailure(url, error, signal);
  }
  return connection;
}

function tlsFailure(url: URL, error: unknown, signal?: AbortSignal): PublicFetchError {
  if (signal?.aborted) return timedOut(url, error);
  return new PublicFetchError("tls", url, `TLS failed: ${describeError(error)}`, { cause: error });
}

function guarded(conn: Deno.Conn, signal?: AbortSignal): Connection {
  let closed = false;
  const close = () => {
    if (closed) return;
    closed = true;
    signal?.removeEventListener("abort", close);
    closeQuietly(conn);
  };
  signal?.addEventListener("abort", close, { once: true });
  if (signal?.aborted) close();
  return {
    read: (buffer) => conn.read(buffer),
    async write(bytes) {
      for (let written = 0; written < bytes.length;) {
        written += await conn.write(bytes.subarray(written));
      }
    },
    close,
  };
}

function closeQuietly(conn: Deno.Conn): void {
  try {
    conn.close();
  } catch {
    // Already closed: the resource is gone either way.
  }
}
