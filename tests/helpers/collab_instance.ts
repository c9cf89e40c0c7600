// A real collab server next to a real diagram service, each on a free port with its own data
// folder and one shared COLLAB_SECRET; plus real y-websocket clients joining its rooms.
import * as Y from "yjs";
import { WebsocketProvider } from "y-websocket";
import { type DiagramInstance, startDiagram } from "./diagram_instance.ts";
import { type RunningProcess, startService } from "./process.ts";

export const EMAIL = "owner@example.com";
export const PASSWORD = "correct horse battery";

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

/** A diagram service with its account, and a way to make diagrams and room tokens in it. */
export async function startDiagramWithAccount(extraEnv: Record<string, string> = {}) {
  const diagram = await startDiagram(extraEnv);
  await diagram.admin("reset-password", EMAIL, PASSWORD);
  const cookie = await diagram.login(EMAIL, PASSWORD);
  const api = async (method: string, path: string, body?: unknown) => {
    const response = await fetch(new URL(path, diagram.url), {
      method,
      headers: { cookie, origin: diagram.origin, "content-type": "application/json" },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return {
      status: response.status,
      json: response.status === 204 ? null : await response.json(),
    };
  };
  return {
    diagram,
    api,
    async newDiagram(elements: unknown[] = []): Promise<string> {
      const file = {
        type: "excalidraw",
        version: 2,
        source: "test",
        elements,
        appState: {},
        files: {},
      };
      return (await api("POST", "/api/diagrams", { name: "Shared", file })).json.id;
    },
    async token(id: string): Promise<string> {
      return (await api("POST", `/api/diagrams/${id}/collab-token`)).json.token;
    },
    async storedElements(id: string): Promise<{ revision: number; elements: { id: string }[] }> {
      const { json } = await api("GET", `/api/diagrams/${id}`);
      return { revision: json.revision, elements: json.file.elements };
    },
  };
}

export interface Client {
  doc: Y.Doc;
  provider: WebsocketProvider;
  elements: Y.Map<unknown>;
  /** Resolves once synced with the server. */
  synced(): Promise<void>;
  /** Resolves with the close code when the server closes the connection. */
  closed(): Promise<number>;
  destroy(): void;
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
  provider.on("connection-close", (event: CloseEvent | null) => {
    if (event) closes.push(event.code);
  });
  return {
    doc,
    provider,
    elements: doc.getMap("elements"),
    synced: () =>
      provider.synced ? Promise.resolve() : new Promise((resolve) => {
        const handler = (synced: boolean) => {
          if (!synced) return;
          provider.off("sync", handler);
          resolve();
        };
        provider.on("sync", handler);
      }),
    closed: () => eventually(() => closes.at(-1)),
    destroy() {
      provider.destroy();
      doc.destroy();
    },
  };
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
