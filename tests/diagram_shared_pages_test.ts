// The visitor's side of share links, over HTTP with no session: the shared page and its headers,
// downloads, a collection's gallery and what it reaches, the embeds (current revision, ETag, 304,
// any origin), the preview tags and oEmbed, the one 404 for every link that shows nothing, and the
// rate limit.
import assert from "node:assert/strict";
import { openDatabase } from "../diagram/db/database.ts";
import { excalidrawFile, rectangle, startDiagramWithAccount } from "./helpers/collab_instance.ts";

type Setup = Awaited<ReturnType<typeof startDiagramWithAccount>>;

const SPEC = {
  layout: "LR",
  nodes: [{ id: "a", label: "Browser" }, { id: "b", label: "Server" }],
  edges: [{ from: "a", to: "b", label: "GET /s/…" }],
};

/** A link to diagram `id` (or collection), as made by its owner: its path under the service. */
async function share(
  setup: Setup,
  target: string,
  options: Record<string, unknown> = {},
): Promise<{ path: string; secret: string; url: string; id: string }> {
  const made = await setup.api("POST", `${target}/shares`, options);
  assert.equal(made.status, 201);
  const url: string = made.json.url;
  const path = new URL(url).pathname;
  return { path, secret: path.slice("/s/".length), url, id: made.json.id };
}

async function drawnDiagram(setup: Setup, name = "Request flow", collectionId?: string) {
  const made = await setup.api("POST", "/api/diagrams", { name, spec: SPEC, collectionId });
  assert.equal(made.status, 201);
  return made.json.id as string;
}

/** A request with no cookie, as a visitor's browser makes it. */
function visit(setup: Setup, path: string, headers: Record<string, string> = {}) {
  return fetch(new URL(path, setup.diagram.url), { headers });
}

async function text(setup: Setup, path: string, headers: Record<string, string> = {}) {
  const response = await visit(setup, path, headers);
  return { status: response.status, headers: response.headers, body: await response.text() };
}

async function bytes(setup: Setup, path: string) {
  const response = await visit(setup, path);
  return {
    status: response.status,
    headers: response.headers,
    body: new Uint8Array(await response.arrayBuffer()),
  };
}

const PNG_SIGNATURE = [137, 80, 78, 71, 13, 10, 26, 10];

Deno.test("a diagram link's page shows the drawing as an image, its name and last change, to a visitor with no session: not indexed, strict CSP, no referrer", async () => {
  await using setup = await startDiagramWithAccount();
  const id = await drawnDiagram(setup);
  const { path } = await share(setup, `/api/diagrams/${id}`);

  const page = await text(setup, path);
  assert.equal(page.status, 200);
  assert.match(page.headers.get("content-type")!, /^text\/html/);
  assert.match(page.headers.get("x-robots-tag")!, /noindex/);
  assert.equal(page.headers.get("referrer-policy"), "no-referrer");
  // The editor's policy, for the live view (the bundle is built for tests): scripts of our own
  // only, and the collab server to follow the room.
  const csp = page.headers.get("content-security-policy")!;
  assert.match(csp, /script-src 'self'(;|$)/);
  assert.match(csp, /frame-ancestors 'none'/);
  assert.doesNotMatch(csp, /script-src[^;]*unsafe/);
  // COLLAB_PUBLIC_URL's default.
  assert.match(csp, /connect-src 'self' ws:\/\/localhost:1234(;|$)/);
  assert.match(page.body, /<script type="module" src="\/editor\/shared-[^"]+\.js"><\/script>/);
  assert.match(page.body, /<meta name="robots" content="noindex/);
  assert.match(page.body, /<h1>Request flow<\/h1>/);
  assert.match(page.body, /<time datetime="[^"]+"[^>]*>Changed just now<\/time>/);
  // The picture works without a script: an <img> of the SVG inside the figure the live view takes.
  const figure = new RegExp(
    `<figure id="shared-drawing"[^>]* data-live="${path}/live"[^>]*>[\\s\\S]*<img[^>]* src="${path}/image.svg"`,
  );
  assert.match(page.body, figure);
  assert.match(page.body, /<script src="\/static\/pan-zoom.js" defer><\/script>/);
  // Nothing leads to the owner's gallery, the API or another diagram.
  const links = [...page.body.matchAll(/(?:href|src|action)="([^"]*)"/g)].map((m) => m[1]);
  for (const link of links) {
    assert.ok(
      link.startsWith(path) || link.startsWith("/static/") || link.startsWith("/editor/") ||
        link === "#main" ||
        link === "/favicon.svg" || link.startsWith("http://localhost:8000/s/") ||
        link.startsWith("http://localhost:8000/oembed?"),
      `the page links to ${link}`,
    );
  }
  assert.doesNotMatch(page.body, /\/api\/|href="\/"|\/history/);

  for (const asset of ["/static/shared.css", "/static/shared-fit.js", "/static/pan-zoom.js"]) {
    assert.equal((await text(setup, asset)).status, 200, asset);
  }
});

Deno.test("a shared diagram downloads as SVG, PNG and .excalidraw, unless its link turned downloads off", async () => {
  await using setup = await startDiagramWithAccount();
  const id = await drawnDiagram(setup);
  const { path } = await share(setup, `/api/diagrams/${id}`);

  const page = await text(setup, path);
  for (const kind of ["svg", "png", "excalidraw"]) {
    assert.match(page.body, new RegExp(`href="${path}/download.${kind}" download`));
  }
  const svg = await text(setup, `${path}/download.svg`);
  assert.equal(svg.status, 200);
  assert.match(svg.headers.get("content-disposition")!, /^attachment; filename="Request flow.svg"/);
  assert.match(svg.body, /^<svg[^>]*>[\s\S]*Browser[\s\S]*<\/svg>$/);
  const png = await bytes(setup, `${path}/download.png`);
  assert.equal(png.status, 200);
  assert.equal(png.headers.get("content-type"), "image/png");
  assert.match(png.headers.get("content-disposition")!, /^attachment; filename="Request flow.png"/);
  assert.deepEqual([...png.body.slice(0, 8)], PNG_SIGNATURE);
  const file = await text(setup, `${path}/download.excalidraw`);
  assert.equal(file.status, 200);
  assert.match(file.headers.get("content-disposition")!, /filename="Request flow.excalidraw"/);
  assert.equal(JSON.parse(file.body).type, "excalidraw");

  const closed = await share(setup, `/api/diagrams/${id}`, { downloads: false });
  const closedPage = await text(setup, closed.path);
  assert.equal(closedPage.status, 200);
  assert.doesNotMatch(closedPage.body, /download/i);
  const missing = await text(setup, "/s/nothing");
  for (const kind of ["svg", "png", "excalidraw"]) {
    const refused = await text(setup, `${closed.path}/download.${kind}`);
    assert.equal(refused.status, 404, kind);
    assert.equal(refused.body, missing.body, kind);
  }
  // The picture itself is still there to see and to embed.
  assert.equal((await text(setup, `${closed.path}/image.svg`)).status, 200);
});

Deno.test("embeds show the current revision, revalidate by ETag (304) and may be loaded from any origin", async () => {
  await using setup = await startDiagramWithAccount();
  const id = await setup.newDiagram([rectangle("first", "a0")]);
  const { path } = await share(setup, `/api/diagrams/${id}`, { downloads: false });

  const first = await text(setup, `${path}/image.svg`);
  assert.equal(first.status, 200);
  assert.match(first.headers.get("content-type")!, /^image\/svg\+xml/);
  assert.equal(first.headers.get("cross-origin-resource-policy"), "cross-origin");
  assert.equal(first.headers.get("cache-control"), "public, no-cache");
  assert.match(first.headers.get("content-security-policy")!, /default-src 'none'/);
  const etag = first.headers.get("etag")!;
  assert.match(etag, /^"\d+-/);
  const again = await text(setup, `${path}/image.svg`, { "if-none-match": etag });
  assert.equal(again.status, 304);
  assert.equal(again.body, "");

  const png = await bytes(setup, `${path}/image.png`);
  assert.equal(png.status, 200);
  assert.equal(png.headers.get("content-type"), "image/png");
  assert.equal(png.headers.get("cross-origin-resource-policy"), "cross-origin");
  assert.deepEqual([...png.body.slice(0, 8)], PNG_SIGNATURE);
  const pngTag = png.headers.get("etag")!;
  assert.equal((await bytes(setup, `${path}/image.png`)).headers.get("etag"), pngTag);
  const pngAgain = await visit(setup, `${path}/image.png`, { "if-none-match": pngTag });
  await pngAgain.body?.cancel();
  assert.equal(pngAgain.status, 304);

  // The owner draws a second shape: the same address now shows it, under a new tag.
  const file = excalidrawFile([
    rectangle("first", "a0"),
    { ...rectangle("second", "a1"), x: 400, y: 300 },
  ]);
  assert.equal((await setup.api("PUT", `/api/diagrams/${id}`, { file })).status, 200);
  const changed = await text(setup, `${path}/image.svg`, { "if-none-match": etag });
  assert.equal(changed.status, 200);
  assert.notEqual(changed.headers.get("etag"), etag);
  assert.notEqual(changed.body, first.body);
  const changedPng = await visit(setup, `${path}/image.png`, { "if-none-match": pngTag });
  await changedPng.body?.cancel();
  assert.equal(changedPng.status, 200);
});

Deno.test("the page carries OpenGraph and Twitter card tags with an absolute PNG, and oEmbed describes the link", async () => {
  await using setup = await startDiagramWithAccount();
  const id = await drawnDiagram(setup, `Flow <"quoted">`);
  const { path, url } = await share(setup, `/api/diagrams/${id}`);

  const page = (await text(setup, path)).body;
  const meta = (name: string) =>
    new RegExp(`<meta (?:property|name)="${name}" content="([^"]*)">`).exec(page)?.[1];
  assert.equal(meta("og:title"), "Flow &lt;&quot;quoted&quot;&gt;");
  assert.equal(meta("og:type"), "website");
  assert.equal(meta("og:url"), url);
  assert.equal(meta("og:image"), `${url}/image.png`);
  assert.match(meta("og:image:width")!, /^\d+$/);
  assert.match(meta("og:image:height")!, /^\d+$/);
  assert.equal(meta("twitter:card"), "summary_large_image");
  const oembedHref = `http://localhost:8000/oembed?url=${encodeURIComponent(url)}&amp;format=json`;
  assert.ok(
    page.includes(`<link rel="alternate" type="application/json+oembed" href="${oembedHref}"`),
  );

  const oembed = await text(setup, `/oembed?url=${encodeURIComponent(url)}&format=json`);
  assert.equal(oembed.status, 200);
  const described = JSON.parse(oembed.body);
  assert.equal(described.version, "1.0");
  assert.equal(described.type, "rich");
  assert.equal(described.title, `Flow <"quoted">`);
  assert.equal(described.provider_name, "Diagrams");
  assert.equal(described.thumbnail_url, `${url}/image.png`);
  assert.match(
    described.html,
    new RegExp(
      `^<img src="${url}/image.svg" width="${described.width}" height="${described.height}" alt="Flow &lt;&quot;quoted&quot;&gt;">$`,
    ),
  );
  const small = JSON.parse(
    (await text(setup, `/oembed?url=${encodeURIComponent(url)}&maxwidth=120&maxheight=90`)).body,
  );
  assert.ok(small.width <= 120 && small.height <= 90, JSON.stringify(small));
  assert.ok(small.width === 120 || small.height === 90, "fitted, not shrunk further");

  const other = "http://elsewhere.example/s/" + path.slice(3);
  const cases: [string, number][] = [
    [`/oembed?url=${encodeURIComponent(url)}&format=xml`, 501],
    ["/oembed?format=json", 400],
    [`/oembed?url=${encodeURIComponent(url)}&maxwidth=wide`, 400],
    [`/oembed?url=${encodeURIComponent(url)}&maxheight=0`, 400],
    [`/oembed?url=${encodeURIComponent(url.slice(0, -1))}`, 404],
    [`/oembed?url=${encodeURIComponent(other)}`, 404],
    [`/oembed?url=${encodeURIComponent("http://localhost:8000/d/" + id)}`, 404],
  ];
  for (const [asked, status] of cases) {
    const answer = await text(setup, asked);
    assert.equal(answer.status, status, asked);
    assert.ok(JSON.parse(answer.body).error, asked);
  }
});

Deno.test("a revoked, expired, unknown, truncated or guessed link, and one to a trashed diagram, are the same plain 404", async () => {
  await using setup = await startDiagramWithAccount();
  const id = await drawnDiagram(setup);
  const live = await share(setup, `/api/diagrams/${id}`);
  const revoked = await share(setup, `/api/diagrams/${id}`);
  const expiring = await share(setup, `/api/diagrams/${id}`, { expires: "1h" });
  assert.equal((await setup.api("DELETE", `/api/shares/${revoked.id}`)).status, 204);
  const db = await openDatabase({ url: `file:${setup.diagram.dataDir}/diagram.db` });
  try {
    await db.execute({
      sql: "UPDATE share_links SET expires_at = ? WHERE id = ?",
      args: [new Date(Date.now() - 1000).toISOString(), expiring.id],
    });
  } finally {
    db.close();
  }
  const guessed = live.secret.slice(0, -1) + (live.secret.endsWith("A") ? "B" : "A");
  const misses = [
    revoked.path,
    expiring.path,
    `/s/${guessed}`,
    live.path.slice(0, -1),
    "/s/",
    `/s/${"A".repeat(43)}`,
    `${live.path}/anything`,
    `${live.path}/d/${id}`,
    `${revoked.path}/image.svg`,
    `${expiring.path}/image.png`,
    `${revoked.path}/download.excalidraw`,
  ];
  const answers = await Promise.all(misses.map((path) => text(setup, path)));
  const [reference] = answers;
  assert.match(reference.body, /This link shows nothing/);
  assert.doesNotMatch(reference.body, /href="\/"|\/api\//);
  for (const [index, answer] of answers.entries()) {
    assert.equal(answer.status, 404, misses[index]);
    assert.equal(answer.body, reference.body, misses[index]);
    assert.equal(answer.headers.get("content-type"), reference.headers.get("content-type"));
    assert.equal(answer.headers.get("cache-control"), "no-store");
  }

  assert.equal((await text(setup, live.path)).status, 200);
  assert.equal((await setup.api("DELETE", `/api/diagrams/${id}`)).status, 204);
  for (const path of [live.path, `${live.path}/image.svg`, `${live.path}/download.svg`]) {
    const trashed = await text(setup, path);
    assert.equal(trashed.status, 404, path);
    assert.equal(trashed.body, reference.body, path);
  }
});

Deno.test("a collection link shows the diagrams of its collection and those nested in it, and reaches no other", async () => {
  await using setup = await startDiagramWithAccount();
  const folder = (await setup.api("POST", "/api/collections", { name: "Architecture" })).json.id;
  const nested = (await setup.api("POST", "/api/collections", { name: "Old", parentId: folder }))
    .json.id;
  const direct = await drawnDiagram(setup, "Overview", folder);
  const deep = await drawnDiagram(setup, "Legacy flow", nested);
  const trashed = await drawnDiagram(setup, "Binned", folder);
  const outside = await drawnDiagram(setup, "Private notes");
  assert.equal((await setup.api("DELETE", `/api/diagrams/${trashed}`)).status, 204);
  const { path, url } = await share(setup, `/api/collections/${folder}`);

  const gallery = await text(setup, path);
  assert.equal(gallery.status, 200);
  assert.match(gallery.body, /<h1>Architecture<\/h1>/);
  const opened = [...gallery.body.matchAll(/<a href="([^"]+)">/g)].map((m) => m[1]);
  assert.deepEqual(opened.sort(), [`${path}/d/${deep}`, `${path}/d/${direct}`].sort());
  assert.doesNotMatch(gallery.body, /Binned|Private notes/);
  assert.match(gallery.body, /Overview[\s\S]*Legacy flow|Legacy flow[\s\S]*Overview/);
  assert.match(gallery.body, /<meta name="robots" content="noindex/);
  assert.match(gallery.body, /<meta property="og:image" content="http:\/\/localhost:8000\/s\//);

  for (const id of [direct, deep]) {
    const thumbnail = await text(setup, `${path}/d/${id}/thumbnail.svg`);
    assert.equal(thumbnail.status, 200);
    assert.match(thumbnail.body, /^<svg/);
    const page = await text(setup, `${path}/d/${id}`);
    assert.equal(page.status, 200);
    assert.match(page.body, new RegExp(`<a href="${path}">← Architecture</a>`));
    assert.match(page.body, new RegExp(`data-live="${path}/d/${id}/live"`));
    assert.equal((await text(setup, `${path}/d/${id}/image.svg`)).status, 200);
    assert.equal((await text(setup, `${path}/d/${id}/download.svg`)).status, 200);
  }
  const oembed = JSON.parse((await text(setup, `/oembed?url=${encodeURIComponent(url)}`)).body);
  assert.deepEqual(oembed, {
    version: "1.0",
    provider_name: "Diagrams",
    type: "link",
    title: "Architecture",
  });

  const notFound = (await text(setup, "/s/nothing")).body;
  for (
    const miss of [
      `${path}/d/${outside}`,
      `${path}/d/${trashed}`,
      `${path}/d/${outside}/image.svg`,
      `${path}/d/${trashed}/thumbnail.svg`,
      `${path}/d/not-an-id`,
      `${path}/image.svg`,
      `${path}/download.excalidraw`,
    ]
  ) {
    const answer = await text(setup, miss);
    assert.equal(answer.status, 404, miss);
    assert.equal(answer.body, notFound, miss);
  }
});

Deno.test("share pages and oEmbed are rate-limited per client address: 429 with Retry-After", async () => {
  await using setup = await startDiagramWithAccount();
  // A full bucket lets 120 through at once; past it, at 2 a second, asking faster is refused.
  for (let i = 0; i < 120; i++) {
    const response = await visit(setup, `/s/guess-${i}`);
    await response.body?.cancel();
    assert.equal(response.status, 404, `request ${i + 1}`);
  }
  let refused: Response | undefined;
  for (let i = 0; i < 100 && refused === undefined; i++) {
    const response = await visit(setup, "/s/guess-more");
    if (response.status === 429) refused = response;
    else await response.body?.cancel();
  }
  assert.ok(refused, "no 429 after 220 requests");
  assert.match(refused.headers.get("retry-after")!, /^[1-9]\d*$/);
  assert.match(await refused.text(), /Too many requests/);
  const oembeds = await Promise.all(
    Array.from({ length: 5 }, () =>
      visit(setup, "/oembed?url=x").then(async (response) => {
        await response.body?.cancel();
        return response.status;
      })),
  );
  assert.ok(oembeds.includes(429), `oEmbed answered ${oembeds}`);
  // The owner's own pages and API are not counted with them.
  assert.equal((await setup.api("GET", "/api/shares")).status, 200);
});
