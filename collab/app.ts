// The collab server's edge: GET /health, /healthz, /readyz and /metrics (as the other services
// answer them), and WebSocket connections at /<diagramId>?token=…
// A WebSocket with a bad token is accepted and closed at once with 4401 (bad, expired or
// tampered, or granted by a session known to have ended) or 4403 (made for another diagram): the
// y-websocket client stops reconnecting on 44xx closes, where a plain HTTP 401 would have it retry
// for ever. Anything but a WebSocket gets a plain 401/403/426. A session not known either way is
// checked with the diagram service before the room is joined (rooms.join). A malformed frame
// closes its connection with 4400; after a few, the token's session is refused that room for a
// minute, also with 4400 (bad_frames.ts). A share link's viewer that sends a change is closed with
// 4405, its change not applied.
import { hostProblem } from "../runtime/host_header.ts";
import type { DependencyProbe } from "../runtime/dependency_health.ts";
import { jsonAnswer, metricsHandler, readinessAnswer } from "../runtime/metrics/endpoints.ts";
import { requestMetrics, UNMATCHED } from "../runtime/metrics/http_metrics.ts";
import { registerProcessMetrics } from "../runtime/metrics/process.ts";
import { Registry } from "../runtime/metrics/registry.ts";
import { type CollabTokenVerdict, verifyCollabToken } from "../shared/collab_token.ts";
import { type BadFrames, createBadFrames } from "./bad_frames.ts";
import type { CollabLimits } from "./config.ts";
import { type Connection, connection } from "./connection.ts";
import { collabMetrics } from "./metrics.ts";
import { ProtocolError, ReadOnlyError } from "./protocol/protocol.ts";
import type { Room } from "./room/room.ts";
import { CLOSE, type Rooms, RoomUnavailable, SESSION_ENDED } from "./rooms/rooms.ts";
import type { SessionGate } from "./rooms/session_gate.ts";

export interface CollabAppDeps {
  secret: string;
  rooms: Rooms;
  sessions: SessionGate;
  limits: CollabLimits;
  version: string;
  /** What /health says of the diagram service (reachable, or degraded and why). */
  diagramHealth: () => Promise<Record<string, string>>;
  /** Whether the diagram service answers now, for /readyz. */
  diagramProbe: DependencyProbe;
  /** Malformed frames per token's session and diagram (a fresh tally when omitted). */
  badFrames?: BadFrames;
  /** METRICS_TOKEN: /metrics answers it from anywhere, not only loopback peers. */
  metricsToken?: string;
}

const ROOM_PATH = /^\/([A-Za-z0-9_-]{1,64})$/;
/** How long a refused socket that sends nothing stays open before it is closed. */
const REFUSE_AFTER_MS = 250;
const LOCKED_OUT = "too many malformed messages from this session; try again in a minute";
/** Frames a client may send while its room is still loading. */
const MAX_EARLY_FRAMES = 64;

/** The paths collab answers besides its rooms, which are counted as one route. */
const FIXED_ROUTES = new Set(["/health", "/healthz", "/readyz", "/metrics"]);

export function createCollabHandler(
  deps: CollabAppDeps,
): (request: Request, info?: Deno.ServeHandlerInfo) => Promise<Response> {
  let connections = 0;
  const badFrames = deps.badFrames ?? createBadFrames();
  const registry = new Registry();
  registerProcessMetrics(registry, "collab");
  const observe = requestMetrics(registry);
  const metrics = collabMetrics(registry, deps.rooms, () => connections);
  const scrape = metricsHandler(registry, deps.metricsToken);
  const json = (status: number, body: unknown) =>
    jsonAnswer(status, body, { "x-content-type-options": "nosniff" });

  return async (request, info) => {
    const started = performance.now();
    // A request's URL cannot even be parsed when its Host header is malformed.
    const problem = hostProblem(request);
    const url = problem === null ? new URL(request.url) : null;
    const response = url === null
      ? json(400, { error: problem })
      : await answer(request, url, info);
    const path = url?.pathname ?? "";
    const route = FIXED_ROUTES.has(path) ? path : ROOM_PATH.test(path) ? "/:room" : UNMATCHED;
    observe(route, request.method, response.status, (performance.now() - started) / 1000);
    return response;
  };

  function answer(
    request: Request,
    url: URL,
    info?: Deno.ServeHandlerInfo,
  ): Response | Promise<Response> {
    if (request.method === "GET" && url.pathname === "/healthz") return new Response("ok");
    if (request.method === "GET" && url.pathname === "/readyz") {
      return readinessAnswer([{ name: "diagram", problem: deps.diagramProbe }]);
    }
    if (request.method === "GET" && url.pathname === "/metrics") {
      const peer = info?.remoteAddr.transport === "tcp" ? info.remoteAddr.hostname : "unknown";
      return scrape(request, peer);
    }
    if (url.pathname === "/health" && request.method === "GET") {
      return deps.diagramHealth().then((diagram) =>
        json(200, {
          status: "ok",
          service: "collab",
          version: deps.version,
          ...deps.rooms.stats(),
          ...diagram,
        })
      );
    }
    const room = ROOM_PATH.exec(url.pathname)?.[1];
    if (!room) return json(404, { error: `Not found: ${request.method} ${url.pathname}` });
    const verdict = verifyCollabToken(deps.secret, url.searchParams.get("token") ?? "", {
      diagramId: room,
    });
    const admission = admit(verdict, room);
    const isWebSocket = request.headers.get("upgrade")?.toLowerCase() === "websocket";
    if (!isWebSocket) {
      if (!admission.ok) return json(admission.status, { error: admission.message });
      return json(426, { error: "connect with a WebSocket" });
    }
    const { socket, response } = Deno.upgradeWebSocket(request, { idleTimeout: 30 });
    socket.binaryType = "arraybuffer";
    if (!admission.ok) {
      refuse(socket, admission.code, admission.message);
      return response;
    }
    if (connections >= deps.limits.maxConnections) {
      refuse(socket, CLOSE.tryLater, "the collaboration server is full");
      return response;
    }
    connections++;
    serve(socket, room, admission.session);
    socket.addEventListener("close", () => connections--);
    return response;
  }

  /** The token's session, or why it is refused: HTTP status, close code and reason. */
  function admit(verdict: CollabTokenVerdict, diagramId: string):
    | { ok: true; session: string }
    | { ok: false; status: number; code: number; message: string } {
    if (!verdict.ok) {
      const otherDiagram = verdict.reason === "wrong_diagram";
      return {
        ok: false,
        status: otherDiagram ? 403 : 401,
        code: otherDiagram ? CLOSE.otherDiagram : CLOSE.badToken,
        message: verdict.message,
      };
    }
    if (deps.sessions.hasEnded(verdict.claims.sid)) {
      return { ok: false, status: 401, code: CLOSE.badToken, message: SESSION_ENDED };
    }
    if (badFrames.locked(verdict.claims.sid, diagramId)) {
      return { ok: false, status: 429, code: CLOSE.badFrame, message: LOCKED_OUT };
    }
    return { ok: true, session: verdict.claims.sid };
  }

  /**
   * Closes a refused socket once the client has surely seen it open: on its first frame (the
   * y-websocket client sends sync step 1 as soon as it opens) or after REFUSE_AFTER_MS. A close
   * sent the instant the server side opens could reach a loaded client before its own open, and
   * such a client saw close code 0 instead of ours, and reconnected.
   */
  function refuse(socket: WebSocket, code: number, reason: string): void {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const close = () => {
      clearTimeout(timer);
      if (socket.readyState === WebSocket.OPEN) socket.close(code, reason);
    };
    socket.onopen = () => (timer = setTimeout(close, REFUSE_AFTER_MS));
    socket.onmessage = close;
    socket.onclose = () => clearTimeout(timer);
  }

  function serve(socket: WebSocket, diagramId: string, session: string): void {
    const peer: Connection = connection(socket, deps.limits, session, metrics);
    let joined: Room | null = null;
    let closed = false;
    const early: Uint8Array[] = [];

    const receive = (room: Room, frame: Uint8Array) => {
      try {
        room.receive(peer, frame);
      } catch (error) {
        if (error instanceof ReadOnlyError) {
          peer.close(CLOSE.readOnly, error.message);
          return;
        }
        if (!(error instanceof ProtocolError)) throw error;
        metrics.malformedFrame();
        badFrames.record(session, diagramId);
        peer.close(CLOSE.badFrame, error.message.slice(0, 120));
      }
    };

    socket.onopen = async () => {
      try {
        const room = await deps.rooms.join(diagramId, peer);
        if (closed) {
          deps.rooms.leave(room, peer);
          return;
        }
        joined = room;
        for (const frame of early.splice(0)) receive(room, frame);
      } catch (error) {
        if (!(error instanceof RoomUnavailable)) {
          console.error(`collab: joining ${diagramId} failed: ${error}`);
          peer.close(CLOSE.tryLater, "the room could not be opened");
          return;
        }
        peer.close(error.code, error.message);
      }
    };
    socket.onmessage = (event) => {
      const frame = peer.accept(event.data);
      if (frame === null) return;
      if (joined) receive(joined, frame);
      else if (early.length < MAX_EARLY_FRAMES) early.push(frame);
      else peer.close(CLOSE.tooMany, "too many messages before the room was ready");
    };
    socket.onclose = () => {
      closed = true;
      if (joined) deps.rooms.leave(joined, peer);
    };
    socket.onerror = () => {};
  }
}
