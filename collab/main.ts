// collab's entry point: reads its variables, resumes the rooms left unsaved, serves until stopped
// (and saves every room before it exits).
import { loadConfigOrExit } from "../runtime/config.ts";
import { secretFromEnvOrDataDir } from "../runtime/secrets.ts";
import { describeError } from "../shared/describe_error.ts";
import { dependencyHealth, httpProbe } from "../runtime/dependency_health.ts";
import { runService } from "../runtime/serve.ts";
import { createCollabHandler } from "./app.ts";
import { collabConfig, collabEnv } from "./config.ts";
import { createDiagramClient } from "./rooms/diagram_client.ts";
import { roomFiles } from "./rooms/room_files.ts";
import { createRooms } from "./rooms/rooms.ts";
import { createSessionGate } from "./rooms/session_gate.ts";
import { exposedGc, memoryReleaser } from "./rooms/memory.ts";
import { VERSION } from "../runtime/version.ts";

const config = loadConfigOrExit("collab", collabEnv, collabConfig);
const secret = await secretFromEnvOrDataDir("COLLAB_SECRET", config.secret, config.dataDir);
try {
  await Deno.mkdir(config.roomsDir, { recursive: true });
} catch (error) {
  console.error(
    `collab: cannot create COLLAB_DATA_DIR ${config.roomsDir}: ${describeError(error)}`,
  );
  Deno.exit(1);
}

const client = createDiagramClient(config.diagramInternalUrl, secret);
const sessions = createSessionGate({ client, confirmMs: config.flushMs });
const rooms = createRooms({
  client,
  sessions,
  files: roomFiles(config.roomsDir),
  maxRooms: config.limits.maxRooms,
  flushMs: config.flushMs,
  unloadMs: config.unloadMs,
});
const unsaved = await rooms.resumeUnsaved();
if (unsaved > 0) console.log(`collab: ${unsaved} room(s) with unsaved edits from the last run`);

const diagramProbe = httpProbe(
  new URL("/health", config.diagramInternalUrl).href,
  `the diagram service at ${new URL(config.diagramInternalUrl).origin} (DIAGRAM_INTERNAL_URL)`,
);
const releaseMemory = memoryReleaser({
  roomChanges: rooms.roomChanges,
  saves: () => rooms.saveCounts().done,
  lastEditAt: rooms.lastEditAt,
}, exposedGc);
const ticker = setInterval(() => {
  rooms.tick().then(
    releaseMemory,
    (error) => console.error(`collab: flush tick failed: ${describeError(error)}`),
  );
}, config.flushMs);
// Edits left by the last run are saved at once, not a tick later.
if (unsaved > 0) void rooms.tick();

await runService({
  service: "collab",
  hostname: config.hostname,
  port: config.port,
  variables: { port: "COLLAB_PORT", hostname: "COLLAB_BIND_ADDRESS" },
  handler: createCollabHandler({
    secret,
    rooms,
    sessions,
    limits: config.limits,
    version: VERSION,
    diagramHealth: dependencyHealth("diagram", diagramProbe),
    diagramProbe,
    metricsToken: config.metricsToken,
  }),
  // Every dirty room is saved (or written to disk) before the process exits.
  graceMs: 30_000,
  beforeStop: async () => {
    clearInterval(ticker);
    await rooms.shutdown();
  },
});
