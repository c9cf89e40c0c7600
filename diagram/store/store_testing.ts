// For the store's tests: a fresh migrated libSQL database in a temporary folder with two accounts,
// and diagrams made in it with marked contents, so a test sees whose contents it reads.
import type { Database } from "../db/database.ts";
import { openMigratedDatabase } from "../db/open_migrated.ts";
import { createDiagram } from "./diagrams.ts";
import { randomId } from "./random_id.ts";
import { setPassword } from "./users.ts";

export async function withStore(run: (db: Database, alice: string, bob: string) => Promise<void>) {
  const dir = await Deno.makeTempDir({ prefix: "store-test-" });
  const db = await openMigratedDatabase({ url: `file:${dir}/diagram.db` }, () => {});
  try {
    const alice = (await setPassword(db, "alice@example.com", "hash-a")).userId;
    const bob = (await setPassword(db, "bob@example.com", "hash-b")).userId;
    await run(db, alice, bob);
  } finally {
    db.close();
    await Deno.remove(dir, { recursive: true });
  }
}

export const content = (marker: string) => ({
  file: JSON.stringify({ type: "excalidraw", marker }),
  thumbnailSvg: `<svg>${marker}</svg>`,
  elementCount: 0,
  changedVia: "web" as const,
  now: Date.now(),
});

export function newDiagram(
  db: Database,
  userId: string,
  name: string,
  collectionId: string | null = null,
) {
  return createDiagram(db, userId, {
    id: randomId(),
    name,
    collectionId,
    source: "web",
    ...content(name),
  });
}

/** An Excalidraw file of text elements, for what a search finds. */
export function fileWithText(
  ...texts: { text: string; deleted?: boolean; containerId?: string }[]
) {
  return JSON.stringify({
    type: "excalidraw",
    elements: texts.map(({ text, deleted, containerId }, i) => ({
      id: `t${i}`,
      type: "text",
      text: text.replace(" ", "\n"),
      originalText: text,
      isDeleted: deleted ?? false,
      containerId: containerId ?? null,
    })),
  });
}
