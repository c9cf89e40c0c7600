// The owner's side of share links over the REST API: making, listing, changing and revoking them,
// what is stored (a hash, never the secret), and what ends them.
import assert from "node:assert/strict";
import { openDatabase } from "../diagram/db/database.ts";
import { EMAIL, PASSWORD, startDiagramWithAccount } from "./helpers/collab_instance.ts";

const LINK = /^http:\/\/localhost:8000\/s\/[A-Za-z0-9_-]{43}$/;

async function storedRows(dataDir: string) {
  const db = await openDatabase({ url: `file:${dataDir}/diagram.db` });
  try {
    return (await db.execute("SELECT * FROM share_links")).rows;
  } finally {
    db.close();
  }
}

Deno.test("a share link is made view-only and lasting by default, shown once, listed without its secret, and stored as a hash", async () => {
  await using setup = await startDiagramWithAccount();
  const id = await setup.newDiagram();
  const made = await setup.api("POST", `/api/diagrams/${id}/shares`, {});
  assert.equal(made.status, 201);
  assert.match(made.json.url, LINK);
  assert.deepEqual(
    { access: made.json.access, expiresAt: made.json.expiresAt, downloads: made.json.downloads },
    { access: "view", expiresAt: null, downloads: true },
  );
  assert.deepEqual(made.json.target, { type: "diagram", id, name: "Shared" });

  const listed = await setup.api("GET", "/api/shares");
  assert.equal(listed.status, 200);
  assert.equal(listed.json.links.length, 1);
  assert.equal(listed.json.links[0].id, made.json.id);
  assert.equal(JSON.stringify(listed.json).includes(made.json.url.split("/s/")[1]), false);
  assert.equal((await setup.api("GET", `/api/diagrams/${id}/shares`)).json.links.length, 1);

  const secret = made.json.url.split("/s/")[1];
  const rows = await storedRows(setup.diagram.dataDir);
  assert.equal(rows.length, 1);
  assert.equal(JSON.stringify(rows).includes(secret), false);
  const digest = new Uint8Array(
    await crypto.subtle.digest("SHA-256", new TextEncoder().encode(secret)),
  ).toHex();
  assert.equal(rows[0].secret_hash, digest);
});

Deno.test("a share link takes a lifetime, a label, edit access and no downloads; a collection is shared to view only", async () => {
  await using setup = await startDiagramWithAccount();
  const id = await setup.newDiagram();
  const before = Date.now();
  const made = await setup.api("POST", `/api/diagrams/${id}/shares`, {
    access: "edit",
    expires: "1h",
    label: "  design review  ",
    downloads: false,
  });
  assert.equal(made.status, 201);
  assert.equal(made.json.access, "edit");
  assert.equal(made.json.label, "design review");
  assert.equal(made.json.downloads, false);
  const expires = Date.parse(made.json.expiresAt);
  assert.ok(expires >= before + 3_600_000 && expires <= Date.now() + 3_600_000);

  const folder = (await setup.api("POST", "/api/collections", { name: "Work" })).json.id;
  const edit = await setup.api("POST", `/api/collections/${folder}/shares`, { access: "edit" });
  assert.equal(edit.status, 400);
  assert.match(JSON.stringify(edit.json), /collection is shared to view only/);
  const view = await setup.api("POST", `/api/collections/${folder}/shares`, { expires: "30d" });
  assert.equal(view.status, 201);
  assert.deepEqual(view.json.target, { type: "collection", id: folder, name: "Work" });
});

Deno.test("bad share requests get a 4xx naming the problem and make nothing", async () => {
  await using setup = await startDiagramWithAccount();
  const id = await setup.newDiagram();
  const cases: [string, unknown, number, RegExp][] = [
    [`/api/diagrams/${id}/shares`, { expires: "2y" }, 400, /expires/],
    [`/api/diagrams/${id}/shares`, { access: "admin" }, 400, /access/],
    [`/api/diagrams/${id}/shares`, { label: "x".repeat(101) }, 400, /label/],
    [`/api/diagrams/${id}/shares`, { downloads: "no" }, 400, /downloads/],
    [`/api/diagrams/${id}/shares`, { extra: 1 }, 400, /extra/],
    [`/api/diagrams/AAAAAAAAAAAAAAAAAAAAAA/shares`, {}, 404, /not found/],
  ];
  for (const [path, body, status, message] of cases) {
    const answer = await setup.api("POST", path, body);
    assert.equal(answer.status, status, JSON.stringify(body));
    assert.match(JSON.stringify(answer.json), message, JSON.stringify(body));
  }
  assert.equal(
    (await setup.api("DELETE", `/api/diagrams/${id}`)).status,
    204,
  );
  const trashed = await setup.api("POST", `/api/diagrams/${id}/shares`, {});
  assert.equal(trashed.status, 404);
  assert.deepEqual((await setup.api("GET", "/api/shares")).json.links, []);
});

Deno.test("an edit link can be turned view-only; revoking deletes it; trashing the diagram and a password reset end its links", async () => {
  await using setup = await startDiagramWithAccount();
  const id = await setup.newDiagram();
  const made = (await setup.api("POST", `/api/diagrams/${id}/shares`, { access: "edit" })).json;
  const patched = await setup.api("PATCH", `/api/shares/${made.id}`, { access: "view" });
  assert.equal(patched.status, 200);
  assert.equal(patched.json.access, "view");
  assert.equal((await setup.api("DELETE", `/api/shares/${made.id}`)).status, 204);
  assert.equal((await setup.api("DELETE", `/api/shares/${made.id}`)).status, 404);
  assert.equal(
    (await setup.api("PATCH", `/api/shares/${made.id}`, { access: "edit" })).status,
    404,
  );

  await setup.api("POST", `/api/diagrams/${id}/shares`, {});
  await setup.api("DELETE", `/api/diagrams/${id}`);
  assert.deepEqual((await setup.api("GET", "/api/shares")).json.links, []);
  await setup.api("POST", `/api/trash/${id}/restore`);
  assert.equal((await setup.api("GET", "/api/shares")).json.links.length, 1);

  const reset = await setup.diagram.admin("reset-password", EMAIL, PASSWORD);
  assert.equal(reset.code, 0, reset.stderr);
  await setup.signInAgain(PASSWORD);
  assert.deepEqual((await setup.api("GET", "/api/shares")).json.links, []);
  assert.equal((await storedRows(setup.diagram.dataDir)).length, 0);
});

Deno.test("share links are managed with an access token too, and not at all without a credential", async () => {
  await using setup = await startDiagramWithAccount();
  const id = await setup.newDiagram();
  const created = await setup.diagram.admin("create-token", EMAIL, "script");
  const token = created.stdout.trim().split("\n").at(-1)!;
  const withToken = await fetch(new URL(`/api/diagrams/${id}/shares`, setup.diagram.url), {
    method: "POST",
    headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
    body: "{}",
  });
  assert.equal(withToken.status, 201);
  await withToken.body?.cancel();
  const anonymous = await fetch(new URL("/api/shares", setup.diagram.url));
  assert.equal(anonymous.status, 401);
  await anonymous.body?.cancel();
});
