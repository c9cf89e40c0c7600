// A real diagram service on a free port with its own data folder, plus the operator commands
// run the way `deno task` runs them.
import { type TaskName, taskRunArgs } from "../../runtime/service_command.ts";
import { type Finished, type RunningProcess, runToExit, startService } from "./process.ts";
import type { Json } from "./mcp_client.ts";

export type AdminTask = Extract<
  TaskName,
  | "reset-password"
  | "create-token"
  | "list-tokens"
  | "revoke-token"
  | "export-gallery"
  | "import-gallery"
>;

export interface DiagramInstance {
  url: URL;
  origin: string;
  dataDir: string;
  env: Record<string, string>;
  process: RunningProcess;
  admin(task: AdminTask, ...args: string[]): Promise<Finished>;
  /** Logs in and returns the Cookie header value for later requests. */
  login(email: string, password: string): Promise<string>;
  [Symbol.asyncDispose](): Promise<void>;
}

export function adminCommand(
  env: Record<string, string>,
): (task: AdminTask, ...args: string[]) => Promise<Finished> {
  return (task, ...args) => runToExit([...taskRunArgs(task), ...args], env);
}

/**
 * Starts the diagram service. With `existingDataDir` it runs on that folder (a restart: same
 * database, same sessions) and leaves it in place when disposed; otherwise it makes its own.
 */
export async function startDiagram(
  extraEnv: Record<string, string> = {},
  existingDataDir?: string,
): Promise<DiagramInstance> {
  const dataDir = existingDataDir ?? await Deno.makeTempDir({ prefix: "diagram-test-" });
  const baseUrl = extraEnv.BASE_URL ?? "http://localhost:8000";
  const baseEnv = { DATA_DIR: dataDir, COLLAB_SECRET: "x".repeat(40), ...extraEnv };
  const { process, url } = await startService("diagram", {
    DIAGRAM_PORT: "0",
    ...baseEnv,
    // The listening address is known only after start; BASE_URL fixes the origin pages use.
    BASE_URL: baseUrl,
  });
  const origin = new URL(baseUrl).origin;
  const admin = adminCommand(baseEnv);
  return {
    url,
    origin,
    dataDir,
    env: baseEnv,
    process,
    admin,
    async login(email, password) {
      const response = await fetch(new URL("/api/login", url), {
        method: "POST",
        headers: { "content-type": "application/json", origin },
        body: JSON.stringify({ email, password }),
      });
      await response.body?.cancel();
      if (response.status !== 204) throw new Error(`login failed: ${response.status}`);
      return response.headers.get("set-cookie")!.split(";")[0];
    },
    async [Symbol.asyncDispose]() {
      await process.stop();
      if (existingDataDir === undefined) await Deno.remove(dataDir, { recursive: true });
    },
  };
}

/**
 * REST calls to the service from its own origin, with a session cookie when given: the status,
 * headers, text and (when it parses) JSON of each answer.
 */
export function apiClient(instance: DiagramInstance, cookie?: string) {
  return async (
    method: string,
    path: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ) => {
    const response = await fetch(new URL(path, instance.url), {
      method,
      headers: {
        ...(body === undefined ? {} : { "content-type": "application/json" }),
        ...(cookie ? { cookie } : {}),
        origin: instance.origin,
        ...headers,
      },
      body: body === undefined ? undefined : typeof body === "string" ? body : JSON.stringify(body),
    });
    const text = await response.text();
    let json: Json = undefined;
    try {
      json = JSON.parse(text);
    } catch {
      // not JSON (thumbnails, empty bodies)
    }
    return { status: response.status, headers: response.headers, text, json };
  };
}
