// POST/GET/DELETE /mcp for any of our MCP servers. The body is read once here (size cap, JSON, tool-call admission), then the
// request goes to one of three SDK paths:
// - 2026-07-28 requests (per-request `_meta` envelope): the SDK's stateless modern handler;
// - 2024-11-05 … 2025-11-25 requests, stateful (default): the session's own transport;
// - the same, with MCP_HTTP_STATELESS=true: a fresh server and transport per request.
// A 2025-era batch its revision does not allow is refused before either (batch.ts). Transports run
// in JSON mode; a client that ranks SSE higher gets the answer as one SSE event.
import {
  type AuthInfo,
  createMcpHandler,
  isInitializeRequest,
  isLegacyRequest,
  type McpServer,
  WebStandardStreamableHTTPServerTransport,
} from "@modelcontextprotocol/server";
import { isJsonMediaType, readJsonRequest, RequestBodyError } from "../request_body.ts";
import type { RateLimiter } from "../../shared/rate_limiter.ts";
import { answerForm, asSseEvent } from "./accept.ts";
import { ASSUMED_PROTOCOL_VERSION, batchRefusal } from "./batch.ts";
import {
  INVALID_REQUEST,
  jsonRpcError,
  PARSE_ERROR,
  SERVER_ERROR,
  SESSION_NOT_FOUND,
} from "./jsonrpc_error.ts";
import { createSessionStore, type SessionStore } from "./sessions.ts";

export interface McpEndpointOptions {
  /** A fresh server; `authInfo` is the caller the edge authenticated, when it does so per caller. */
  createServer: (authInfo?: AuthInfo) => McpServer;
  /** Limits of the session store; null for a stateless endpoint (a fresh server per request). */
  sessions: { maxSessions: number; idleTimeoutMs: number } | null;
  maxBodyBytes: number;
  /** Deadline for a request body (the reader's default, 30 s, when unset); a slower one gets 408. */
  bodyTimeoutMs?: number;
  /** Admission of tools/call per client; undefined when unlimited. */
  toolLimiter?: RateLimiter;
}

export interface McpEndpoint {
  /** `client` keys the tool-call limit; `authInfo` reaches the server factory and tool handlers. */
  handle(request: Request, client: string, authInfo?: AuthInfo): Promise<Response>;
  readonly sessionCount: number;
  close(): Promise<void>;
}

interface Session {
  transport: WebStandardStreamableHTTPServerTransport;
  /** The revision initialize settled on, for requests that do not name theirs. */
  protocolVersion(): string | undefined;
  /** JSON-RPC ids of the session's requests being answered right now. */
  inFlight: Set<unknown>;
  close(): Promise<void>;
}

const BOTH_FORMS = "application/json, text/event-stream";
const SESSION_SWEEP_MAX_MS = 60_000;

export function createMcpEndpoint(options: McpEndpointOptions): McpEndpoint {
  const modern = createMcpHandler((context) => options.createServer(context.authInfo), {
    legacy: "reject",
    // "auto" answers JSON unless a tool streams notifications first; ours never do.
    responseMode: "auto",
    maxRequestBodySize: options.maxBodyBytes,
  });
  const limits = options.sessions;
  const sessions = limits === null ? null : createSessionStore<Session>(limits);
  const sweeper = limits === null ? undefined : setInterval(
    () => sessions?.closeIdle(),
    Math.min(limits.idleTimeoutMs, SESSION_SWEEP_MAX_MS),
  );
  if (sweeper !== undefined) Deno.unrefTimer(sweeper);

  async function post(request: Request, client: string, authInfo?: AuthInfo): Promise<Response> {
    const form = answerForm(request.headers.get("accept"));
    if (form === null) {
      return jsonRpcError(
        406,
        SERVER_ERROR,
        "Not Acceptable: accept application/json or text/event-stream",
      );
    }
    let body: unknown;
    try {
      ({ value: body } = await readJsonRequest(request, options.maxBodyBytes, {
        timeoutMs: options.bodyTimeoutMs,
      }));
    } catch (error) {
      if (!(error instanceof RequestBodyError)) throw error;
      return bodyRefused(error);
    }
    const wait = admitToolCalls(body, client);
    if (wait !== null) {
      return jsonRpcError(
        429,
        SERVER_ERROR,
        `Too many tool calls: retry after ${wait} s`,
        { "Retry-After": String(wait) },
      );
    }
    // The SDK transports insist on both forms being listed; we pick the form ourselves.
    const accept = request.headers.get("accept") ?? "";
    const sdkRequest = accept.includes("text/event-stream") && accept.includes("application/json")
      ? request
      : withAccept(request, BOTH_FORMS);
    const response = await answer(sdkRequest, body, authInfo);
    return form === "sse" && isJsonMediaType(response.headers.get("content-type"))
      ? asSseEvent(response)
      : response;
  }

  async function answer(request: Request, body: unknown, authInfo?: AuthInfo): Promise<Response> {
    if (!(await isLegacyRequest(request, body))) {
      return modern.fetch(request, { parsedBody: body, authInfo });
    }
    const declared = request.headers.get("mcp-protocol-version");
    if (sessions === null) {
      return batchRefusal(body, declared ?? ASSUMED_PROTOCOL_VERSION) ??
        statelessAnswer(request, body, authInfo);
    }
    return sessionAnswer(sessions, request, body, declared);
  }

  async function statelessAnswer(
    request: Request,
    body: unknown,
    authInfo?: AuthInfo,
  ): Promise<Response> {
    const server = options.createServer(authInfo);
    const transport = new WebStandardStreamableHTTPServerTransport({ enableJsonResponse: true });
    await server.connect(transport);
    // A client that hangs up cancels what is done for it: closing the server aborts the signal of
    // every handler still running. Its answer would reach nobody, so none is waited for (the
    // transport, once closed, would never give one).
    const hungUp = Promise.withResolvers<Response>();
    const onAbort = () => hungUp.resolve(new Response(null, { status: 499 }));
    request.signal.addEventListener("abort", onAbort, { once: true });
    try {
      return await Promise.race([
        transport.handleRequest(request, { parsedBody: body, authInfo }),
        hungUp.promise,
      ]);
    } finally {
      request.signal.removeEventListener("abort", onAbort);
      await server.close();
    }
  }

  async function sessionAnswer(
    sessions: SessionStore<Session>,
    request: Request,
    body: unknown,
    declared: string | null,
  ): Promise<Response> {
    const id = request.headers.get("mcp-session-id");
    if (id !== null) {
      const session = sessions.use(id);
      if (!session) return sessionNotFound();
      const version = declared ?? session.protocolVersion() ?? ASSUMED_PROTOCOL_VERSION;
      return batchRefusal(body, version) ?? answerInSession(session, request, body);
    }
    const refused = batchRefusal(body, declared ?? ASSUMED_PROTOCOL_VERSION);
    if (refused) return refused;
    if (!isInitializeRequest(body)) {
      return jsonRpcError(
        400,
        SERVER_ERROR,
        "Bad Request: Mcp-Session-Id header is required. Send initialize first and repeat the " +
          "session id it returns, or run the server with MCP_HTTP_STATELESS=true for clients " +
          "that do not keep sessions.",
      );
    }
    if (!sessions.hasRoom()) {
      return jsonRpcError(503, SERVER_ERROR, "Server busy: too many open sessions", {
        "Retry-After": "5",
      });
    }
    const server = options.createServer();
    const transport: WebStandardStreamableHTTPServerTransport =
      new WebStandardStreamableHTTPServerTransport({
        sessionIdGenerator: () => crypto.randomUUID(),
        enableJsonResponse: true,
        onsessioninitialized: (sessionId) =>
          sessions.add(sessionId, {
            transport,
            protocolVersion: () => server.server.getNegotiatedProtocolVersion(),
            inFlight: new Set(),
            close: () => server.close(),
          }),
        onsessionclosed: (sessionId) => sessions.forget(sessionId),
      });
    await server.connect(transport);
    return transport.handleRequest(request, { parsedBody: body });
  }

  /**
   * The SDK routes each answer by its JSON-RPC id: a second request reusing an id that is still
   * being answered would take the first one's answer and leave a request hanging forever.
   */
  async function answerInSession(
    session: Session,
    request: Request,
    body: unknown,
  ): Promise<Response> {
    const ids = (Array.isArray(body) ? body : [body])
      .filter((message) => message?.method !== undefined && message?.id !== undefined)
      .map((message) => message.id);
    const reused = ids.find((id) => session.inFlight.has(id));
    if (reused !== undefined) {
      return jsonRpcError(
        409,
        INVALID_REQUEST,
        `Invalid Request: id ${JSON.stringify(reused)} belongs to a request of this session ` +
          "that is still being answered; use a new id",
      );
    }
    for (const id of ids) session.inFlight.add(id);
    try {
      return await session.transport.handleRequest(request, { parsedBody: body });
    } finally {
      for (const id of ids) session.inFlight.delete(id);
    }
  }

  /** GET opens a session's notification stream, DELETE ends the session. */
  function sessionRequest(request: Request): Promise<Response> | Response {
    if (sessions === null) {
      return jsonRpcError(405, SERVER_ERROR, "Method not allowed: this server is stateless", {
        Allow: "POST",
      });
    }
    const id = request.headers.get("mcp-session-id");
    if (id === null) {
      return jsonRpcError(400, SERVER_ERROR, "Bad Request: Mcp-Session-Id header is required");
    }
    const session = sessions.use(id);
    return session ? session.transport.handleRequest(request) : sessionNotFound();
  }

  /** Seconds to wait when a tool call in `body` is over the client's limit, else null. */
  function admitToolCalls(body: unknown, client: string): number | null {
    if (!options.toolLimiter) return null;
    for (const message of Array.isArray(body) ? body : [body]) {
      if ((message as { method?: unknown })?.method !== "tools/call") continue;
      const wait = options.toolLimiter.take(client);
      if (wait !== null) return wait;
    }
    return null;
  }

  return {
    handle(request, client, authInfo) {
      if (request.method === "POST") return post(request, client, authInfo);
      if (request.method === "GET" || request.method === "DELETE") {
        return Promise.resolve(sessionRequest(request));
      }
      return Promise.resolve(
        jsonRpcError(405, SERVER_ERROR, `Method not allowed: ${request.method}`, {
          Allow: sessions === null ? "POST" : "GET, POST, DELETE",
        }),
      );
    },
    get sessionCount() {
      return sessions?.size ?? 0;
    },
    async close() {
      clearInterval(sweeper);
      sessions?.closeAll();
      await modern.close();
    },
  };
}

const BODY_REFUSALS = {
  400: { code: PARSE_ERROR, title: "Parse error" },
  408: { code: SERVER_ERROR, title: "Request Timeout" },
  413: { code: SERVER_ERROR, title: "Content Too Large" },
  415: { code: SERVER_ERROR, title: "Unsupported Media Type" },
} as const;

/** A refused body in the JSON-RPC error shape, titled like this endpoint's other refusals. */
function bodyRefused(error: RequestBodyError): Response {
  const { code, title } = BODY_REFUSALS[error.status];
  // A client that trickled its body is not kept on the connection.
  const headers = error.status === 408 ? { Connection: "close" } : undefined;
  return jsonRpcError(error.status, code, `${title}: ${error.message}`, headers);
}

function sessionNotFound(): Response {
  return jsonRpcError(
    404,
    SESSION_NOT_FOUND,
    "Session not found: it ended or expired; initialize again",
  );
}

/**
 * The same request with another Accept header. Its signal still tells the SDK that the client
 * hung up: the services run with Deno's `no-legacy-abort` (deno.json), under which a served
 * request's signal aborts only then, not after every answer.
 */
function withAccept(request: Request, accept: string): Request {
  const headers = new Headers(request.headers);
  headers.set("accept", accept);
  return new Request(request.url, { method: request.method, headers, signal: request.signal });
}
