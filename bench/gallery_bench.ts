// The gallery at size, run by hand: `npx -y deno@2.9.6 run -A bench/gallery_bench.ts`.
// Seeds 10,000 diagrams (each with a few words of text inside) in 200 collections straight into a
// scratch database, starts the real service on it, signs in, and prints the p50/p90 time of:
// the gallery's first page, its 50th page (following the "next" links), a collection's page, and
// a full-text search; plus the page HTML sizes (every page carries the sidebar of all 200
// collections, nested two deep).
import { openMigratedDatabase } from "../diagram/db/open_migrated.ts";
import { createCollection } from "../diagram/store/collections.ts";
import { createDiagram } from "../diagram/store/diagrams.ts";
import { randomId } from "../diagram/store/random_id.ts";
import { hashPassword } from "../diagram/auth/password.ts";
import { setPassword } from "../diagram/store/users.ts";
import { RunningProcess, serviceCommand } from "../tests/helpers/process.ts";
import { seededRandom } from "../tests/helpers/seeded_random.ts";
import { percentile } from "./process_stats.ts";

const DIAGRAMS = 10_000;
const COLLECTIONS = 200;
const RUNS = 20;
const WORDS = ["gateway", "database", "queue", "cache", "worker", "billing", "search", "auth"];

const dataDir = await Deno.makeTempDir({ prefix: "gallery-bench-" });
const random = seededRandom(7);
const pick = <T>(items: T[]) => items[Math.floor(random() * items.length)];

const db = await openMigratedDatabase({ url: `file:${dataDir}/diagram.db` }, () => {});
const { userId } = await setPassword(
  db,
  "bench@example.com",
  await hashPassword("bench password 1"),
);
const collections: string[] = [];
// A tenth at the top, the rest inside them.
for (let i = 0; i < COLLECTIONS; i++) {
  const parentId = i < COLLECTIONS / 10 ? null : collections[i % (COLLECTIONS / 10)];
  collections.push((await createCollection(db, userId, { name: `Team ${i}`, parentId })).id);
}
const seeded = performance.now();
for (let i = 0; i < DIAGRAMS; i++) {
  const texts = [pick(WORDS), pick(WORDS), `${pick(WORDS)} ${i}`];
  await createDiagram(db, userId, {
    id: randomId(),
    name: `${pick(WORDS)} plan ${i}`,
    collectionId: pick(collections),
    source: i % 3 === 0 ? "mcp" : "web",
    now: Date.now(),
    file: JSON.stringify({
      type: "excalidraw",
      elements: texts.map((text, n) => ({ id: `t${n}`, type: "text", text, originalText: text })),
    }),
    thumbnailSvg: "<svg/>",
    elementCount: texts.length,
  });
}
db.close();
console.log(
  `seeded ${DIAGRAMS} diagrams in ${COLLECTIONS} collections in ${
    ((performance.now() - seeded) / 1000).toFixed(1)
  } s`,
);

const env = { DATA_DIR: dataDir, COLLAB_SECRET: "b".repeat(40), BASE_URL: "http://localhost:8000" };
const service = new RunningProcess(
  serviceCommand("diagram", { ...env, DIAGRAM_PORT: "0" }),
);
try {
  const [, address] = await service.waitFor(/listening on (http:\/\/\S+)/);
  const login = await fetch(new URL("/api/login", address), {
    method: "POST",
    headers: { "content-type": "application/json", origin: "http://localhost:8000" },
    body: JSON.stringify({ email: "bench@example.com", password: "bench password 1" }),
  });
  const cookie = login.headers.get("set-cookie")!.split(";")[0];
  const get = async (path: string) => {
    const started = performance.now();
    const response = await fetch(new URL(path, address), { headers: { cookie } });
    const text = await response.text();
    if (!response.ok) throw new Error(`${path}: ${response.status}`);
    return { ms: performance.now() - started, text };
  };
  const next = (html: string) =>
    /href="([^"]+)" rel="next"/.exec(html)![1].replaceAll("&amp;", "&");

  let page50 = "/";
  for (let page = 1; page < 50; page++) page50 = next((await get(page50)).text);
  const cases: [string, string][] = [
    ["gallery, first page", "/"],
    ["gallery, page 50", page50],
    ["a collection's page", `/c/${collections[37]}`],
    ["full-text search", "/?q=datab"],
  ];
  for (const [name, path] of cases) {
    for (let i = 0; i < 3; i++) await get(path);
    const times: number[] = [];
    let bytes = 0;
    for (let i = 0; i < RUNS; i++) {
      const { ms, text } = await get(path);
      times.push(ms);
      bytes = new TextEncoder().encode(text).byteLength;
    }
    times.sort((a, b) => a - b);
    console.log(
      `${name}: p50 ${percentile(times, 0.5).toFixed(1)} ms, p90 ${
        percentile(times, 0.9).toFixed(1)
      } ms, ${(bytes / 1024).toFixed(1)} KiB`,
    );
  }
} finally {
  await service.stop();
  await Deno.remove(dataDir, { recursive: true });
}
