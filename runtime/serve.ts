// Listening and graceful shutdown, shared by the four services.
import { describeError } from "../shared/describe_error.ts";

/**
 * The exit code of a service that cannot listen on its address (taken, not on this machine, not
 * allowed): like a bad setting (2), only the operator can fix it, so `deno task start` does not
 * restart it (scripts/restart_policy.ts).
 */
export const EXIT_CANNOT_LISTEN = 3;

export interface RunningServer {
  readonly url: URL;
  /** Stops accepting connections and waits for in-flight requests. */
  stop(): Promise<void>;
}

export interface ListenOptions {
  hostname: string;
  port: number;
}

export type Handler = (
  request: Request,
  info: Deno.ServeHandlerInfo,
) => Response | Promise<Response>;

/** Starts a real HTTP server and resolves once it is listening (port 0 picks a free port). */
export function listen(handler: Handler, options: ListenOptions): Promise<RunningServer> {
  return new Promise((resolve) => {
    const server = Deno.serve({
      hostname: options.hostname,
      port: options.port,
      onListen(address) {
        const url = new URL(`http://${hostAndPort(address.hostname, address.port)}/`);
        resolve({ url, stop: () => server.shutdown() });
      },
    }, handler);
  });
}

/** `host:port`, an IPv6 address in brackets. */
function hostAndPort(hostname: string, port: number): string {
  return `${hostname.includes(":") ? `[${hostname}]` : hostname}:${port}`;
}

export interface ServiceOptions extends ListenOptions {
  service: string;
  handler: Handler;
  /** The variables the port and the address come from, named when they cannot be listened on. */
  variables?: { port: string; hostname: string };
  /**
   * Runs first on a signal, while connections are still open: a server whose clients hold
   * long-lived sockets (collab) saves and closes them here, or stopping would wait for them.
   */
  beforeStop?: () => Promise<void> | void;
  /** Runs after the server stopped accepting requests, e.g. flush state or close the database. */
  onShutdown?: () => Promise<void> | void;
  /** In-flight requests get this long to finish before the process exits anyway. */
  graceMs?: number;
}

/** The main loop of a service: listen, log the address, stop cleanly on SIGINT or SIGTERM. */
export async function runService(options: ServiceOptions): Promise<void> {
  let server: RunningServer;
  try {
    server = await listen(options.handler, options);
  } catch (error) {
    // Deno.serve throws synchronously inside the promise executor, which rejects the promise.
    const { service, hostname, port, variables } = options;
    const change = variables
      ? `; choose another with ${variables.port}=<port> (0 picks a free one) or ` +
        `${variables.hostname}=<address>`
      : "";
    const address = hostAndPort(hostname, port);
    console.error(`${service}: cannot listen on ${address}: ${describeError(error)}${change}`);
    Deno.exit(EXIT_CANNOT_LISTEN);
  }

  let stopping = false;
  const stop = async (signal: Deno.Signal) => {
    if (stopping) return;
    stopping = true;
    console.log(`${options.service} received ${signal}, shutting down`);
    const deadline = setTimeout(() => {
      console.error(`${options.service}: requests still running after the grace period, exiting`);
      Deno.exit(1);
    }, options.graceMs ?? 10_000);
    try {
      await options.beforeStop?.();
      await server.stop();
      await options.onShutdown?.();
    } catch (error) {
      console.error(`${options.service}: error during shutdown: ${describeError(error)}`);
      Deno.exit(1);
    }
    clearTimeout(deadline);
    console.log(`${options.service} stopped`);
    Deno.exit(0);
  };
  for (const signal of ["SIGINT", "SIGTERM"] as const) {
    Deno.addSignalListener(signal, () => void stop(signal));
  }
  // Only now: whoever waits for this line (the supervisor, a test, a person) may send a signal at
  // once, and one arriving before the listeners were bound would kill the process (exit 130).
  console.log(`${options.service} listening on ${server.url.href.replace(/\/$/, "")}`);
}
