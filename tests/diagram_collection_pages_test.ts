// The gallery's collections and card actions over real HTTP, as a browser without JavaScript uses
// them: plain form posts, each answered with a redirect back to where it started or a page that
// says what is wrong. Names from users are escaped wherever they appear.
import assert from "node:assert/strict";
import { type DiagramInstance, startDiagram } from "./helpers/diagram_instance.ts";

const EMAIL = "owner@example.com";
const PASSWORD = "correct horse battery";
const ID = /^\/c\/([A-Za-z0-9_-]{22})$/;

/** A signed-in browser without JavaScript: GETs, and form posts from our own pages. */
async function signedIn(instance: DiagramInstance) {
  const cookie = await instance.login(EMAIL, PASSWORD);
  const get = async (path: string) => {
    const response = await fetch(new URL(path, instance.url), {
      redirect: "manual",
      headers: { cookie },
    });
    return { status: response.status, text: await response.text() };
  };
  const post = async (path: string, form: Record<string, string>, site = "same-origin") => {
    const response = await fetch(new URL(path, instance.url), {
      method: "POST",
      redirect: "manual",
      headers: {
        cookie,
        "content-type": "application/x-www-form-urlencoded",
        origin: "null",
        "sec-fetch-site": site,
      },
      body: new URLSearchParams(form),
    });
    return {
      status: response.status,
      location: response.headers.get("location"),
      text: await response.text(),
    };
  };
  const api = async (method: string, path: string, body?: unknown) => {
    const response = await fetch(new URL(path, instance.url), {
      method,
      headers: { cookie, origin: instance.origin, "content-type": "application/json" },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return response.status === 204 ? null : await response.json();
  };
  /** Creates a collection through its form and returns its id. */
  const collection = async (name: string, parentId?: string) => {
    const created = await post("/collections", parentId ? { name, parentId } : { name });
    assert.equal(created.status, 303, created.text);
    return ID.exec(created.location!)![1];
  };
  return { get, post, api, collection };
}

async function withPages(run: (person: Awaited<ReturnType<typeof signedIn>>) => Promise<void>) {
  await using instance = await startDiagram();
  assert.equal((await instance.admin("reset-password", EMAIL, PASSWORD)).code, 0);
  await run(await signedIn(instance));
}

Deno.test("collections nest with breadcrumbs and a sidebar tree, their names escaped everywhere", async () => {
  await withPages(async (person) => {
    const top = await person.collection('"><img src=x onerror=alert(1)>');
    const child = await person.collection("javascript:alert(1)", top);
    const page = await person.get(`/c/${child}`);
    assert.equal(page.status, 200);
    assert.doesNotMatch(page.text, /<img src=x/);
    assert.match(page.text, /<nav class="breadcrumbs" aria-label="Breadcrumb">/);
    const crumbs = /<nav class="breadcrumbs"[\s\S]*?<\/nav>/.exec(page.text)![0];
    assert.match(crumbs, /All diagrams[\s\S]*&quot;&gt;&lt;img src=x[\s\S]*javascript:alert\(1\)/);
    assert.doesNotMatch(page.text, /href="javascript:/);
    // The sidebar nests the child under its parent and marks the one shown.
    const sidebar = /<nav class="sidebar"[\s\S]*?<\/nav>/.exec(page.text)![0];
    assert.match(
      sidebar,
      new RegExp(
        `href="/c/${top}"[^>]*>&quot;[^<]*<span class="count">0</span></a><ul><li><a href="/c/${child}" aria-current="page">`,
      ),
    );
    assert.match((await person.get(`/c/${top}`)).text, /<h2>Collections inside<\/h2>/);

    const nameless = await person.post("/collections", { name: "  " });
    assert.equal(nameless.status, 400);
    assert.match(nameless.text, /Give the collection a name/);
    const orphan = await person.post("/collections", { name: "x", parentId: "A".repeat(22) });
    assert.equal(orphan.status, 404);
    assert.match(orphan.text, /no longer exists/);
    const unknown = await person.get(`/c/${"B".repeat(22)}`);
    assert.equal(unknown.status, 404);
    assert.match(unknown.text, /Collection not found/);
    assert.equal((await person.get("/c/not-an-id/rename")).status, 404);
  });
});

Deno.test("a collection renames, moves but never into itself, and its delete sends what it holds up or out", async () => {
  await withPages(async (person) => {
    const top = await person.collection("Projects");
    const middle = await person.collection("Website", top);
    const leaf = await person.collection("Assets", middle);
    const plan = await person.api("POST", "/api/diagrams", { name: "Plan", collectionId: middle });

    const renamed = await person.post(`/c/${middle}/rename`, { name: "Web site" });
    assert.equal(renamed.location, `/c/${middle}`);
    assert.match((await person.get(`/c/${middle}`)).text, /<h1>Web site<\/h1>/);

    // The move page offers neither the collection itself nor anything under it.
    const movePage = await person.get(`/c/${top}/move`);
    assert.doesNotMatch(movePage.text, new RegExp(`value="(${top}|${middle}|${leaf})"`));
    const cycle = await person.post(`/c/${top}/move`, { parentId: leaf });
    assert.equal(cycle.status, 400);
    assert.match(cycle.text, /cannot move into itself or one of its descendants/);
    const moved = await person.post(`/c/${leaf}/move`, { parentId: "" });
    assert.equal(moved.location, `/c/${leaf}`);
    assert.equal((await person.api("GET", `/api/collections/${leaf}`)).parentId, null);

    const confirm = await person.get(`/c/${middle}/delete`);
    assert.match(confirm.text, /It holds 1 diagram\. Where should they go\?/);
    assert.match(confirm.text, /Into “Projects”, the collection around it/);
    assert.equal((await person.post(`/c/${middle}/delete`, {})).status, 400, "no choice made");
    const deleted = await person.post(`/c/${middle}/delete`, { contents: "parent" });
    assert.equal(deleted.location, `/c/${top}`);
    assert.equal((await person.api("GET", `/api/diagrams/${plan.id}`)).collectionId, top);

    const outOf = await person.post(`/c/${top}/delete`, { contents: "none" });
    assert.equal(outOf.location, "/");
    assert.equal((await person.api("GET", `/api/diagrams/${plan.id}`)).collectionId, null);
    assert.match((await person.get("/c/none")).text, /<span class="name">Plan/);
  });
});

Deno.test("a card's actions move, duplicate and delete, each coming back to the page it started on", async () => {
  await withPages(async (person) => {
    const archive = await person.collection("Archive");
    const plan = await person.api("POST", "/api/diagrams", { name: "Plan" });
    const gallery = await person.get("/");
    assert.match(gallery.text, /<summary>Actions<span class="visually-hidden"> for Plan<\/span>/);
    assert.match(gallery.text, new RegExp(`href="/d/${plan.id}/move\\?back=%2F"`));

    const movePage = await person.get(`/d/${plan.id}/move?back=%2F`);
    assert.match(movePage.text, /<label for="collectionId">Collection<\/label>/);
    const moved = await person.post(`/d/${plan.id}/move`, { collectionId: archive, back: "/" });
    assert.equal(moved.location, "/");
    const archivePage = await person.get(`/c/${archive}`);
    assert.match(archivePage.text, new RegExp(`data-diagram-id="${plan.id}"`));
    const gone = await person.post(`/d/${plan.id}/move`, {
      collectionId: "C".repeat(22),
      back: "/",
    });
    assert.equal(gone.status, 400);
    assert.match(gone.text, /That collection no longer exists/);

    const copied = await person.post(`/d/${plan.id}/duplicate`, { back: `/c/${archive}` });
    assert.equal(copied.location, `/c/${archive}`);
    assert.match((await person.get(`/c/${archive}`)).text, /Plan \(copy\)/);

    // back= is a path on this site or nothing: never another site.
    const away = await person.post(`/d/${plan.id}/rename`, {
      name: "Plan B",
      back: "https://evil.example/",
    });
    assert.equal(away.location, "/");
    const deleted = await person.post(`/d/${plan.id}/delete`, { back: `/d/${plan.id}` });
    assert.equal(
      deleted.location,
      `/?deleted=${plan.id}`,
      "the deleted diagram's own page is no place to return",
    );
    assert.equal((await person.get(`/d/${plan.id}`)).status, 404);
  });
});

Deno.test("New diagram starts an empty one, in the collection shown", async () => {
  await withPages(async (person) => {
    const drafts = await person.collection("Drafts");
    assert.match((await person.get(`/c/${drafts}`)).text, /No diagrams here yet\./);
    const created = await person.post("/new", { collectionId: drafts });
    assert.match(created.location!, /^\/d\/[A-Za-z0-9_-]{22}$/);
    const page = await person.get(created.location!);
    assert.match(page.text, /<input id="diagram-name" name="name" value="Untitled diagram"/);
    assert.match(page.text, /Nothing is drawn yet\./);
    assert.match(page.text, new RegExp(`<li><a href="/c/${drafts}">Drafts</a></li>`));
    assert.equal((await person.api("GET", `/api/collections/${drafts}`)).diagramCount, 1);
  });
});

Deno.test("the gallery's forms refuse posts from another site", async () => {
  await withPages(async (person) => {
    const archive = await person.collection("Archive");
    const plan = await person.api("POST", "/api/diagrams", { name: "Plan" });
    for (
      const [path, form] of [
        ["/new", {}],
        ["/collections", { name: "x" }],
        [`/c/${archive}/delete`, { contents: "none" }],
        [`/d/${plan.id}/move`, { collectionId: archive }],
      ] as const
    ) {
      const refused = await person.post(path, form, "cross-site");
      assert.equal(refused.status, 403, path);
    }
    assert.equal((await person.api("GET", "/api/collections")).collections.length, 1);
    assert.equal((await person.api("GET", `/api/diagrams/${plan.id}`)).collectionId, null);
  });
});

Deno.test("changing the password is throttled like signing in", async () => {
  await withPages(async (person) => {
    for (let attempt = 0; attempt < 5; attempt++) {
      const wrong = await person.post("/account/password", {
        current: `guess number ${attempt}`,
        next: "a brand new passphrase",
      });
      assert.equal(wrong.status, 400);
    }
    const throttled = await person.post("/account/password", {
      current: PASSWORD,
      next: "a brand new passphrase",
    });
    assert.equal(throttled.status, 429);
    assert.match(throttled.text, /Too many wrong passwords\. Try again in 15 minutes\./);
    assert.equal((await person.get("/account")).status, 200, "still signed in, password kept");
  });
});

Deno.test("without JavaScript the history page restores over the revision it showed, says so when the diagram changed meanwhile, and escapes names", async () => {
  await withPages(async (person) => {
    const note = (text: string) => ({
      type: "excalidraw",
      version: 2,
      source: "test",
      elements: [],
      appState: {},
      files: {},
      note: text,
    });
    const diagram = await person.api("POST", "/api/diagrams", {
      name: "<script>alert(1)</script>",
      file: note("first"),
    });
    await person.api("PUT", `/api/diagrams/${diagram.id}`, { file: note("second") });
    const history = await person.get(`/d/${diagram.id}/history`);
    assert.equal(history.status, 200);
    assert.doesNotMatch(history.text, /<script>alert/);
    assert.match(history.text, /Current · revision 2/);
    assert.match(history.text, /name="expected" value="2"/);

    // Someone saves after the page was shown: its Restore changes nothing and says why.
    await person.api("PUT", `/api/diagrams/${diagram.id}`, { file: note("third") });
    const stale = await person.post(`/d/${diagram.id}/history/1/restore`, { expected: "2" });
    assert.equal(stale.status, 409);
    assert.match(stale.text, /it is now at revision 3\), so nothing was restored/);
    assert.equal((await person.api("GET", `/api/diagrams/${diagram.id}`)).revision, 3);

    const restored = await person.post(`/d/${diagram.id}/history/1/restore`, { expected: "3" });
    assert.equal(restored.status, 303);
    assert.equal(restored.location, `/d/${diagram.id}/history?restored=1&replaced=3`);
    assert.equal((await person.api("GET", `/api/diagrams/${diagram.id}`)).file.note, "first");

    for (const path of [`/d/${diagram.id}/history/99`, `/d/${diagram.id}/history/abc`]) {
      const missing = await person.get(path);
      assert.equal(missing.status, 404, path);
      assert.match(missing.text, /Revision not found/, path);
    }
    // Another site's form cannot restore.
    const crossSite = await person.post(
      `/d/${diagram.id}/history/2/restore`,
      { expected: "4" },
      "cross-site",
    );
    assert.equal(crossSite.status, 403);
    assert.equal((await person.api("GET", `/api/diagrams/${diagram.id}`)).revision, 4);
  });
});

Deno.test("without JavaScript the trash restores into the collection and deletes for good after a confirm", async () => {
  await withPages(async (person) => {
    const folder = await person.collection("Folder");
    const diagram = await person.api("POST", "/api/diagrams", {
      name: "Plan & <b>notes</b>",
      collectionId: folder,
    });
    const deleted = await person.post(`/d/${diagram.id}/delete`, { back: `/c/${folder}` });
    assert.equal(deleted.status, 303);
    const trash = await person.get("/trash");
    assert.match(trash.text, /Plan &amp; &lt;b&gt;notes&lt;\/b&gt;/);
    assert.match(trash.text, /from Folder/);
    assert.equal((await person.get(`/d/${diagram.id}`)).status, 404);

    const restored = await person.post(`/trash/${diagram.id}/restore`, {});
    assert.equal(restored.location, `/trash?restored=${diagram.id}`);
    assert.match((await person.get(restored.location!)).text, /is back in .*its collection/);
    assert.match((await person.get(`/c/${folder}`)).text, new RegExp(diagram.id));

    await person.post(`/d/${diagram.id}/delete`, {});
    const confirm = await person.get(`/trash/${diagram.id}/delete`);
    assert.match(confirm.text, /cannot be brought back/);
    const purged = await person.post(`/trash/${diagram.id}/delete`, {});
    assert.equal(purged.status, 303);
    assert.equal((await person.get(`/trash/${diagram.id}/delete`)).status, 404);
    assert.equal((await person.post(`/trash/${diagram.id}/restore`, {})).status, 404);
    assert.equal((await person.post("/trash/not-an-id/restore", {})).status, 404);
  });
});

Deno.test("without JavaScript deleting a diagram from its card says it moved to the trash, and Undo puts it back in its collection", async () => {
  await withPages(async (person) => {
    const folder = await person.collection("Folder");
    const diagram = await person.api("POST", "/api/diagrams", {
      name: "Plan & <b>notes</b>",
      collectionId: folder,
    });
    // The card's Delete… carries the page it is on (sorted by name here) through the confirm page.
    const back = `/c/${folder}?sort=name`;
    const deleted = await person.post(`/d/${diagram.id}/delete`, { back });
    assert.equal(deleted.status, 303);
    assert.equal(deleted.location, `${back}&deleted=${diagram.id}`);

    const gallery = await person.get(deleted.location!);
    assert.equal(gallery.status, 200);
    assert.doesNotMatch(gallery.text, new RegExp(`data-diagram-id="${diagram.id}"`));
    const notice = /<div class="message notice undo" role="status"[^]*?<\/div>/.exec(gallery.text);
    assert.ok(notice, gallery.text);
    assert.match(
      notice[0],
      /“Plan &amp; &lt;b&gt;notes&lt;\/b&gt;” moved to the trash\./,
    );
    assert.match(
      notice[0],
      new RegExp(`<form method="post" action="/trash/${diagram.id}/restore">`),
    );
    assert.match(notice[0], new RegExp(`name="back" value="/c/${folder}\\?sort=name"`));
    assert.match(notice[0], /<button type="submit">Undo<\/button>/);

    // Undo is a state change like any other: refused from another site.
    const foreign = await person.post(`/trash/${diagram.id}/restore`, { back }, "cross-site");
    assert.equal(foreign.status, 403);
    const undone = await person.post(`/trash/${diagram.id}/restore`, { back });
    assert.equal(undone.status, 303);
    assert.equal(undone.location, `${back}&restored=${diagram.id}`);
    const after = await person.get(undone.location!);
    assert.match(
      after.text,
      new RegExp(`data-diagram-id="${diagram.id}"`),
      "back in its collection",
    );
    assert.match(
      after.text,
      /<p class="message notice" role="status">“<a href="\/d\/[^"]+">Plan &amp; &lt;b&gt;notes&lt;\/b&gt;<\/a>” is back in <a href="\/c\/[^"]+">its collection<\/a>\.<\/p>/,
    );
    assert.doesNotMatch(after.text, /moved to the/);
    assert.deepEqual((await person.api("GET", "/api/trash")).diagrams, []);
    assert.equal((await person.api("GET", `/api/diagrams/${diagram.id}`)).collectionId, folder);
    // The old address no longer offers an Undo that has nothing to undo.
    assert.doesNotMatch((await person.get(deleted.location!)).text, /moved to the/);
  });
});

Deno.test("the way back after a delete and its Undo never leaves the site", async () => {
  await withPages(async (person) => {
    const diagram = await person.api("POST", "/api/diagrams", { name: "Sketch" });
    for (const back of ["//evil.example/", "https://evil.example/", "/.//evil.example/"]) {
      const deleted = await person.post(`/d/${diagram.id}/delete`, { back });
      assert.equal(deleted.location, `/?deleted=${diagram.id}`, back);
      const undone = await person.post(`/trash/${diagram.id}/restore`, { back });
      assert.equal(undone.location, `/?restored=${diagram.id}`, back);
    }
    // From the diagram's own page, which is gone once it is deleted: the gallery says so.
    const deleted = await person.post(`/d/${diagram.id}/delete`, { back: `/d/${diagram.id}` });
    assert.equal(deleted.location, `/?deleted=${diagram.id}`);
    assert.match((await person.get(deleted.location!)).text, /“Sketch” moved to the/);
  });
});
