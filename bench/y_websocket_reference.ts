// The reference of the collab benchmark: y-websocket's own server, @y/websocket-server 0.1.1 (the
// last release on yjs 13, as our y-websocket 3.1.0 client and our server are; 0.1.5 is on the
// yjs 14 prerelease), with yjs 13.6.33 as ours, installed and run as bench/npm_cache.ts says (no
// persistence, as `npx y-websocket` runs it). It takes any path as a room name and checks no
// token; it keeps a room in memory after its last client left (it unloads rooms only when a
// persistence is set).
import { command, freePort, RunningProcess } from "../tests/helpers/process.ts";
import { npmInstalled } from "./npm_cache.ts";

export const REFERENCE_VERSION = "0.1.1";
const YJS_VERSION = "13.6.33";

/** The reference server on a free port of the loopback. */
export async function startReference(): Promise<{ process: RunningProcess; url: URL }> {
  const server = await npmInstalled(
    `collab-bench/y-websocket-server-${REFERENCE_VERSION}`,
    [`@y/websocket-server@${REFERENCE_VERSION}`, `yjs@${YJS_VERSION}`],
    "node_modules/@y/websocket-server/src/server.js",
  );
  const port = freePort();
  const process = new RunningProcess(
    command("node", [server], { HOST: "127.0.0.1", PORT: String(port) }),
  );
  await process.waitFor(/running at/);
  return { process, url: new URL(`http://127.0.0.1:${port}`) };
}
