// The history and trash REST surface over real HTTP: revisions paged, read back byte for byte,
// drawn, compared and restored under If-Match; the trash hiding a diagram from every read and
// giving it back; and the clear 4xx answer for each bad request.
import assert from "node:assert/strict";
import { apiClient, type DiagramInstance, startDiagram } from "./helpers/diagram_instance.ts";
import { fileWithNote } from "./helpers/scene_fixture.ts";
import { randomId } from "../diagram/store/random_id.ts";

const EMAIL = "owner@example.com";
const PASSWORD = "correct horse battery";

async function withApi(
  run: (api: ReturnType<typeof apiClient>, instance: DiagramInstance) => Promise<void>,
) {
  await using instance = await startDiagram();
  const created = await instance.admin("reset-password", EMAIL, PASSWORD);
  assert.equal(created.code, 0, created.stderr);
  await run(apiClient(instance, await instance.login(EMAIL, PASSWORD)), instance);
}

/** An imported diagram saved over twice: revisions 1 (import) and 2 (web) kept, 3 current. */
async function withHistory(api: ReturnType<typeof apiClient>) {
  const created = await api("POST", "/api/diagrams", {
    name: "Plan",
    file: fileWithNote("imported words"),
  });
  assert.equal(created.status, 201);
  const id: string = created.json.id;
  const importedText = (await api("GET", `/api/diagrams/${id}/export`)).text;
  for (const words of ["second words", "third words"]) {
    const saved = await api("PUT", `/api/diagrams/${id}`, { file: fileWithNote(words) });
    assert.equal(saved.status, 200);
  }
  return { id, importedText };
}

Deno.test("revisions list newest first, page with nextBefore, and read back as the very file that was stored", async () => {
  await withApi(async (api) => {
    const { id, importedText } = await withHistory(api);
    const first = await api("GET", `/api/diagrams/${id}/revisions?limit=1`);
    assert.equal(first.status, 200);
    assert.equal(first.json.revision, 3);
    assert.equal(first.json.changedVia, "web");
    // The import, replaced by the first save, keeps its own row; the first save is the second.
    assert.deepEqual(
      first.json.revisions.map((r: { revision: number; source: string }) => [r.revision, r.source]),
      [[2, "web"]],
    );
    assert.equal(first.json.nextBefore, 2);
    const second = await api("GET", `/api/diagrams/${id}/revisions?limit=1&before=2`);
    assert.deepEqual(second.json.revisions.map((r: { revision: number }) => r.revision), [1]);
    assert.equal(second.json.revisions[0].source, "import");
    assert.equal(second.json.nextBefore, null);

    const kept = await api("GET", `/api/diagrams/${id}/revisions/1`);
    assert.equal(kept.status, 200);
    assert.equal(kept.text, importedText);
    assert.equal(kept.headers.get("etag"), '"1"');

    const thumbnail = await api("GET", `/api/diagrams/${id}/revisions/1/thumbnail.svg`);
    assert.equal(thumbnail.status, 200);
    assert.match(thumbnail.headers.get("content-type")!, /^image\/svg\+xml/);
    assert.match(thumbnail.headers.get("content-security-policy")!, /default-src 'none'/);
    assert.match(thumbnail.headers.get("cache-control")!, /immutable/);
    assert.match(thumbnail.text, /imported words/);

    const changes = await api("GET", `/api/diagrams/${id}/revisions/1/changes`);
    assert.equal(changes.status, 200);
    assert.equal(changes.json.currentRevision, 3);
    assert.deepEqual(changes.json.ifRestored.changed, [
      { id: "note", type: "text", text: "imported words" },
    ]);
  });
});

Deno.test("a restore answers the new revision, honours If-Match, and gives the file back byte for byte", async () => {
  await withApi(async (api) => {
    const { id, importedText } = await withHistory(api);
    const stale = await api("POST", `/api/diagrams/${id}/revisions/1/restore`, undefined, {
      "if-match": '"2"',
    });
    assert.equal(stale.status, 412);
    assert.equal(stale.json.currentRevision, 3);
    assert.equal((await api("GET", `/api/diagrams/${id}`)).json.revision, 3);

    const restored = await api("POST", `/api/diagrams/${id}/revisions/1/restore`, undefined, {
      "if-match": '"3"',
    });
    assert.equal(restored.status, 200, restored.text);
    assert.equal(restored.headers.get("etag"), '"4"');
    assert.deepEqual(
      [
        restored.json.restoredRevision,
        restored.json.replacedRevision,
        restored.json.diagram.revision,
      ],
      [1, 3, 4],
    );
    assert.equal(restored.json.diagram.changedVia, "restore");
    assert.equal((await api("GET", `/api/diagrams/${id}/export`)).text, importedText);
  });
});

Deno.test("a save that draws what is stored (null as [], keys reordered, versions bumped) makes no revision; a change after it does", async () => {
  await withApi(async (api) => {
    const created = await api("POST", "/api/diagrams", {
      name: "Loaded and left",
      file: fileWithNote("as imported"),
    });
    const id: string = created.json.id;
    const before = (await api("GET", `/api/diagrams/${id}`)).json;
    // What Excalidraw hands back after loading it: [] for null, its own key order, a new version.
    const stored = fileWithNote("as imported");
    const file = {
      ...stored,
      elements: stored.elements.map((element) => ({
        ...Object.fromEntries(Object.entries(element).reverse()),
        boundElements: [],
        version: 5,
        versionNonce: 12345,
        updated: Date.now(),
      })),
      appState: Object.fromEntries(Object.entries(stored.appState).reverse()),
    };
    const resaved = await api("PUT", `/api/diagrams/${id}`, { file }, { "if-match": '"1"' });
    assert.equal(resaved.status, 200, resaved.text);
    assert.deepEqual(resaved.json, { id, revision: 1, updatedAt: before.updatedAt });
    const after = (await api("GET", `/api/diagrams/${id}`)).json;
    assert.deepEqual([after.revision, after.updatedAt, after.changedVia], [
      1,
      before.updatedAt,
      "import",
    ]);
    assert.deepEqual((await api("GET", `/api/diagrams/${id}/revisions`)).json.revisions, []);

    const changed = await api("PUT", `/api/diagrams/${id}`, { file: fileWithNote("edited") });
    assert.equal(changed.json.revision, 2);
    const kept = (await api("GET", `/api/diagrams/${id}/revisions`)).json.revisions;
    assert.deepEqual(kept.map((r: { revision: number }) => r.revision), [1]);
  });
});

Deno.test("bad revision requests get a 4xx JSON answer that says what is wrong", async () => {
  await withApi(async (api) => {
    const { id } = await withHistory(api);
    for (
      const [path, status, pattern] of [
        [`/api/diagrams/${id}/revisions/abc`, 400, /revision/],
        [`/api/diagrams/${id}/revisions/0`, 400, /revision/],
        [`/api/diagrams/${id}/revisions/99`, 404, /no revision 99/],
        [`/api/diagrams/${id}/revisions?limit=0`, 400, /limit/],
        [`/api/diagrams/${id}/revisions?before=x`, 400, /before/],
        [`/api/diagrams/${id}/revisions?colour=red`, 400, /colour/],
        [`/api/diagrams/${randomId()}/revisions`, 404, /diagram not found/],
        [`/api/diagrams/not!an!id/revisions`, 400, /not a valid id/],
      ] as const
    ) {
      const answer = await api("GET", path);
      assert.equal(answer.status, status, path);
      assert.match(JSON.stringify(answer.json), pattern, path);
    }
    const badIfMatch = await api("POST", `/api/diagrams/${id}/revisions/1/restore`, undefined, {
      "if-match": "yesterday",
    });
    assert.equal(badIfMatch.status, 400);
    assert.match(badIfMatch.json.error, /If-Match/);
    const unknown = await api("POST", `/api/diagrams/${id}/revisions/42/restore`);
    assert.equal(unknown.status, 404);
    assert.equal((await api("GET", `/api/diagrams/${id}`)).json.revision, 3);
  });
});

Deno.test("a deleted diagram is in the trash: every read says so, the trash lists it, and a restore brings it back", async () => {
  await withApi(async (api, instance) => {
    const { id } = await withHistory(api);
    assert.equal((await api("DELETE", `/api/diagrams/${id}`)).status, 204);
    for (
      const [method, path] of [
        ["GET", `/api/diagrams/${id}`],
        ["GET", `/api/diagrams/${id}/thumbnail.svg`],
        ["GET", `/api/diagrams/${id}/export`],
        ["GET", `/api/diagrams/${id}/revisions`],
        ["GET", `/api/diagrams/${id}/revisions/1`],
        ["POST", `/api/diagrams/${id}/revisions/1/restore`],
        ["PATCH", `/api/diagrams/${id}`],
        ["DELETE", `/api/diagrams/${id}`],
      ] as const
    ) {
      const answer = await api(method, path, method === "PATCH" ? { name: "x" } : undefined);
      assert.equal(answer.status, 404, `${method} ${path}`);
      assert.deepEqual(answer.json, { error: "diagram is in the trash" }, `${method} ${path}`);
    }
    assert.deepEqual((await api("GET", "/api/diagrams")).json.diagrams, []);
    assert.deepEqual((await api("GET", "/api/diagrams?q=third")).json.diagrams, []);

    const trash = await api("GET", "/api/trash");
    assert.equal(trash.status, 200);
    assert.deepEqual(trash.json.diagrams.map((d: { id: string }) => d.id), [id]);
    assert.match(trash.json.diagrams[0].purgeAt, /^\d{4}-/);
    assert.equal((await api("GET", `/api/trash/${id}/thumbnail.svg`)).status, 200);

    // Another site cannot make the browser restore or purge it.
    const crossSite = await apiClient(instance)("POST", `/api/trash/${id}/restore`, undefined, {
      origin: "https://evil.example",
    });
    assert.equal(crossSite.status, 403);

    const restored = await api("POST", `/api/trash/${id}/restore`);
    assert.equal(restored.status, 200);
    assert.equal(restored.json.id, id);
    assert.equal((await api("GET", `/api/diagrams/${id}/revisions`)).json.revisions.length, 2);
    assert.equal((await api("POST", `/api/trash/${id}/restore`)).status, 404);
    assert.equal((await api("DELETE", `/api/trash/${id}`)).status, 404);
    assert.equal((await api("GET", "/api/trash?limit=500")).status, 400);
  });
});

Deno.test("a diagram deleted for good is gone with its history; only what is in the trash can be", async () => {
  await withApi(async (api) => {
    const { id } = await withHistory(api);
    assert.equal((await api("DELETE", `/api/trash/${id}`)).status, 404);
    assert.equal((await api("DELETE", `/api/diagrams/${id}`)).status, 204);
    assert.equal((await api("DELETE", `/api/trash/${id}`)).status, 204);
    const gone = await api("GET", `/api/diagrams/${id}`);
    assert.deepEqual([gone.status, gone.json], [404, { error: "diagram not found" }]);
    assert.deepEqual((await api("GET", "/api/trash")).json.diagrams, []);
    assert.equal((await api("DELETE", `/api/trash/not-an-id!`)).status, 400);
  });
});
