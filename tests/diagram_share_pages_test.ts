// The owner's share pages over real HTTP, as a browser without JavaScript uses them: a diagram's
// or a collection's share form (the link shown once, with its embeds), its live links changed or
// revoked there or from the account page, and every refusal a page that says what to fix.
import assert from "node:assert/strict";
import { type DiagramWithAccount, startDiagramWithAccount } from "./helpers/collab_instance.ts";

const SECRET_LINK = /http:\/\/localhost:8000\/s\/([A-Za-z0-9_-]{43})/;

/** Pages of the helper's account, as its browser without JavaScript asks for them. */
async function pages(setup: DiagramWithAccount) {
  const cookie = await setup.signIn();
  const request = async (path: string, init: RequestInit = {}) => {
    const response = await fetch(new URL(path, setup.diagram.url), {
      redirect: "manual",
      ...init,
      headers: { cookie, ...init.headers },
    });
    return {
      status: response.status,
      headers: response.headers,
      location: response.headers.get("location"),
      text: await response.text(),
    };
  };
  return {
    get: (path: string) => request(path),
    /** A form posted from our own page (`site`: what the browser says of where it came from). */
    post: (path: string, form: Record<string, string>, site = "same-origin") =>
      request(path, {
        method: "POST",
        headers: {
          "content-type": "application/x-www-form-urlencoded",
          origin: site === "same-origin" ? "null" : "https://elsewhere.example",
          "sec-fetch-site": site,
        },
        body: new URLSearchParams(form),
      }),
  };
}

/** The live links the REST API lists, to check what a page did. */
async function liveLinks(
  setup: DiagramWithAccount,
): Promise<{ id: string; access: string; history: boolean }[]> {
  return (await setup.api("GET", "/api/shares")).json.links;
}

/** The id in a link row's Revoke form. */
function revokePath(page: string): string {
  return /action="(\/account\/shares\/[A-Za-z0-9_-]+\/revoke)"/.exec(page)![1];
}

Deno.test("a link made from a diagram's share form is shown once with its embeds and never again", async () => {
  await using setup = await startDiagramWithAccount();
  const browser = await pages(setup);
  const id = await setup.newDiagram();

  const form = await browser.get(`/d/${id}/share?back=%2F`);
  assert.equal(form.status, 200);
  assert.match(form.text, /<h1>Share “Shared”<\/h1>/);
  assert.match(form.text, /<input type="radio" name="access" value="view" checked>/);
  assert.match(form.text, /<label for="expires">Lasts<\/label>/);
  assert.match(form.text, /<option value="never" selected>Until revoked<\/option>/);
  assert.match(form.text, /<label for="label">Label/);
  assert.match(form.text, /name="downloads" value="on" checked/);
  assert.match(form.text, /No live links: only you can open this diagram/);
  assert.match(form.text, /<a href="\/">← Back<\/a>/);

  const made = await browser.post(`/d/${id}/share`, {
    access: "view",
    expires: "1d",
    label: "<b>review</b>",
    downloads: "on",
    back: "/",
  });
  assert.equal(made.status, 201, made.text);
  assert.equal(made.headers.get("cache-control"), "no-store, no-transform");
  const [url, secret] = SECRET_LINK.exec(made.text)!;
  assert.match(made.text, new RegExp(`<pre id="share-url"><code>${url}</code></pre>`));
  assert.match(made.text, /<button type="button" data-copy="share-url">Copy link<\/button>/);
  assert.match(made.text, /<script src="\/static\/copy.js" defer><\/script>/);
  // The embeds of the picture, as text to copy: Markdown and an <img> tag, escaped on the page.
  assert.ok(made.text.includes(`![Shared](${url}/image.svg)`));
  assert.ok(
    made.text.includes(`&lt;img src=&quot;${url}/image.svg&quot; alt=&quot;Shared&quot;&gt;`),
  );
  assert.match(made.text, /Link created for “&lt;b&gt;review&lt;\/b&gt;”/);
  assert.doesNotMatch(made.text, /<b>review/);
  const [link] = await liveLinks(setup);
  assert.equal(link.access, "view");

  // Afterwards the link is listed, by its label, and its address is nowhere.
  for (const path of [`/d/${id}/share`, "/account", `/d/${id}`]) {
    const page = await browser.get(path);
    assert.equal(page.status, 200, path);
    assert.equal(page.text.includes(secret), false, path);
  }
  const again = await browser.get(`/d/${id}/share`);
  assert.match(again.text, /<th scope="row">&lt;b&gt;review&lt;\/b&gt;<\/th>/);
  assert.match(again.text, /view only/);
  // The editor says who joins now, and its Diagram menu leads here.
  const editor = await browser.get(`/d/${id}`);
  assert.match(
    editor.text,
    /whoever has one of the <a\s+href="\/d\/[^"]+\/share">1 share link<\/a> that show it \(to watch\)/,
  );
  assert.match(editor.text, /<li><a href="\/d\/[^"]+\/share">Share…<\/a><\/li>/);
  assert.doesNotMatch(editor.text, /Private: only your own/);
});

Deno.test("an edit link has no embed; its share page turns it view-only and revokes it, coming back to itself", async () => {
  await using setup = await startDiagramWithAccount();
  const browser = await pages(setup);
  const id = await setup.newDiagram();
  const empty = await browser.get(`/d/${id}`);
  assert.match(empty.text, /Only your own signed-in browsers join: no share link\s+shows it/);

  const made = await browser.post(`/d/${id}/share`, { access: "edit", expires: "never" });
  assert.equal(made.status, 201, made.text);
  assert.match(made.text, SECRET_LINK);
  assert.doesNotMatch(made.text, /image\.svg|Embed/);
  assert.match(made.text, /Anyone who has it can edit the diagram until you revoke it/);

  const shown = await browser.get(`/d/${id}/share?back=%2Fc%2Fnone`);
  assert.match(shown.text, /can edit/);
  const change =
    /<form method="post" action="(\/account\/shares\/[^"]+\/access)"><input\s+type="hidden" name="back" value="([^"]+)">\s*<input type="hidden" name="access" value="view">/
      .exec(shown.text);
  assert.ok(change, "a Make view-only form");
  const back = change[2].replaceAll("&amp;", "&");
  assert.equal(back, `/d/${id}/share?back=%2Fc%2Fnone`);
  const turned = await browser.post(change[1], { access: "view", back });
  assert.equal(turned.status, 303);
  assert.equal(turned.location, `/d/${id}/share?back=%2Fc%2Fnone&done=share-view-only`);
  assert.deepEqual((await liveLinks(setup)).map((link) => link.access), ["view"]);
  const after = await browser.get(turned.location!);
  assert.match(after.text, /The link is view-only now/);
  assert.match(after.text, /Allow editing/);
  assert.match(after.text, /<a href="\/c\/none">← Back<\/a>/);

  const revoked = await browser.post(revokePath(after.text), { back });
  assert.equal(revoked.status, 303);
  assert.equal(revoked.location, `/d/${id}/share?back=%2Fc%2Fnone&done=share-revoked`);
  assert.deepEqual(await liveLinks(setup), []);
  const gone = await browser.get(revoked.location!);
  assert.match(gone.text, /Share link revoked/);
  assert.match(gone.text, /No live links/);
  // A second press of the same Revoke finds nothing to revoke.
  const twice = await browser.post(revokePath(after.text), { back });
  assert.equal(twice.status, 404);
  assert.match(twice.text, /Share link not found/);
});

Deno.test("the account page lists every live link with what it shows, and revokes one; with none it says so", async () => {
  await using setup = await startDiagramWithAccount();
  const browser = await pages(setup);
  const empty = await browser.get("/account");
  assert.match(empty.text, /<h2 id="share-links-heading">Share links<\/h2>/);
  assert.match(empty.text, /No live share links: only you can open your diagrams/);

  const id = await setup.newDiagram();
  const folder = (await setup.api("POST", "/api/collections", { name: "Team <folder>" })).json.id;
  await setup.api("POST", `/api/diagrams/${id}/shares`, { label: "wiki", expires: "7d" });
  await setup.api("POST", `/api/collections/${folder}/shares`, { downloads: false });

  const full = await browser.get("/account");
  assert.match(full.text, new RegExp(`<td><a href="/d/${id}">Shared</a></td>`));
  assert.match(
    full.text,
    new RegExp(
      `<a href="/c/${folder}">Team &lt;folder&gt;</a> <span class="muted">\\(collection\\)`,
    ),
  );
  assert.match(full.text, /<th scope="row">wiki<\/th>/);
  assert.match(full.text, /no downloads/);
  assert.match(full.text, /<th scope="col">Last used<\/th>/);
  // The account page offers Revoke only.
  assert.doesNotMatch(full.text, /Allow editing|Make view-only/);

  // The editor of a diagram in the shared collection counts that collection's link too.
  const moved = await setup.api("PATCH", `/api/diagrams/${id}`, { collectionId: folder });
  assert.equal(moved.status, 200);
  const editor = await browser.get(`/d/${id}`);
  assert.match(editor.text, /one of the <a\s+href="[^"]+">2 share links<\/a> that show it/);
  const sharePage = await browser.get(`/d/${id}/share`);
  assert.match(sharePage.text, /It is also shown by a link to a collection it is in/);
  assert.match(sharePage.text, /<th scope="row">wiki<\/th>/);

  const revoke = revokePath(full.text);
  const revoked = await browser.post(revoke, { back: "/account" });
  assert.equal(revoked.status, 303);
  assert.equal(revoked.location, "/account?done=share-revoked");
  const after = await browser.get(revoked.location!);
  assert.match(after.text, /Share link revoked/);
  assert.equal((await liveLinks(setup)).length, 1);
  assert.equal(after.text.includes(revoke), false);
});

Deno.test("a collection is shared to view only from its page; edit, a lifetime not offered and a long label are refused with a page that says what to fix", async () => {
  await using setup = await startDiagramWithAccount();
  const browser = await pages(setup);
  const folder = (await setup.api("POST", "/api/collections", { name: "Work" })).json.id;
  const page = await browser.get(`/c/${folder}`);
  assert.match(page.text, new RegExp(`<a class="button" href="/c/${folder}/share">Share…</a>`));

  const form = await browser.get(`/c/${folder}/share`);
  assert.equal(form.status, 200);
  assert.doesNotMatch(form.text, /name="access"/);
  assert.match(form.text, /Visitors may view its diagrams/);
  const edit = await browser.post(`/c/${folder}/share`, { access: "edit", label: "kept" });
  assert.equal(edit.status, 400);
  assert.match(edit.text, /role="alert">A collection is shared to view only/);
  assert.match(edit.text, /value="kept"/);
  const view = await browser.post(`/c/${folder}/share`, { expires: "30d" });
  assert.equal(view.status, 201);
  assert.match(view.text, SECRET_LINK);
  assert.doesNotMatch(view.text, /image\.svg/);

  const id = await setup.newDiagram();
  const cases: [Record<string, string>, RegExp][] = [
    [{ expires: "2y" }, /Choose how long the link lasts: an hour, a day, a week, 30 days/],
    [{ access: "admin" }, /Choose what visitors may do/],
    [{ label: "x".repeat(101) }, /Keep the label to 100 characters/],
  ];
  for (const [fields, problem] of cases) {
    const refused = await browser.post(`/d/${id}/share`, fields);
    assert.equal(refused.status, 400, JSON.stringify(fields));
    assert.match(refused.text, problem);
    assert.doesNotMatch(refused.text, SECRET_LINK);
  }
  const foreign = await browser.post(`/d/${id}/share`, {}, "cross-site");
  assert.equal(foreign.status, 403);
  assert.equal((await liveLinks(setup)).length, 1, "only the collection's link was made");

  for (const path of ["/c/AAAAAAAAAAAAAAAAAAAAAA/share", "/d/AAAAAAAAAAAAAAAAAAAAAA/share"]) {
    assert.equal((await browser.get(path)).status, 404, path);
  }
});

Deno.test("the share form offers the history as a labelled choice, off by default; a link's own form shows it and hides it again", async () => {
  await using setup = await startDiagramWithAccount();
  const browser = await pages(setup);
  const id = await setup.newDiagram();

  const form = await browser.get(`/d/${id}/share`);
  const box =
    /<label class="choice"><input type="checkbox" name="history" value="on"( checked)?[^>]*> Visitors may see its history<\/label>/
      .exec(form.text);
  assert.ok(box, "a labelled history checkbox");
  assert.equal(box[1], undefined, "not ticked");

  const made = await browser.post(`/d/${id}/share`, { access: "view", history: "on" });
  assert.equal(made.status, 201, made.text);
  const secret = SECRET_LINK.exec(made.text)![1];
  const [link] = await liveLinks(setup);
  assert.equal(link.history, true);
  assert.match(made.text, /see history/);
  const visitor = async () =>
    (await fetch(new URL(`/s/${secret}/history`, setup.diagram.url))).status;
  assert.equal(await visitor(), 200);

  const hidden = await browser.post(`/account/shares/${link.id}/history`, {
    history: "off",
    back: `/d/${id}/share`,
  });
  assert.equal(hidden.status, 303);
  const after = await browser.get(hidden.location!);
  assert.match(after.text, /The link no longer shows the history/);
  assert.match(after.text, /aria-label="Show history: the link to Shared made [^"]+">Show history/);
  assert.equal((await liveLinks(setup))[0].history, false);
  assert.equal(await visitor(), 404);

  const refused = await browser.post(`/account/shares/${link.id}/history`, { history: "maybe" });
  assert.equal(refused.status, 400);
  const plain = await browser.post(`/d/${id}/share`, { access: "view" });
  assert.equal(plain.status, 201);
  assert.equal((await liveLinks(setup))[0].history, false);
});
