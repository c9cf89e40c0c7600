// For tests: the diagram core on a fresh embedded libSQL database in a temporary folder, with one
// account, layouts drawn in the test's own thread, and the test's clock when it brings one.
import type { Database } from "../db/database.ts";
import { openMigratedDatabase } from "../db/open_migrated.ts";
import { setPassword } from "../store/users.ts";
import { createLoginThrottle, DEFAULT_LOGIN_LIMITS } from "../auth/login_throttle.ts";
import { createDiagramService, type DiagramService } from "./diagram_service.ts";
import { drawContent, previewOfFile } from "../drawing/draw.ts";

export interface TestCore {
  core: DiagramService;
  db: Database;
  /** The one account's id. */
  userId: string;
}

export async function withTestCore(
  run: (setup: TestCore) => Promise<void>,
  options: { now?: () => number } = {},
): Promise<void> {
  const dir = await Deno.makeTempDir({ prefix: "core-test-" });
  const db = await openMigratedDatabase({ url: `file:${dir}/diagram.db` }, () => {});
  try {
    const { userId } = await setPassword(db, "owner@example.com", "hash");
    const core = createDiagramService({
      db,
      baseUrl: "https://diagrams.example.test",
      draw: (job) => drawContent(job),
      preview: (file) => previewOfFile(file),
      layoutProblems: () => [],
      throttle: createLoginThrottle(DEFAULT_LOGIN_LIMITS),
      collab: { secret: "c".repeat(40), publicUrl: "wss://collab.example.test" },
      ...options,
    });
    await run({ core, db, userId });
  } finally {
    db.close();
    await Deno.remove(dir, { recursive: true });
  }
}
