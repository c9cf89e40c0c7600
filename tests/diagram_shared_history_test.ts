// A share link and the diagram's history, over HTTP with no session: nothing of it unless the
// owner chose it for the link; then a page listing the kept revisions (who made each, in words
// that name no token of the owner's), each revision as a page and a picture; turned off again,
// all of it the same 404 as any address a link does not reach.
import assert from "node:assert/strict";
import { openDatabase } from "../diagram/db/database.ts";
import { type DiagramWithAccount, startDiagramWithAccount } from "./helpers/collab_instance.ts";
import { fileWithNote } from "./helpers/scene_fixture.ts";

/** A diagram saved three times: revisions 1 ("First draft") and 2 kept, 3 current. */
async function diagramWithHistory(setup: DiagramWithAccount, collectionId?: string) {
  const made = await setup.api("POST", "/api/diagrams", {
    name: "Plan",
    file: fileWithNote("First draft"),
    collectionId,
  });
  assert.equal(made.status, 201);
  const id: string = made.json.id;
  for (const text of ["Second draft", "Final plan"]) {
    const saved = await setup.api("PUT", `/api/diagrams/${id}`, { file: fileWithNote(text) });
    assert.equal(saved.status, 200);
  }
  return id;
}

async function share(
  setup: DiagramWithAccount,
  target: string,
  options: Record<string, unknown> = {},
): Promise<{ path: string; id: string; history: boolean }> {
  const made = await setup.api("POST", `${target}/shares`, options);
  assert.equal(made.status, 201, JSON.stringify(made.json));
  return { path: new URL(made.json.url).pathname, id: made.json.id, history: made.json.history };
}

async function visit(
  setup: DiagramWithAccount,
  path: string,
  headers: Record<string, string> = {},
) {
  const response = await fetch(new URL(path, setup.diagram.url), { headers });
  return { status: response.status, headers: response.headers, body: await response.text() };
}

/** Every address of a diagram's history under `path`. */
function historyAddresses(path: string): string[] {
  return [
    `${path}/history`,
    `${path}/history?before=2`,
    `${path}/history/1`,
    `${path}/history/1/image.svg`,
    `${path}/history/1/thumbnail.svg`,
  ];
}

/** Each of `addresses` is the one 404 every miss under /s/ answers. */
async function allMissing(setup: DiagramWithAccount, addresses: string[]) {
  const miss = await visit(setup, "/s/nothing");
  assert.equal(miss.status, 404);
  for (const address of addresses) {
    const answer = await visit(setup, address);
    assert.equal(answer.status, 404, address);
    assert.equal(answer.body, miss.body, address);
  }
}

/** Credits revision `revision` of `id` as `source` with `withToken`, in the service's database. */
async function credit(
  setup: DiagramWithAccount,
  id: string,
  revision: number,
  source: string,
  withToken: string,
) {
  const db = await openDatabase({ url: `file:${setup.diagram.dataDir}/diagram.db` });
  try {
    await db.execute({
      sql: `UPDATE diagram_revisions SET source = ?, with_token = ?
            WHERE diagram_id = ? AND revision = ?`,
      args: [source, withToken, id, revision],
    });
  } finally {
    db.close();
  }
}

Deno.test("a share link shows no history unless its owner chose it: every history address is the plain 404", async () => {
  await using setup = await startDiagramWithAccount();
  const id = await diagramWithHistory(setup);
  const link = await share(setup, `/api/diagrams/${id}`);
  assert.equal(link.history, false);

  const page = await visit(setup, link.path);
  assert.equal(page.status, 200);
  assert.doesNotMatch(page.body, /history/i);
  await allMissing(setup, historyAddresses(link.path));
});

Deno.test("a link made with history lists the kept revisions, who made each, and shows each as a picture", async () => {
  await using setup = await startDiagramWithAccount();
  const id = await diagramWithHistory(setup);
  // Revision 1 as an agent's (its token's name is the owner's business), 2 as an edit link's guest.
  await credit(setup, id, 1, "mcp", "ci-agent-token");
  await credit(setup, id, 2, "guest", "design review");
  const link = await share(setup, `/api/diagrams/${id}`, { history: true });
  assert.equal(link.history, true);

  const page = await visit(setup, link.path);
  assert.match(page.body, new RegExp(`<a href="${link.path}/history">History`));

  const history = await visit(setup, `${link.path}/history`);
  assert.equal(history.status, 200);
  assert.match(history.headers.get("content-type")!, /^text\/html/);
  assert.match(history.headers.get("x-robots-tag")!, /noindex/);
  assert.match(history.body, /<h1>History of “Plan”<\/h1>/);
  const rows = [...history.body.matchAll(/<h2>Revision (\d+)<\/h2>\s*<p>By ([^<]*), <time/g)]
    .map(([, revision, by]) => [Number(revision), by]);
  assert.deepEqual(rows, [[2, "a guest via link design review"], [1, "the owner"]]);
  assert.doesNotMatch(history.body, /ci-agent-token|MCP|agent/);
  assert.match(history.body, new RegExp(`<img src="${link.path}/history/1/thumbnail.svg"`));
  // Nothing there restores, downloads or leads to the owner's pages.
  assert.doesNotMatch(history.body, /restore|download|\/api\/|\/d\//i);

  const revision = await visit(setup, `${link.path}/history/1`);
  assert.equal(revision.status, 200);
  assert.match(revision.body, /<h1>Revision 1 of “Plan”<\/h1>/);
  assert.match(revision.body, new RegExp(`<img[^>]* src="${link.path}/history/1/image.svg"`));

  const svg = await visit(setup, `${link.path}/history/1/image.svg`);
  assert.equal(svg.status, 200);
  assert.match(svg.headers.get("content-type")!, /^image\/svg\+xml/);
  assert.match(svg.headers.get("content-security-policy")!, /default-src 'none'/);
  assert.match(svg.body, /First draft/);
  assert.doesNotMatch(svg.body, /Final plan/);
  const etag = svg.headers.get("etag")!;
  const again = await visit(setup, `${link.path}/history/1/image.svg`, { "if-none-match": etag });
  assert.equal(again.status, 304);
  const thumbnail = await visit(setup, `${link.path}/history/2/thumbnail.svg`);
  assert.equal(thumbnail.status, 200);
  assert.match(thumbnail.body, /^<svg/);

  // No such revision, or not a revision number: the same 404.
  await allMissing(setup, [
    `${link.path}/history/3`,
    `${link.path}/history/99/image.svg`,
    `${link.path}/history/0`,
    `${link.path}/history/1e3`,
    `${link.path}/history?before=abc`,
  ]);
});

Deno.test("a collection link with history shows each diagram's history under that diagram's page", async () => {
  await using setup = await startDiagramWithAccount();
  const folder = (await setup.api("POST", "/api/collections", { name: "Plans" })).json.id;
  const id = await diagramWithHistory(setup, folder);
  const link = await share(setup, `/api/collections/${folder}`, { history: true });

  const history = await visit(setup, `${link.path}/d/${id}/history`);
  assert.equal(history.status, 200);
  assert.match(history.body, new RegExp(`href="${link.path}/d/${id}/history/1"`));
  assert.equal((await visit(setup, `${link.path}/d/${id}/history/1/image.svg`)).status, 200);
  // The collection's own address has no history.
  await allMissing(setup, [`${link.path}/history`, `${link.path}/history/1`]);
});

Deno.test("a link's history turned off on the REST API makes its history the plain 404 again, and back on", async () => {
  await using setup = await startDiagramWithAccount();
  const id = await diagramWithHistory(setup);
  const link = await share(setup, `/api/diagrams/${id}`, { history: true });
  assert.equal((await visit(setup, `${link.path}/history/1/image.svg`)).status, 200);

  const off = await setup.api("PATCH", `/api/shares/${link.id}`, { history: false });
  assert.equal(off.status, 200);
  assert.equal(off.json.history, false);
  assert.equal(off.json.access, "view");
  await allMissing(setup, historyAddresses(link.path));
  assert.doesNotMatch((await visit(setup, link.path)).body, /history/i);

  const on = await setup.api("PATCH", `/api/shares/${link.id}`, { history: true });
  assert.equal(on.json.history, true);
  assert.equal((await visit(setup, `${link.path}/history`)).status, 200);
  const listed = await setup.api("GET", `/api/diagrams/${id}/shares`);
  assert.equal(listed.json.links[0].history, true);
});

Deno.test("history on a share link is a boolean, checked on create and on change like the rest", async () => {
  await using setup = await startDiagramWithAccount();
  const id = await diagramWithHistory(setup);
  const refused = await setup.api("POST", `/api/diagrams/${id}/shares`, { history: "yes" });
  assert.equal(refused.status, 400);
  assert.match(JSON.stringify(refused.json), /history/);
  const link = await share(setup, `/api/diagrams/${id}`);
  for (const body of [{ history: 1 }, {}, { history: true, extra: 1 }]) {
    const change = await setup.api("PATCH", `/api/shares/${link.id}`, body);
    assert.equal(change.status, 400, JSON.stringify(body));
  }
  const unknown = await setup.api("PATCH", "/api/shares/AAAAAAAAAAAAAAAAAAAAAA", { history: true });
  assert.equal(unknown.status, 404);
});
