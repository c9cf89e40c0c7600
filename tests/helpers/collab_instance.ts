// A real collab server next to a real diagram service, each on a free port with its own data
// folder and one shared COLLAB_SECRET; plus real y-websocket clients joining its rooms.
import * as Y from "yjs";
import { WebsocketProvider } from "y-websocket";
import { type DiagramInstance, startDiagram } from "./diagram_instance.ts";
import { freePorts, type RunningProcess, startService } from "./process.ts";
import { ELEMENT_DEFAULTS } from "./scene_fixture.ts";

export const EMAIL = "owner@example.com";
export const PASSWORD = "correct horse battery";

/** A flush every 300 ms and idle rooms unloaded after 500: tests see saves and ends quickly. */
export const FLUSH_MS = 300;
export const FAST_FLUSH = { COLLAB_FLUSH_MS: String(FLUSH_MS), COLLAB_UNLOAD_MS: "500" };
/** One flush, with room for a slow machine. */
export const WITHIN_A_FLUSH_MS = 3000;

export const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export interface CollabInstance {
  url: URL;
  process: RunningProcess;
  dataDir: string;
  env: Record<string, string>;
  /** Stops the server (SIGTERM unless told otherwise) and waits for it. */
  stop(signal?: Deno.Signal): Promise<Deno.CommandStatus>;
  [Symbol.asyncDispose](): Promise<void>;
}

/** Starts collab against `diagramUrl` (its internal routes) with the diagram's secret. */
export async function startCollab(
  diagram: DiagramInstance,
  extraEnv: Record<string, string> = {},
  dataDir?: string,
): Promise<CollabInstance> {
  const dir = dataDir ?? await Deno.makeTempDir({ prefix: "collab-test-" });
  const env = {
    COLLAB_PORT: "0",
    DATA_DIR: dir,
    COLLAB_SECRET: diagram.env.COLLAB_SECRET,
    DIAGRAM_INTERNAL_URL: diagram.url.href.replace(/\/$/, ""),
    ...extraEnv,
  };
  const { process, url } = await startService("collab", env);
  let stopped: Promise<Deno.CommandStatus> | null = null;
  const stop = (signal: Deno.Signal = "SIGTERM") => (stopped ??= process.stop(signal));
  return {
    url,
    process,
    dataDir: dir,
    env,
    stop,
    async [Symbol.asyncDispose]() {
      await stop();
      if (dataDir === undefined) await Deno.remove(dir, { recursive: true });
    },
  };
}

/**
 * A diagram service with its account, and a way to make diagrams and room tokens in it. It listens
 * on a port fixed up front, so it can be stopped and started again where collab (and the session
 * cookie) expect it, on the same data folder.
 */
export async function startDiagramWithAccount(extraEnv: Record<string, string> = {}) {
  const [port] = freePorts(1);
  const first = await startDiagram({ DIAGRAM_PORT: String(port), ...extraEnv });
  let diagram = first;
  /** The session the helper's calls use; signInAgain replaces it. */
  let cookie: string;
  try {
    await diagram.admin("reset-password", EMAIL, PASSWORD);
    cookie = await diagram.login(EMAIL, PASSWORD);
  } catch (error) {
    await first[Symbol.asyncDispose]();
    throw error;
  }
  const api = async (method: string, path: string, body?: unknown, session = cookie) => {
    const response = await fetch(new URL(path, diagram.url), {
      method,
      headers: { cookie: session, origin: diagram.origin, "content-type": "application/json" },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return {
      status: response.status,
      json: response.status === 204 ? null : await response.json(),
    };
  };
  return {
    /** The running diagram service (a new instance after startDiagramAgain). */
    get diagram(): DiagramInstance {
      return diagram;
    },
    api,
    async newDiagram(elements: unknown[] = []): Promise<string> {
      const file = excalidrawFile(elements);
      return (await api("POST", "/api/diagrams", { name: "Shared", file })).json.id;
    },
    /** A room token, granted by the helper's session or by the session of `session`. */
    async token(id: string, session = cookie): Promise<string> {
      const { status, json } = await api(
        "POST",
        `/api/diagrams/${id}/collab-token`,
        undefined,
        session,
      );
      if (status !== 200) throw new Error(`collab-token answered ${status}`);
      return json.token;
    },
    /** Uploads `bytes` as diagram `id`'s image `fileId`, as the editor does; the status. */
    async uploadImage(id: string, fileId: string, bytes: Uint8Array, type = "image/png") {
      const response = await fetch(new URL(`/api/diagrams/${id}/files/${fileId}`, diagram.url), {
        method: "PUT",
        body: new Uint8Array(bytes),
        headers: { cookie, origin: diagram.origin, "content-type": type },
      });
      await response.body?.cancel();
      return response.status;
    },
    /** Another session of the account, as another browser signs in: its Cookie header. */
    signIn(password = PASSWORD): Promise<string> {
      return diagram.login(EMAIL, password);
    },
    /** Signs in anew (after a password reset, say); the helper's calls use that session. */
    async signInAgain(password: string): Promise<void> {
      cookie = await diagram.login(EMAIL, password);
    },
    async storedElements(id: string): Promise<{ revision: number; elements: { id: string }[] }> {
      const { json } = await api("GET", `/api/diagrams/${id}`);
      return { revision: json.revision, elements: json.file.elements };
    },
    /** Stops the diagram service (SIGTERM); its data folder stays for startDiagramAgain. */
    stopDiagram(): Promise<Deno.CommandStatus> {
      return diagram.process.stop();
    },
    /** Starts the diagram service again on the same port and data folder, `env` on top. */
    async startDiagramAgain(env: Record<string, string> = {}): Promise<DiagramInstance> {
      diagram = await startDiagram({ ...first.env, ...env }, first.dataDir);
      return diagram;
    },
    async [Symbol.asyncDispose]() {
      await diagram.process.stop();
      await first[Symbol.asyncDispose]();
    },
  };
}

export type DiagramWithAccount = Awaited<ReturnType<typeof startDiagramWithAccount>>;

/**
 * startDiagramWithAccount for browsers on loopback: its own free port as BASE_URL (`base`), and a
 * free port kept for the collab server its pages send browsers to (`collabPort`, for startCollab's
 * COLLAB_PORT), which may start later or not at all.
 */
export async function startDiagramForBrowsers() {
  const [diagramPort, collabPort] = freePorts(2);
  const base = `http://127.0.0.1:${diagramPort}`;
  const setup = await startDiagramWithAccount({
    DIAGRAM_PORT: String(diagramPort),
    BASE_URL: base,
    COLLAB_PUBLIC_URL: `ws://127.0.0.1:${collabPort}`,
  });
  return Object.assign(setup, { base, collabPort });
}

/** A rectangle as the editor draws it, at fractional index `index`. */
export function rectangle(id: string, index: string, version = 1) {
  return {
    ...ELEMENT_DEFAULTS,
    id,
    type: "rectangle",
    x: 0,
    y: 0,
    width: 100,
    height: 50,
    index,
    version,
    updated: Date.now(),
  };
}

/** Adds rectangle `id` at fractional index `index` from `client`. */
export function draw(client: Client, id: string, index: string): void {
  client.elements.set(id, JSON.stringify(rectangle(id, index)));
}

/** Resolves once `client` holds every element of `ids`. */
export function sees(
  client: Client,
  ids: string[],
  what = `${ids.join(", ")} seen`,
): Promise<true> {
  return eventually(() => ids.every((id) => client.elements.has(id)) || undefined, 5000, what);
}

/** The ids of the diagram's stored elements. */
export async function storedIds(setup: DiagramWithAccount, id: string): Promise<string[]> {
  return (await setup.storedElements(id)).elements.map((element) => element.id);
}

/** Resolves once the diagram service stores every element of `ids`. */
export function stored(
  setup: DiagramWithAccount,
  id: string,
  ids: string[],
  timeoutMs = 10_000,
): Promise<string[]> {
  return eventually(
    async () => {
      const now = await storedIds(setup, id);
      return ids.every((wanted) => now.includes(wanted)) ? now : undefined;
    },
    timeoutMs,
    `${ids.join(", ")} stored`,
  );
}

/** A whole .excalidraw file holding `elements`. */
export function excalidrawFile(elements: unknown[]) {
  return { type: "excalidraw", version: 2, source: "test", elements, appState: {}, files: {} };
}

export interface Client {
  doc: Y.Doc;
  provider: WebsocketProvider;
  elements: Y.Map<unknown>;
  /** Resolves once synced with the server; fails after 10 s. */
  synced(): Promise<void>;
  /** Resolves with the close code when the server closes the connection. */
  closed(): Promise<number>;
  /** Every close code the server sent this client so far, in order. */
  closes: number[];
  /** Connection attempts that ended (`connection-close` events), the server's or our own. */
  connectionCloses(): number;
  destroy(): void;
  [Symbol.dispose](): void;
}

/** A real y-websocket client in room `id` with `token`. */
export function joinRoom(
  collab: { url: URL },
  id: string,
  token: string,
  doc = new Y.Doc(),
  options: { connect?: boolean } = {},
): Client {
  const serverUrl = collab.url.href.replace(/^http/, "ws").replace(/\/$/, "");
  const provider = new WebsocketProvider(serverUrl, id, doc, {
    params: { token },
    disableBc: true,
    connect: options.connect ?? true,
    // deno-lint-ignore no-explicit-any
    WebSocketPolyfill: WebSocket as any,
  });
  const closes: number[] = [];
  let connectionCloses = 0;
  provider.on("connection-close", (event: CloseEvent | null) => {
    connectionCloses++;
    if (event) closes.push(event.code);
  });
  let destroyed = false;
  const destroy = () => {
    if (destroyed) return;
    destroyed = true;
    provider.destroy();
    doc.destroy();
  };
  return {
    doc,
    provider,
    elements: doc.getMap("elements"),
    synced: () => whenSynced(provider, 10_000, `synced with room ${id}`),
    closed: () => eventually(() => closes.at(-1)),
    closes,
    connectionCloses: () => connectionCloses,
    destroy,
    [Symbol.dispose]: destroy,
  };
}

export interface RawSocket {
  socket: WebSocket;
  /** Resolves once open; never when the connection fails before opening. */
  opened: Promise<void>;
  closed: Promise<CloseEvent>;
  [Symbol.asyncDispose](): Promise<void>;
}

/** A bare WebSocket to room `id`, for what the y-websocket client would never send. */
export function rawSocket(collab: { url: URL }, id: string, token: string): RawSocket {
  const url = new URL(`/${id}`, collab.url);
  url.protocol = "ws:";
  url.searchParams.set("token", token);
  const socket = new WebSocket(url);
  socket.binaryType = "arraybuffer";
  const opened = new Promise<void>((resolve) =>
    socket.addEventListener("open", () => resolve(), { once: true })
  );
  const closed = new Promise<CloseEvent>((resolve) =>
    socket.addEventListener("close", resolve, { once: true })
  );
  return {
    socket,
    opened,
    closed,
    async [Symbol.asyncDispose]() {
      if (socket.readyState === WebSocket.CONNECTING || socket.readyState === WebSocket.OPEN) {
        socket.close();
      }
      await closed;
    },
  };
}

/** The collab server's /health answer. */
export async function health(
  collab: { url: URL },
): Promise<
  { status: string; rooms: number; connections: number; diagram: string; reason?: string }
> {
  const response = await fetch(new URL("/health", collab.url));
  if (response.status !== 200) throw new Error(`/health answered ${response.status}`);
  return await response.json();
}

/**
 * Resolves the moment `provider` is synced with its room (at once if it is), from its own `sync`
 * event, so a benchmark can time a join with it; fails after `timeoutMs`.
 */
export function whenSynced(
  provider: WebsocketProvider,
  timeoutMs = 10_000,
  what = "sync",
): Promise<void> {
  if (provider.synced) return Promise.resolve();
  return new Promise((resolve, reject) => {
    const onSync = (isSynced: boolean) => {
      if (!isSynced) return;
      done();
      resolve();
    };
    const timer = setTimeout(() => {
      done();
      reject(new Error(`timed out waiting for ${what}`));
    }, timeoutMs);
    const done = () => {
      clearTimeout(timer);
      provider.off("sync", onSync);
    };
    provider.on("sync", onSync);
  });
}

/** Polls `read` until it gives a value (not undefined), or fails after `timeoutMs`. */
export async function eventually<T>(
  read: () => T | undefined | Promise<T | undefined>,
  timeoutMs = 15_000,
  what = "condition",
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const value = await read();
    if (value !== undefined) return value;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error(`timed out waiting for ${what}`);
}
