// The diagram service's pages over real HTTP, as a browser without JavaScript uses them: sign in
// (plain form posts), the session redirect with next=, sign out, the gallery and a diagram's page.
import assert from "node:assert/strict";
import { type DiagramInstance, startDiagram } from "./helpers/diagram_instance.ts";
import { fileWithNote, hostileFrames } from "./helpers/scene_fixture.ts";
import { linkedBoxes, SCRIPT_LINKS, WEB_LINKS } from "./helpers/element_links.ts";

const EMAIL = "owner@example.com";
const PASSWORD = "correct horse battery";

async function withPages(run: (instance: DiagramInstance) => Promise<void>) {
  await using instance = await startDiagram();
  assert.equal((await instance.admin("reset-password", EMAIL, PASSWORD)).code, 0);
  await run(instance);
}

function browser(instance: DiagramInstance) {
  let cookie = "";
  return {
    async get(path: string) {
      const response = await fetch(new URL(path, instance.url), {
        redirect: "manual",
        headers: cookie ? { cookie } : {},
      });
      return { response, text: await response.text() };
    },
    /** A form post from our own page: the browser says so with Sec-Fetch-Site. */
    async post(path: string, form: Record<string, string>, headers: Record<string, string> = {}) {
      const response = await fetch(new URL(path, instance.url), {
        method: "POST",
        redirect: "manual",
        headers: {
          "content-type": "application/x-www-form-urlencoded",
          origin: "null",
          "sec-fetch-site": "same-origin",
          ...(cookie ? { cookie } : {}),
          ...headers,
        },
        body: new URLSearchParams(form),
      });
      const set = response.headers.get("set-cookie");
      if (set) cookie = set.split(";")[0].endsWith("=") ? "" : set.split(";")[0];
      return { response, text: await response.text() };
    },
  };
}

/** A new diagram named "Draft", made over the REST API; its id. */
async function newDraft(instance: DiagramInstance): Promise<string> {
  const cookie = await instance.login(EMAIL, PASSWORD);
  const response = await fetch(new URL("/api/diagrams", instance.url), {
    method: "POST",
    headers: { cookie, origin: instance.origin, "content-type": "application/json" },
    body: JSON.stringify({ name: "Draft" }),
  });
  return (await response.json()).id;
}

Deno.test("a page without a session goes to the login form, and signing in comes back to it", async () => {
  await withPages(async (instance) => {
    const person = browser(instance);
    const first = await person.get("/d/AAAAAAAAAAAAAAAAAAAAAA?x=1");
    assert.equal(first.response.status, 303);
    assert.equal(
      first.response.headers.get("location"),
      "/login?next=%2Fd%2FAAAAAAAAAAAAAAAAAAAAAA%3Fx%3D1",
    );

    const form = await person.get(first.response.headers.get("location")!);
    assert.equal(form.response.status, 200);
    assert.match(form.text, /<label for="email">Email<\/label>/);
    assert.match(form.text, /<label for="password">Password<\/label>/);
    assert.match(form.text, /<button type="submit" class="primary">Sign in<\/button>/);
    assert.match(form.text, /name="next" value="\/d\/AAAAAAAAAAAAAAAAAAAAAA\?x=1"/);
    const csp = form.response.headers.get("content-security-policy")!;
    assert.match(csp, /script-src 'self'/);
    assert.match(csp, /frame-ancestors 'none'/);
    assert.doesNotMatch(csp, /unsafe-inline/);

    const signedIn = await person.post("/login", {
      email: EMAIL,
      password: PASSWORD,
      next: "/d/AAAAAAAAAAAAAAAAAAAAAA?x=1",
    });
    assert.equal(signedIn.response.status, 303);
    assert.equal(signedIn.response.headers.get("location"), "/d/AAAAAAAAAAAAAAAAAAAAAA?x=1");
    const missing = await person.get("/d/AAAAAAAAAAAAAAAAAAAAAA");
    assert.equal(missing.response.status, 404);
    assert.match(missing.text, /Diagram not found/);
    // /api keeps answering JSON, never a redirect.
    const api = await fetch(new URL("/api/diagrams", instance.url));
    assert.equal(api.status, 401);
    assert.equal((await api.json()).error.includes("log in"), true);
  });
});

Deno.test("a wrong password shows one message and keeps the (escaped) email; next= cannot leave the site", async () => {
  await withPages(async (instance) => {
    const person = browser(instance);
    const wrong = await person.post("/login", {
      email: '"><img src=x onerror=alert(1)>@example.com',
      password: "not the password",
      next: "//evil.example/steal",
    });
    assert.equal(wrong.response.status, 401);
    assert.match(wrong.text, /Wrong email or password\./);
    assert.doesNotMatch(wrong.text, /<img src=x/);
    assert.match(wrong.text, /value="&quot;&gt;&lt;img src=x onerror=alert\(1\)&gt;@example.com"/);
    assert.match(wrong.text, /name="next" value="\/"/);

    const right = await person.post("/login", {
      email: EMAIL,
      password: PASSWORD,
      next: "https://evil.example/",
    });
    assert.equal(right.response.headers.get("location"), "/");
  });
});

Deno.test("a dot segment cannot turn next= or a form's back= into a link to another host", async () => {
  await withPages(async (instance) => {
    const person = browser(instance);
    const signIn = await person.post("/login", {
      email: EMAIL,
      password: PASSWORD,
      next: "/.//evil.example/",
    });
    assert.equal(signIn.response.headers.get("location"), "/");
    const signedIn = await person.get("/login?next=/.//evil.example/");
    assert.equal(signedIn.response.status, 303);
    assert.equal(signedIn.response.headers.get("location"), "/");
    const loginForm = await person.get("/login?next=%2F%2e%2F%2Fevil.example%2F");
    assert.equal(loginForm.response.headers.get("location"), "/");

    const id = await newDraft(instance);
    for (const back of ["/.//evil.example/x", "/%2e//evil.example/x", "/.\\/evil.example/x"]) {
      const renamed = await person.post(`/d/${id}/rename`, { name: "Renamed", back });
      assert.equal(renamed.response.status, 303);
      assert.equal(renamed.response.headers.get("location"), "/", back);
      const page = await person.get(`/d/${id}/rename?back=${encodeURIComponent(back)}`);
      assert.match(page.text, /name="back" value="\/"/, back);
    }
  });
});

Deno.test("after five failures the form says when to try again, even for the right password", async () => {
  await withPages(async (instance) => {
    const person = browser(instance);
    for (let i = 0; i < 5; i++) {
      await person.post("/login", { email: EMAIL, password: `wrong ${i}`, next: "/" });
    }
    const blocked = await person.post("/login", { email: EMAIL, password: PASSWORD, next: "/" });
    assert.equal(blocked.response.status, 429);
    assert.ok(Number(blocked.response.headers.get("retry-after")) > 0);
    assert.match(blocked.text, /Too many failed sign-ins\. Try again in 15 minutes\./);
  });
});

Deno.test("a sign-in form posted from another site is refused", async () => {
  await withPages(async (instance) => {
    const person = browser(instance);
    const foreign = await person.post("/login", { email: EMAIL, password: PASSWORD }, {
      origin: "https://evil.example",
      "sec-fetch-site": "cross-site",
    });
    assert.equal(foreign.response.status, 403);
    assert.equal(foreign.response.headers.get("set-cookie"), null);
  });
});

Deno.test("an Authorization header does not exempt a cookie-authenticated write from the same-origin check", async () => {
  await withPages(async (instance) => {
    const person = browser(instance);
    await person.post("/login", { email: EMAIL, password: PASSWORD, next: "/" });
    const id = await newDraft(instance);
    const forged = { origin: "http://evil.example", "sec-fetch-site": "cross-site" };
    for (const authorization of ["x", "Bearer not-a-token", "Basic b3duZXI6cHc="]) {
      const token = await person.post("/account/tokens", { name: "stolen" }, {
        ...forged,
        authorization,
      });
      assert.equal(token.response.status, 403, authorization);
      const renamed = await person.post(`/d/${id}/rename`, { name: "Owned" }, {
        ...forged,
        authorization,
      });
      assert.equal(renamed.response.status, 403, authorization);
      const signOut = await person.post("/logout", {}, { ...forged, authorization });
      assert.equal(signOut.response.status, 403, authorization);
    }
    const account = await person.get("/account");
    assert.doesNotMatch(account.text, /stolen/);
    assert.match((await person.get(`/d/${id}`)).text, /value="Draft"/);
  });
});

Deno.test("the gallery lists diagrams with escaped names; a diagram's page shows it; sign out ends the session", async () => {
  await withPages(async (instance) => {
    const person = browser(instance);
    const empty = await person.post("/login", { email: EMAIL, password: PASSWORD, next: "/" });
    assert.equal(empty.response.status, 303);
    const fresh = await person.get("/");
    assert.match(fresh.text, /No diagrams yet\./);
    assert.match(fresh.text, /<a href="\/account">account page<\/a>/);
    assert.match(fresh.text, /http:\/\/localhost:8000\/mcp/);

    const cookie = await instance.login(EMAIL, PASSWORD);
    const created = await fetch(new URL("/api/diagrams", instance.url), {
      method: "POST",
      headers: { cookie, origin: instance.origin, "content-type": "application/json" },
      body: JSON.stringify({ name: "<script>alert(1)</script> plan" }),
    }).then((response) => response.json());

    const gallery = await person.get("/");
    assert.match(gallery.text, /&lt;script&gt;alert\(1\)&lt;\/script&gt; plan/);
    assert.doesNotMatch(gallery.text, /<script>/);
    assert.match(gallery.text, new RegExp(`href="/d/${created.id}"`));
    assert.match(gallery.text, /loading="lazy"/);
    assert.match(gallery.text, /updated just now/);

    const page = await person.get(`/d/${created.id}`);
    assert.equal(page.response.status, 200);
    assert.match(page.text, new RegExp(`/api/diagrams/${created.id}/export`));
    assert.match(
      page.text,
      /<li><a href="\/">All diagrams<\/a><\/li>/,
      "the breadcrumbs lead back",
    );
    const old = await person.get(`/diagrams/${created.id}`);
    assert.equal(old.response.status, 301);
    assert.equal(old.response.headers.get("location"), `/d/${created.id}`);

    const style = await person.get("/static/style.css");
    assert.match(style.response.headers.get("content-type")!, /^text\/css/);
    assert.match(page.text, /<link rel="icon" href="\/favicon.svg"/);
    const icon = await fetch(new URL("/favicon.ico", instance.url));
    assert.equal(icon.url, new URL("/favicon.svg", instance.url).href, "/favicon.ico leads to it");
    assert.equal(icon.headers.get("content-type"), "image/svg+xml");
    assert.match(await icon.text(), /^<svg /);

    const out = await person.post("/logout", {});
    assert.equal(out.response.status, 303);
    assert.equal(out.response.headers.get("location"), "/login");
    assert.equal((await person.get("/")).response.status, 303);
  });
});

Deno.test("the gallery's search finds a diagram by a word inside it, folds diacritics and marks the words", async () => {
  await withPages(async (instance) => {
    const person = browser(instance);
    await person.post("/login", { email: EMAIL, password: PASSWORD, next: "/" });
    const cookie = await instance.login(EMAIL, PASSWORD);
    for (const [name, note] of [["Storage", "Postgres réplica <b>lag</b>"], ["Other", "nothing"]]) {
      const created = await fetch(new URL("/api/diagrams", instance.url), {
        method: "POST",
        headers: { cookie, origin: instance.origin, "content-type": "application/json" },
        body: JSON.stringify({ name, file: fileWithNote(note) }),
      });
      assert.equal(created.status, 201, await created.text());
    }
    const found = await person.get("/?q=replic");
    assert.match(found.text, /<label for="q">Search diagrams<\/label>/);
    assert.match(found.text, /value="replic"/);
    assert.match(found.text, /Best matches for “replic”/);
    assert.match(found.text, /Postgres <mark>réplica<\/mark> &lt;b&gt;lag&lt;\/b&gt;/);
    assert.doesNotMatch(found.text, />Other</);
    const none = await person.get("/?q=%22%3E%3Cscript%3E");
    assert.match(none.text, /Nothing matches “&quot;&gt;&lt;script&gt;”/);
    // The REST list reads the same index.
    const api = await fetch(new URL("/api/diagrams?q=postg", instance.url), {
      headers: { cookie },
    });
    const listed = await api.json();
    assert.deepEqual(listed.diagrams.map((d: { name: string }) => d.name), ["Storage"]);
    assert.equal("match" in listed.diagrams[0], false);
  });
});

async function listTools(instance: DiagramInstance, token: string): Promise<number> {
  const response = await fetch(new URL("/mcp", instance.url), {
    method: "POST",
    headers: {
      authorization: `Bearer ${token}`,
      "content-type": "application/json",
      accept: "application/json, text/event-stream",
      "mcp-protocol-version": "2025-06-18",
    },
    body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/list" }),
  });
  await response.body?.cancel();
  return response.status;
}

Deno.test("the account page creates a token shown once with the MCP configuration, which works on /mcp until revoked", async () => {
  await withPages(async (instance) => {
    const person = browser(instance);
    await person.post("/login", { email: EMAIL, password: PASSWORD, next: "/" });
    const empty = await person.get("/account");
    assert.match(empty.text, /No tokens yet\./);
    assert.match(empty.text, /<label for="token-name">Name of a new token<\/label>/);
    assert.match(empty.text, /<script src="\/static\/copy\.js" defer><\/script>/);

    const created = await person.post("/account/tokens", { name: "laptop" });
    assert.equal(created.response.status, 201);
    assert.equal(created.response.headers.get("cache-control"), "no-store, no-transform");
    // The token beside the name typed is never compressed (BREACH).
    assert.equal(created.response.headers.get("content-encoding"), null);
    const token = /(dgm_[A-Za-z0-9_-]{43})/.exec(created.text)![1];
    assert.match(created.text, /&quot;url&quot;: &quot;http:\/\/localhost:8000\/mcp&quot;/);
    assert.match(created.text, new RegExp(`&quot;Authorization&quot;: &quot;Bearer ${token}`));
    assert.equal(await listTools(instance, token), 200);
    assert.doesNotMatch((await person.get("/account")).text, new RegExp(token));

    const again = await person.post("/account/tokens", { name: "laptop" });
    assert.equal(again.response.status, 409);
    assert.match(again.text, /already named “laptop”/);
    const spaced = await person.post("/account/tokens", { name: "two words" });
    assert.equal(spaced.response.status, 400);

    const revoked = await person.post("/account/tokens/revoke", { name: "laptop" });
    assert.equal(revoked.response.headers.get("location"), "/account?done=revoked");
    assert.match((await person.get("/account?done=revoked")).text, /Token revoked/);
    assert.equal(await listTools(instance, token), 401);

    const foreign = await person.post("/account/tokens", { name: "evil" }, {
      origin: "https://evil.example",
      "sec-fetch-site": "cross-site",
    });
    assert.equal(foreign.response.status, 403);
  });
});

Deno.test("changing the password needs the current one and signs every other browser out", async () => {
  await withPages(async (instance) => {
    const person = browser(instance);
    await person.post("/login", { email: EMAIL, password: PASSWORD, next: "/" });
    const otherBrowser = await instance.login(EMAIL, PASSWORD);

    const wrong = await person.post("/account/password", {
      current: "not it at all",
      next: "a brand new passphrase",
    });
    assert.equal(wrong.response.status, 400);
    assert.match(wrong.text, /The current password is wrong\./);
    const short = await person.post("/account/password", { current: PASSWORD, next: "short" });
    assert.equal(short.response.status, 400);
    assert.match(short.text, /at least 12 characters/);

    const changed = await person.post("/account/password", {
      current: PASSWORD,
      next: "a brand new passphrase",
    });
    assert.equal(changed.response.headers.get("location"), "/account?done=password");
    assert.equal((await person.get("/account")).response.status, 200, "this browser stays in");
    const other = await fetch(new URL("/", instance.url), {
      redirect: "manual",
      headers: { cookie: otherBrowser },
    });
    await other.body?.cancel();
    assert.equal(other.status, 303, "the other browser is signed out");
    await instance.login(EMAIL, "a brand new passphrase");
  });
});

Deno.test("the gallery pages by cursor in each order: 60 cards, then the rest, nothing twice", async () => {
  await withPages(async (instance) => {
    const person = browser(instance);
    await person.post("/login", { email: EMAIL, password: PASSWORD, next: "/" });
    const cookie = await instance.login(EMAIL, PASSWORD);
    for (let i = 0; i < 65; i++) {
      const created = await fetch(new URL("/api/diagrams", instance.url), {
        method: "POST",
        headers: { cookie, origin: instance.origin, "content-type": "application/json" },
        // Created in an order that is neither alphabetical nor its reverse.
        body: JSON.stringify({ name: `Plan ${String((i * 37) % 65).padStart(2, "0")}` }),
      });
      await created.body?.cancel();
    }
    const names = (html: string) =>
      [...html.matchAll(/<span class="name">(Plan \d+)/g)].map((m) => m[1]);
    const nextLink = (html: string) =>
      /href="([^"]+)" rel="next"/.exec(html)?.[1].replaceAll("&amp;", "&");

    for (const sort of ["updated", "name", "created"]) {
      const first = await person.get(`/?sort=${sort}`);
      assert.match(first.text, new RegExp(`href="/\\?sort=${sort}" aria-current="true"`));
      const page1 = names(first.text);
      assert.equal(page1.length, 60, sort);
      const next = nextLink(first.text);
      assert.ok(next, `${sort} has a next page`);
      const second = await person.get(next!);
      const page2 = names(second.text);
      assert.equal(page2.length, 5, sort);
      assert.equal(nextLink(second.text), undefined);
      assert.match(second.text, />First page</);
      const all = [...page1, ...page2];
      assert.equal(new Set(all).size, 65, `${sort}: every diagram once`);
      if (sort === "name") assert.deepEqual(all, [...all].sort());
      if (sort === "created") {
        assert.equal(all[0], `Plan ${String((64 * 37) % 65).padStart(2, "0")}`);
      }
    }
    // A cursor that does not decode is the first page, not an error.
    assert.equal(names((await person.get("/?after=%%%")).text).length, 60);
  });
});

Deno.test("a diagram's page renames, duplicates and, after a confirm step, deletes it", async () => {
  await withPages(async (instance) => {
    const person = browser(instance);
    await person.post("/login", { email: EMAIL, password: PASSWORD, next: "/" });
    const id = await newDraft(instance);

    const page = await person.get(`/d/${id}`);
    assert.match(page.text, /Nothing is drawn yet\./);
    // The editor's bar renames in place: a plain form, back to the editor.
    assert.match(
      page.text,
      new RegExp(`<form class="rename" method="post" action="/d/${id}/rename">`),
    );
    assert.match(page.text, /<input id="diagram-name" name="name" value="Draft"/);
    const form = await person.get(`/d/${id}/rename?back=${encodeURIComponent(`/d/${id}`)}`);
    assert.match(form.text, /<label for="name">Name<\/label>/);
    assert.match(form.text, new RegExp(`name="back" value="/d/${id}"`));
    const renamed = await person.post(`/d/${id}/rename`, { name: '"><script>x</script>' });
    assert.equal(renamed.response.headers.get("location"), `/d/${id}`);
    const after = await person.get(`/d/${id}`);
    assert.match(after.text, /value="&quot;&gt;&lt;script&gt;x&lt;\/script&gt;"/);
    assert.doesNotMatch(after.text, /<script>x/);
    const empty = await person.post(`/d/${id}/rename`, { name: "  " });
    assert.equal(empty.response.status, 400);
    assert.match(empty.text, /Give the diagram a name/);

    const copied = await person.post(`/d/${id}/duplicate`, {});
    const copyPath = copied.response.headers.get("location")!;
    assert.match(copyPath, /^\/d\/[A-Za-z0-9_-]{22}$/);
    assert.notEqual(copyPath, `/d/${id}`);
    assert.match((await person.get(copyPath)).text, /\(copy\)/);

    const confirm = await person.get(`/d/${id}/delete`);
    assert.match(confirm.text, /Delete “&quot;&gt;&lt;script&gt;x&lt;\/script&gt;”\?/);
    assert.equal((await person.get(`/d/${id}`)).response.status, 200, "asking deletes nothing");
    const foreign = await person.post(`/d/${id}/delete`, {}, {
      origin: "https://evil.example",
      "sec-fetch-site": "cross-site",
    });
    assert.equal(foreign.response.status, 403);
    const deleted = await person.post(`/d/${id}/delete`, {});
    assert.equal(deleted.response.headers.get("location"), `/?deleted=${id}`);
    assert.equal((await person.get(`/d/${id}`)).response.status, 404);
    assert.equal((await person.get(copyPath)).response.status, 200, "the copy stays");
  });
});

Deno.test("importing several files keeps each whole or refuses it with its problems; an import exports byte for byte", async () => {
  await withPages(async (instance) => {
    const person = browser(instance);
    await person.post("/login", { email: EMAIL, password: PASSWORD, next: "/" });
    const cookie = await instance.login(EMAIL, PASSWORD);
    // Indented as Excalidraw saves it: an export gives back these very bytes.
    const good = `${JSON.stringify(fileWithNote("Imported note"), null, 2)}\n`;
    const form = new FormData();
    form.append("files", new File([good], "Roadmap.excalidraw"));
    form.append("files", new File(["{not json"], "broken.excalidraw"));
    form.append(
      "files",
      new File([JSON.stringify({ type: "excalidraw", elements: "x" })], "odd.json"),
    );
    const response = await fetch(new URL("/import", instance.url), {
      method: "POST",
      headers: { cookie, origin: instance.origin },
      body: form,
    });
    const page = await response.text();
    assert.equal(response.status, 200);
    assert.match(page, /1 of 3 file\(s\) imported\./);
    assert.match(page, />Roadmap<\/a> imported from Roadmap\.excalidraw/);
    assert.match(page, /broken\.excalidraw was not imported:[\s\S]*the file is not JSON/);
    assert.match(page, /odd\.json was not imported:[\s\S]*elements/);

    const listed = await fetch(new URL("/api/diagrams", instance.url), { headers: { cookie } })
      .then((answer) => answer.json());
    assert.deepEqual(listed.diagrams.map((d: { name: string }) => d.name), ["Roadmap"]);
    assert.equal(listed.diagrams[0].source, "import");
    const exported = await fetch(
      new URL(`/api/diagrams/${listed.diagrams[0].id}/export`, instance.url),
      { headers: { cookie } },
    ).then((answer) => answer.text());
    assert.equal(exported, good);
    assert.match(
      (await person.get("/")).text,
      /<label for="files">Import .excalidraw or Mermaid files<\/label>/,
    );
  });
});

/** The page the gallery's import answers for these files (name → the JSON to send). */
async function importPage(instance: DiagramInstance, files: Record<string, unknown>) {
  const form = new FormData();
  for (const [name, file] of Object.entries(files)) {
    form.append("files", new File([JSON.stringify(file)], name));
  }
  const response = await fetch(new URL("/import", instance.url), {
    method: "POST",
    headers: { cookie: await instance.login(EMAIL, PASSWORD), origin: instance.origin },
    body: form,
  });
  return await response.text();
}

Deno.test("an import holding an iframe element or a foreign embed is refused with the element named", async () => {
  await withPages(async (instance) => {
    const framed = fileWithNote("Framed");
    (framed.elements as unknown[]).push(...hostileFrames());
    const page = await importPage(instance, { "framed.excalidraw": framed });
    assert.match(page, /0 of 1 file\(s\) imported\./);
    assert.match(
      page,
      /framed\.excalidraw was not imported:[\s\S]*id &quot;phish&quot;\): type &quot;iframe&quot; is not accepted/,
    );
    assert.match(page, /id &quot;embed&quot;\): link of an embeddable must be/);
    assert.doesNotMatch(page, /<form action="https:\/\/evil/);
    assert.deepEqual(await listed(instance), []);
  });
});

Deno.test("an import holding a script or data link is refused with the element named; one with web links is imported", async () => {
  await withPages(async (instance) => {
    const linked = fileWithNote("Linked");
    (linked.elements as unknown[]).push(...linkedBoxes("bad", SCRIPT_LINKS));
    const web = fileWithNote("Web");
    (web.elements as unknown[]).push(...linkedBoxes("web", WEB_LINKS));
    const page = await importPage(instance, {
      "linked.excalidraw": linked,
      "web.excalidraw": web,
    });
    assert.match(page, /1 of 2 file\(s\) imported\./);
    assert.match(
      page,
      /linked\.excalidraw was not imported:[\s\S]*id &quot;bad-0&quot;\): link must be empty or a web address/,
    );
    for (let i = 1; i < SCRIPT_LINKS.length; i++) {
      assert.match(page, new RegExp(`id &quot;bad-${i}&quot;\\): link must be`));
    }
    assert.doesNotMatch(page, /href="javascript:/i);
    assert.deepEqual((await listed(instance)).map((diagram) => diagram.name), ["web"]);
  });
});

Deno.test("a page's form or import of the wrong type or too large is refused with a page that says why", async () => {
  await withPages(async (instance) => {
    const cookie = await instance.login(EMAIL, PASSWORD);
    const send = async (path: string, type: string, body: BodyInit) => {
      const response = await fetch(new URL(path, instance.url), {
        method: "POST",
        headers: { cookie, origin: instance.origin, "content-type": type },
        body,
      });
      assert.match(response.headers.get("content-type")!, /^text\/html/);
      const page = await response.text();
      assert.match(page, /<h1>That could not be sent<\/h1>/);
      assert.match(page, /<a href="\/">Back to the gallery<\/a>/);
      return [response.status, page.match(/The server refused it: (.*?)\. Nothing/)?.[1]];
    };
    const urlencoded = "application/x-www-form-urlencoded";
    assert.deepEqual(await send("/collections", "application/json", "{}"), [
      415,
      "send the body as application/x-www-form-urlencoded",
    ]);
    assert.deepEqual(await send("/collections", urlencoded, `name=${"x".repeat(5000)}`), [
      413,
      "the form is too large",
    ]);
    assert.deepEqual(await send("/import", urlencoded, "files=x"), [
      415,
      "send the body as multipart/form-data",
    ]);
    const huge = new Uint8Array(32 * 1024 * 1024 + 1);
    assert.deepEqual(await send("/import", "multipart/form-data; boundary=x", huge), [
      413,
      "an import is at most 32 MiB",
    ]);
    const none = new FormData();
    none.append("collectionId", "");
    const response = await fetch(new URL("/import", instance.url), {
      method: "POST",
      headers: { cookie, origin: instance.origin },
      body: none,
    });
    assert.equal(response.status, 400);
    assert.match(
      await response.text(),
      /refused it: choose between 1 and 50 \.excalidraw or Mermaid \(\.mmd\) files/,
    );
  });
});

const CHART = `flowchart LR
  subgraph shop [Shop]
    cart[Cart] -->|checkout| pay{Paid?}
  end
  pay -->|yes| ship([Ship])
  click cart "https://example.com/cart"`;

/** The diagrams of the account, newest first, as the REST API lists them. */
async function listed(instance: DiagramInstance) {
  const cookie = await instance.login(EMAIL, PASSWORD);
  return (await fetch(new URL("/api/diagrams", instance.url), { headers: { cookie } })
    .then((answer) => answer.json())).diagrams as {
      id: string;
      name: string;
      source: string;
      collectionId: string | null;
    }[];
}

/** What a text area holds, read back from the page's HTML as a browser would. */
function textAreaValue(page: string, id: string): string {
  const match = new RegExp(`<textarea[^>]* id="${id}"[^>]*>([\\s\\S]*?)</textarea>`).exec(page);
  assert.ok(match, `a textarea #${id}`);
  const decoded = match[1].replace(/&lt;/g, "<").replace(/&gt;/g, ">").replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'").replace(/&amp;/g, "&");
  // The parser drops one line break right after the tag.
  return decoded.startsWith("\n") ? decoded.slice(1) : decoded;
}

Deno.test("New from Mermaid previews a chart without saving it, then Create saves it, credited to a person with a chart in the gallery, and opens the editor", async () => {
  await withPages(async (instance) => {
    const person = browser(instance);
    await person.post("/login", { email: EMAIL, password: PASSWORD, next: "/" });
    const gallery = await person.get("/");
    assert.match(gallery.text, /<a class="button" href="\/new\/mermaid">New from Mermaid<\/a>/);

    const empty = await person.get("/new/mermaid");
    assert.equal(empty.response.status, 200);
    assert.match(empty.text, /<h1>New from Mermaid<\/h1>/);
    assert.match(empty.text, /<label for="name">Name<\/label>/);
    assert.match(empty.text, /<label for="mermaid">Flowchart<\/label>/);
    assert.match(empty.text, /<textarea [^>]*id="mermaid" name="mermaid"/);
    assert.match(empty.text, /<button type="submit" name="action" value="preview" formnovalidate>/);
    assert.match(empty.text, /<button type="submit" name="action" value="create" class="primary">/);
    assert.doesNotMatch(empty.text, /<script(?! src=)/, "no inline script");

    // Typed in a browser: its line breaks come as CRLF.
    const typed = CHART.replaceAll("\n", "\r\n");
    const preview = await person.post("/new/mermaid", {
      name: "Checkout",
      mermaid: typed,
      action: "preview",
    });
    assert.equal(preview.response.status, 200);
    assert.equal(textAreaValue(preview.text, "mermaid"), CHART, "the chart stays as typed");
    assert.match(
      preview.text,
      /<input type="text" id="name" name="name" required maxlength="200" value="Checkout">/,
    );
    assert.match(preview.text, /3 nodes, 2 edges\. Not saved yet/);
    const image = /<img class="drawing" src="data:image\/svg\+xml;base64,([A-Za-z0-9+/=]+)"/
      .exec(preview.text);
    assert.ok(image, "the preview is an image of our own SVG");
    const svg = new TextDecoder().decode(Uint8Array.fromBase64(image[1]));
    assert.match(svg, /^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg"/);
    for (const label of ["Cart", "Paid?", "Ship", "checkout"]) {
      assert.ok(svg.includes(label), `the preview draws ${label}`);
    }
    // Without JavaScript too, the drawing opens at 70 % of its own size, in a frame that scrolls.
    const natural = /<svg [^>]* width="([\d.]+)"/.exec(svg)![1];
    const sized = /<img class="drawing" [^>]*width="(\d+)" height="\d+" data-width="([\d.]+)"/
      .exec(preview.text);
    assert.ok(sized, "the image carries its size");
    assert.equal(Number(sized[2]), Number(natural));
    assert.equal(Number(sized[1]), Math.floor(Number(natural) * 0.7));
    assert.match(preview.text, /<script src="\/static\/pan-zoom\.js" defer><\/script>/);
    assert.match(preview.text, /<h3>Not drawn<\/h3>\s*<ul class="notes"><li>[^<]*click/);
    assert.deepEqual(await listed(instance), [], "a preview saves nothing");

    const created = await person.post("/new/mermaid", {
      name: "Checkout",
      mermaid: typed,
      action: "create",
    });
    assert.equal(created.response.status, 303);
    const location = created.response.headers.get("location")!;
    assert.match(location, /^\/d\/[A-Za-z0-9_-]+$/);
    const [diagram] = await listed(instance);
    assert.deepEqual([diagram.name, diagram.source, diagram.collectionId], [
      "Checkout",
      "mermaid",
      null,
    ]);
    assert.equal(location, `/d/${diagram.id}`);
    assert.equal((await person.get(location)).response.status, 200);
    // Credited to where it was made: not "a person in the editor".
    const history = await person.get(`${location}/history`);
    assert.match(
      history.text,
      /class="made-by source-mermaid">By a person, from Mermaid, in the gallery</,
    );

    // From a collection's page the diagram goes into that collection.
    const cookie = await instance.login(EMAIL, PASSWORD);
    const folder = await fetch(new URL("/api/collections", instance.url), {
      method: "POST",
      headers: { cookie, origin: instance.origin, "content-type": "application/json" },
      body: JSON.stringify({ name: "Flows" }),
    }).then((answer) => answer.json());
    const inside = await person.get(`/c/${folder.id}`);
    assert.match(inside.text, new RegExp(`href="/new/mermaid\\?collectionId=${folder.id}"`));
    const into = await person.get(`/new/mermaid?collectionId=${folder.id}`);
    assert.match(
      into.text,
      new RegExp(`<input type="hidden" name="collectionId" value="${folder.id}">`),
    );
    assert.match(into.text, /It goes into “Flows”\./);
    const filed = await person.post("/new/mermaid", {
      name: "Filed",
      mermaid: CHART,
      collectionId: folder.id,
      action: "create",
    });
    assert.equal(filed.response.status, 303);
    const [newest] = await listed(instance);
    assert.deepEqual([newest.name, newest.collectionId], ["Filed", folder.id]);
  });
});

Deno.test("New from Mermaid shows a chart it cannot draw again as typed, its problems beside it with the line; nothing is saved", async () => {
  await withPages(async (instance) => {
    const person = browser(instance);
    await person.post("/login", { email: EMAIL, password: PASSWORD, next: "/" });
    const broken = 'flowchart TD\n  a["<script>alert(1)</script>"] --> b{B]\n  b --> c';
    for (const action of ["preview", "create"]) {
      const page = await person.post("/new/mermaid", { name: "Broken", mermaid: broken, action });
      assert.equal(page.response.status, 400, action);
      assert.equal(textAreaValue(page.text, "mermaid"), broken, action);
      assert.doesNotMatch(page.text, /<script>alert/, action);
      assert.match(
        page.text,
        /<textarea [^>]*aria-invalid="true" aria-describedby="mermaid-hint mermaid-problems">/,
      );
      const problems =
        /<div class="field-problem" id="mermaid-problems" role="alert">([\s\S]*?)<\/div>/
          .exec(page.text);
      assert.ok(problems, action);
      assert.match(problems[1], /The chart cannot be drawn/);
      assert.match(problems[1], /<li>[^<]*line 2/);
    }

    const sequence = await person.post("/new/mermaid", {
      name: "Chat",
      mermaid: "sequenceDiagram\n  Alice->>Bob: Hi",
      action: "preview",
    });
    assert.equal(sequence.response.status, 400);
    assert.match(sequence.text, /<li>[^<]*sequenceDiagram/);

    const nameless = await person.post("/new/mermaid", {
      name: " ",
      mermaid: CHART,
      action: "create",
    });
    assert.equal(nameless.response.status, 400);
    assert.match(
      nameless.text,
      /<p class="field-problem" id="name-problem">Give the diagram a name/,
    );
    assert.match(nameless.text, /aria-invalid="true" aria-describedby="name-problem"/);
    assert.match(nameless.text, /<img class="drawing"/, "the chart is drawn all the same");

    const blank = await person.post("/new/mermaid", {
      name: "Blank",
      mermaid: " ",
      action: "create",
    });
    assert.equal(blank.response.status, 400);
    assert.match(blank.text, /Write a flowchart first/);

    const foreign = await person.post("/new/mermaid", {
      name: "Forged",
      mermaid: CHART,
      action: "create",
    }, {
      origin: "https://evil.example",
      "sec-fetch-site": "cross-site",
    });
    assert.equal(foreign.response.status, 403);

    const huge = await person.post("/new/mermaid", {
      name: "Huge",
      // Nine bytes each, sent as a form: over the most a 200,000-character chart can take.
      mermaid: "中".repeat(210_000),
      action: "preview",
    });
    assert.equal(huge.response.status, 413);
    assert.match(huge.text, /refused it: a chart is at most 200000 characters/);
    const long = await person.post("/new/mermaid", {
      name: "Long",
      mermaid: `flowchart TD\n${"  a --> b\n".repeat(20_001)}`,
      action: "preview",
    });
    assert.equal(long.response.status, 400);
    assert.match(long.text, /the chart is \d+ characters long; at most 200000 are read/);
    assert.deepEqual(await listed(instance), []);

    const signedOut = await fetch(new URL("/new/mermaid", instance.url), { redirect: "manual" });
    assert.equal(signedOut.status, 303);
    assert.equal(signedOut.headers.get("location"), "/login?next=%2Fnew%2Fmermaid");
    await signedOut.body?.cancel();
  });
});

Deno.test("importing .mmd and .mermaid files draws each chart; a chart that does not parse names the file and the line", async () => {
  await withPages(async (instance) => {
    const cookie = await instance.login(EMAIL, PASSWORD);
    const form = new FormData();
    form.append("files", new File([CHART], "Checkout.mmd"));
    form.append("files", new File(["graph LR\n  a[Alpha] --> b[Beta]\n"], "Pair.mermaid"));
    form.append("files", new File(["flowchart TD\n  a --> b{B]\n"], "broken.mmd"));
    form.append("files", new File(['pie title Pets\n  "Dogs" : 3\n'], "pie.mmd"));
    const response = await fetch(new URL("/import", instance.url), {
      method: "POST",
      headers: { cookie, origin: instance.origin },
      body: form,
    });
    const page = await response.text();
    assert.equal(response.status, 200);
    assert.match(page, /2 of 4 file\(s\) imported\./);
    assert.match(
      page,
      />Checkout<\/a> imported from Checkout\.mmd; not drawn:\s*<ul><li>[^<]*click/,
    );
    assert.match(page, />Pair<\/a> imported from Pair\.mermaid<\/li>/);
    assert.match(page, /broken\.mmd was not imported:\s*<ul><li>[^<]*line 2/);
    assert.match(page, /pie\.mmd was not imported:\s*<ul><li>[^<]*pie/);
    const diagrams = await listed(instance);
    assert.deepEqual(diagrams.map((d) => [d.name, d.source]).sort(), [
      ["Checkout", "import"],
      ["Pair", "import"],
    ]);
  });
});
