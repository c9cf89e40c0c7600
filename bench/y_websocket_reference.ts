// The reference of the collab benchmark: y-websocket's own server, @y/websocket-server 0.1.1 (the
// last release on yjs 13, as our y-websocket 3.1.0 client and our server are; 0.1.5 is on the
// yjs 14 prerelease), with yjs 13.6.33 as ours. It is installed once with npm into a cache folder
// outside the repository and started with `node` directly (no persistence, as `npx y-websocket`
// runs it), so that the process measured is the server itself. It takes any path as a room name
// and checks no token; it keeps a room in memory after its last client left (it unloads rooms
// only when a persistence is set).
import { command, freePort, RunningProcess } from "../tests/helpers/process.ts";

export const REFERENCE_VERSION = "0.1.1";
const YJS_VERSION = "13.6.33";
const HOME = Deno.env.get("HOME") ?? "/tmp";
const PREFIX = `${HOME}/.cache/collab-bench/y-websocket-server-${REFERENCE_VERSION}`;
const SERVER = `${PREFIX}/node_modules/@y/websocket-server/src/server.js`;

async function exists(path: string): Promise<boolean> {
  try {
    await Deno.stat(path);
    return true;
  } catch {
    return false;
  }
}

/** Installs the reference server with npm when it is not there yet; the path of its entry. */
export async function ensureReference(): Promise<string> {
  if (await exists(SERVER)) return SERVER;
  console.log(`installing @y/websocket-server@${REFERENCE_VERSION} into ${PREFIX} (npm)`);
  const { success, stderr } = await new Deno.Command("npm", {
    args: [
      "install",
      "--no-save",
      "--no-audit",
      "--no-fund",
      "--prefix",
      PREFIX,
      `@y/websocket-server@${REFERENCE_VERSION}`,
      `yjs@${YJS_VERSION}`,
    ],
    stdout: "null",
    stderr: "piped",
  }).output();
  if (!success || !(await exists(SERVER))) {
    throw new Error(`npm could not install the reference:\n${new TextDecoder().decode(stderr)}`);
  }
  return SERVER;
}

/** The reference server on a free port of the loopback. */
export async function startReference(): Promise<{ process: RunningProcess; url: URL }> {
  const server = await ensureReference();
  const port = freePort();
  const process = new RunningProcess(
    command("node", [server], { HOST: "127.0.0.1", PORT: String(port) }),
  );
  await process.waitFor(/running at/);
  return { process, url: new URL(`http://127.0.0.1:${port}`) };
}
