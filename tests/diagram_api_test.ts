// The diagram service's REST surface over real HTTP: login, sessions, diagrams, collections.
import assert from "node:assert/strict";
import {
  apiClient as client,
  type DiagramInstance,
  startDiagram,
} from "./helpers/diagram_instance.ts";
import { eventually } from "./helpers/collab_instance.ts";
import { connectClient, type Json } from "./helpers/mcp_client.ts";
import { svgReferenceProblems } from "./helpers/svg_references.ts";
import { MAX_CSS_VALUE_LENGTH } from "../diagram/drawing/svg/svg_css.ts";
import { MAX_THUMBNAIL_BYTES } from "../diagram/drawing/svg/sanitize_svg.ts";
import { BOUND_TEXT_DEFAULTS, ELEMENT_DEFAULTS, hostileFrames } from "./helpers/scene_fixture.ts";
import { linkedBoxes, SCRIPT_LINKS, WEB_LINKS } from "./helpers/element_links.ts";
import { mermaidToSpec } from "../diagram/drawing/mermaid/from_mermaid.ts";

const EMAIL = "owner@example.com";
const PASSWORD = "correct horse battery";

async function withDiagram(run: (instance: DiagramInstance) => Promise<void>) {
  await using instance = await startDiagram();
  const created = await instance.admin("reset-password", EMAIL, PASSWORD);
  assert.equal(created.code, 0, created.stderr);
  await run(instance);
}

/** A second account on the same service, signed in: it must never see the first one's things. */
async function anotherAccount(instance: DiagramInstance) {
  const password = "another long password";
  await instance.admin("reset-password", "other@example.com", password, "--new-account");
  return client(instance, await instance.login("other@example.com", password));
}

function sceneWithBox(id: string, label: string) {
  const base = ELEMENT_DEFAULTS;
  return {
    type: "excalidraw",
    version: 2,
    source: "test",
    elements: [
      {
        ...base,
        id,
        type: "rectangle",
        x: 0,
        y: 0,
        width: 200,
        height: 80,
        roundness: null,
        index: "a0",
        boundElements: [{ id: `${id}-label`, type: "text" }],
      },
      {
        ...base,
        id: `${id}-label`,
        type: "text",
        x: 50,
        y: 27,
        width: 100,
        height: 25,
        roundness: null,
        index: "a1",
        boundElements: null,
        text: label,
        originalText: label,
        ...BOUND_TEXT_DEFAULTS,
        containerId: id,
      },
    ],
    appState: { viewBackgroundColor: "#ffffff" },
    files: {},
  };
}

Deno.test("login sets an HttpOnly SameSite=Lax session cookie; wrong email and wrong password read the same", async () => {
  await withDiagram(async (instance) => {
    const anonymous = client(instance);
    const wrongPassword = await anonymous("POST", "/api/login", {
      email: EMAIL,
      password: "nope nope nope",
    });
    const wrongEmail = await anonymous("POST", "/api/login", {
      email: "who@example.com",
      password: PASSWORD,
    });
    assert.equal(wrongPassword.status, 401);
    assert.equal(wrongEmail.status, 401);
    assert.deepEqual(wrongPassword.json, wrongEmail.json);
    assert.equal(wrongPassword.headers.get("set-cookie"), null);

    const ok = await anonymous("POST", "/api/login", {
      email: "Owner@Example.com ",
      password: PASSWORD,
    });
    assert.equal(ok.status, 204);
    const cookie = ok.headers.get("set-cookie")!;
    assert.match(cookie, /^diagram_session=[A-Za-z0-9_-]{43}; /);
    assert.deepEqual(
      cookie.split("; ").slice(1).map((part) => part.replace(/=\d+$/, "=N")).sort(),
      ["HttpOnly", "Max-Age=N", "Path=/", "SameSite=Lax"],
    );
    const session = cookie.split(";")[0];
    assert.equal((await client(instance, session)("GET", "/api/session")).json.email, EMAIL);

    assert.equal((await client(instance, session)("POST", "/api/logout")).status, 204);
    assert.equal((await client(instance, session)("GET", "/api/diagrams")).status, 401);
  });
});

Deno.test("login refuses cross-site posts and malformed bodies with clear errors", async () => {
  await withDiagram(async (instance) => {
    const anonymous = client(instance);
    const body = { email: EMAIL, password: PASSWORD };
    const foreign = await anonymous("POST", "/api/login", body, { origin: "https://evil.example" });
    assert.equal(foreign.status, 403);
    assert.match(foreign.json.error, /cross-site/);
    const sameOriginFetch = await fetch(new URL("/api/login", instance.url), {
      method: "POST",
      headers: { "content-type": "application/json", "sec-fetch-site": "same-origin" },
      body: JSON.stringify(body),
    });
    assert.equal(sameOriginFetch.status, 204);
    await sameOriginFetch.body?.cancel();

    const notJson = await anonymous("POST", "/api/login", "{email:", {});
    assert.equal(notJson.status, 400);
    assert.match(notJson.json.error, /not valid JSON/);
    const wrongType = await anonymous("POST", "/api/login", "email=a", {
      "content-type": "text/plain",
    });
    assert.equal(wrongType.status, 415);
    const missing = await anonymous("POST", "/api/login", { email: EMAIL });
    assert.equal(missing.status, 400);
    assert.deepEqual(missing.json.problems, ["password: missing (expected string)"]);
  });
});

Deno.test("five failures on one email block it with 429 and Retry-After, even for the right password", async () => {
  await withDiagram(async (instance) => {
    const anonymous = client(instance);
    for (let i = 0; i < 5; i++) {
      const attempt = await anonymous("POST", "/api/login", {
        email: EMAIL,
        password: `wrong guess ${i}`,
      });
      assert.equal(attempt.status, 401);
    }
    const blocked = await anonymous("POST", "/api/login", { email: EMAIL, password: PASSWORD });
    assert.equal(blocked.status, 429);
    assert.ok(Number(blocked.headers.get("retry-after")) > 0);
    assert.match(blocked.json.error, /too many failed logins/);
  });
});

Deno.test("thirty parallel wrong passwords: five are judged, the rest get 429 unhashed; the owner still signs in from elsewhere", async () => {
  await using instance = await startDiagram({ DIAGRAM_TRUST_PROXY: "true" });
  assert.equal((await instance.admin("reset-password", EMAIL, PASSWORD)).code, 0);
  const from = (address: string, password: string) =>
    client(instance)("POST", "/api/login", { email: EMAIL, password }, {
      "x-forwarded-for": address,
    });
  const answers = await Promise.all(
    Array.from({ length: 30 }, (_, i) => from("203.0.113.9", `wrong guess ${i}`)),
  );
  const count = (status: number) => answers.filter((answer) => answer.status === status).length;
  assert.equal(count(401), 5);
  assert.equal(count(429), 25);
  assert.equal((await from("203.0.113.9", PASSWORD)).status, 429);
  assert.equal((await from("198.51.100.7", PASSWORD)).status, 204);
});

Deno.test("duplicate copies a diagram; export downloads its file with a safe name", async () => {
  await withDiagram(async (instance) => {
    const api = client(instance, await instance.login(EMAIL, PASSWORD));
    const original = await api("POST", "/api/diagrams", {
      name: "Café plan",
      file: sceneWithBox("box", "Hello"),
    });
    assert.equal(original.json.source, "import");
    const copy = await api("POST", `/api/diagrams/${original.json.id}/duplicate`);
    assert.equal(copy.status, 201);
    assert.equal(copy.json.name, "Café plan (copy)");
    const named = await api("POST", `/api/diagrams/${original.json.id}/duplicate`, {
      name: "Fork",
    });
    assert.equal(named.json.name, "Fork");
    const exported = await api("GET", `/api/diagrams/${copy.json.id}/export`);
    assert.equal(exported.status, 200);
    assert.equal(exported.headers.get("content-type"), "application/vnd.excalidraw+json");
    assert.equal(
      exported.headers.get("content-disposition"),
      `attachment; filename="Caf_ plan (copy).excalidraw"; ` +
        `filename*=UTF-8''Caf%C3%A9%20plan%20(copy).excalidraw`,
    );
    assert.equal(exported.json.elements[1].text, "Hello");
  });
});

Deno.test("/readyz checks the database and the layout workers; /metrics counts diagrams by state and the database's size", async () => {
  await withDiagram(async (instance) => {
    // Ready once a drawing worker is warm, a moment after the start.
    const readiness = () => fetch(new URL("/readyz", instance.url)).then((r) => r.json());
    const first = await readiness();
    if (first.status !== "ready") {
      assert.deepEqual(first.not_ready, { layout_pool: "the layout workers are still starting" });
    }
    const ready = await eventually(
      async () => (await readiness()).status === "ready" || undefined,
      30_000,
      "the layout workers",
    );
    assert.equal(ready, true);
    assert.equal(await (await fetch(new URL("/healthz", instance.url))).text(), "ok");
    const api = client(instance, await instance.login(EMAIL, PASSWORD));
    const kept = await api("POST", "/api/diagrams", { name: "Kept", file: sceneWithBox("a", "A") });
    const binned = await api("POST", "/api/diagrams", {
      name: "Bin",
      file: sceneWithBox("b", "B"),
    });
    assert.equal((await api("DELETE", `/api/diagrams/${binned.json.id}`)).status, 204);
    await api("GET", `/api/diagrams/${kept.json.id}`);
    const metrics = (await (await fetch(new URL("/metrics", instance.url))).text()).split("\n");
    assert.ok(metrics.includes('diagram_diagrams{state="live"} 1'));
    assert.ok(metrics.includes('diagram_diagrams{state="trash"} 1'));
    const size = metrics.find((line) => line.startsWith("diagram_database_size_bytes "));
    assert.ok(Number(size?.split(" ")[1]) >= 4096, String(size));
    assert.ok(metrics.includes("diagram_layout_queue_length 0"));
    assert.ok(
      metrics.includes(
        'http_requests_total{route="/api/diagrams/:id",method="GET",code="200"} 1',
      ),
      "the route's template, never the diagram's id",
    );
    assert.ok(!metrics.some((line) => line.includes(kept.json.id)));
  });
});

/** The root's width and height, and the view box's. */
function svgSize(svg: string): { width: number; height: number; viewBox: number[] } {
  const root = /^<svg [^>]*>/.exec(svg)![0];
  const attribute = (name: string) => new RegExp(` ${name}="([^"]*)"`).exec(root)![1];
  return {
    width: Number(attribute("width")),
    height: Number(attribute("height")),
    viewBox: attribute("viewBox").split(" ").map(Number),
  };
}

/** A diagram drawn from `spec` through MCP, as an agent makes one; its id. */
async function createFromSpec(
  instance: DiagramInstance,
  name: string,
  spec: Json,
): Promise<string> {
  const token = (await instance.admin("create-token", EMAIL, "agent")).stdout.trim().split("\n")
    .at(-1)!;
  await using mcp = await connectClient(new URL("/mcp", instance.url), {
    authorization: `Bearer ${token}`,
  });
  const created = await mcp.call("create_diagram", { name, spec });
  assert.equal(created.isError, false, created.text);
  return created.structured!.id as string;
}

Deno.test("export.svg downloads a spec's diagram at full size, every label in it and escaped", async () => {
  await withDiagram(async (instance) => {
    const labels = [
      "<script>alert(1)</script>",
      ...Array.from({ length: 11 }, (_, i) => `Step ${i + 1}`),
    ];
    const spec = {
      layout: "TB",
      nodes: labels.map((label, i) => ({ id: `n${i}`, label })),
      edges: labels.slice(1).map((_, i) => ({ from: `n${Math.floor(i / 2)}`, to: `n${i + 1}` })),
    };
    const id = await createFromSpec(instance, "Release flow", spec);
    const api = client(instance, await instance.login(EMAIL, PASSWORD));

    const exported = await api("GET", `/api/diagrams/${id}/export.svg`);
    assert.equal(exported.status, 200, exported.text);
    assert.equal(exported.headers.get("content-type"), "image/svg+xml; charset=utf-8");
    assert.equal(
      exported.headers.get("content-disposition"),
      `attachment; filename="Release flow.svg"; filename*=UTF-8''Release%20flow.svg`,
    );
    assert.equal(
      exported.headers.get("content-security-policy"),
      "default-src 'none'; style-src 'unsafe-inline'",
    );
    assert.equal(exported.headers.get("x-content-type-options"), "nosniff");
    assert.match(exported.text, /^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg"[\s\S]*<\/svg>$/);

    const full = svgSize(exported.text);
    assert.deepEqual([full.width, full.height], full.viewBox.slice(2), "one unit per pixel");
    const thumbnail = svgSize((await api("GET", `/api/diagrams/${id}/thumbnail.svg`)).text);
    assert.ok(
      full.width > thumbnail.width && full.height > thumbnail.height,
      JSON.stringify({
        full,
        thumbnail,
      }),
    );
    for (const label of labels.slice(1)) assert.ok(exported.text.includes(`>${label}<`), label);
    assert.ok(exported.text.includes(">&lt;script&gt;alert(1)&lt;/script&gt;<"));
    assert.doesNotMatch(exported.text, /<script/i);

    // Its neighbour, /export, still answers the .excalidraw file.
    const file = await api("GET", `/api/diagrams/${id}/export`);
    assert.equal(file.headers.get("content-type"), "application/vnd.excalidraw+json");
    assert.equal(file.json.type, "excalidraw");
  });
});

Deno.test("export.svg and the thumbnails give every labelled arrow its own mask, every reference resolving", async () => {
  await withDiagram(async (instance) => {
    const spec = {
      layout: "LR",
      nodes: ["a", "b", "c", "d"].map((id) => ({ id, label: id.toUpperCase() })),
      edges: [["a", "b"], ["a", "c"], ["b", "d"], ["c", "d"]].map(([from, to]) => ({
        from,
        to,
        label: `${from} to ${to}`,
      })),
    };
    const id = await createFromSpec(instance, "Labelled", spec);
    const api = client(instance, await instance.login(EMAIL, PASSWORD));
    // Saved over once, so that revision 1 is kept and has a thumbnail of its own.
    const { file } = (await api("GET", `/api/diagrams/${id}`)).json;
    const changed = { ...file, appState: { ...file.appState, viewBackgroundColor: "#fff9db" } };
    assert.equal((await api("PUT", `/api/diagrams/${id}`, { file: changed })).status, 200);
    for (
      const path of [
        `/api/diagrams/${id}/export.svg`,
        `/api/diagrams/${id}/thumbnail.svg`,
        `/api/diagrams/${id}/revisions/1/thumbnail.svg`,
      ]
    ) {
      const { status, text } = await api("GET", path);
      assert.equal(status, 200, path);
      assert.deepEqual(svgReferenceProblems(text), [], path);
      const masks = [...text.matchAll(/<mask id="([^"]+)"/g)].map((match) => match[1]);
      assert.equal(masks.length, spec.edges.length, path);
      for (const mask of masks) {
        assert.ok(text.includes(` mask="url(#${mask})"`), `${path}: ${mask}`);
      }
    }
  });
});

Deno.test("export.svg is a 404 for an unknown or another account's diagram and a 401 without auth", async () => {
  await withDiagram(async (instance) => {
    const owner = client(instance, await instance.login(EMAIL, PASSWORD));
    const { json: diagram } = await owner("POST", "/api/diagrams", {
      name: "Private",
      file: sceneWithBox("box", "Secret"),
    });
    assert.equal((await owner("GET", `/api/diagrams/${diagram.id}/export.svg`)).status, 200);
    const unknown = await owner("GET", "/api/diagrams/AAAAAAAAAAAAAAAAAAAAAA/export.svg");
    assert.equal(unknown.status, 404);
    assert.match(unknown.headers.get("content-type")!, /^application\/json/);
    assert.equal(typeof unknown.json.error, "string");

    const other = await anotherAccount(instance);
    const foreign = await other("GET", `/api/diagrams/${diagram.id}/export.svg`);
    assert.equal(foreign.status, 404);
    assert.equal(typeof foreign.json.error, "string");
    assert.doesNotMatch(foreign.text, /Secret/);

    const anonymous = await client(instance)("GET", `/api/diagrams/${diagram.id}/export.svg`);
    assert.equal(anonymous.status, 401);
    assert.doesNotMatch(anonymous.text, /Secret/);
  });
});

Deno.test("every JSON answer carries nosniff; listing an unknown collection is a 404 as on MCP", async () => {
  await withDiagram(async (instance) => {
    const api = client(instance, await instance.login(EMAIL, PASSWORD));
    for (const path of ["/api/diagrams", "/api/nope", "/health", "/api/diagrams/x"]) {
      const answer = await api("GET", path);
      assert.equal(answer.headers.get("x-content-type-options"), "nosniff", path);
    }
    const missing = await api("GET", "/api/diagrams?collectionId=AAAAAAAAAAAAAAAAAAAAAA");
    assert.equal(missing.status, 404);
    assert.match(missing.json.error, /collection not found/);
    const badName = await api("POST", "/api/diagrams", { name: "tab\there" });
    assert.equal(badName.status, 400);
    assert.match(badName.json.problems[0], /^name: must not contain control characters/);
  });
});

Deno.test("diagrams: create, read, replace with If-Match, rename, thumbnail, delete", async () => {
  await withDiagram(async (instance) => {
    const api = client(instance, await instance.login(EMAIL, PASSWORD));
    const created = await api("POST", "/api/diagrams", { name: "Empty start" });
    assert.equal(created.status, 201);
    const { id } = created.json;
    assert.match(id, /^[A-Za-z0-9_-]{22}$/);
    assert.equal(created.json.revision, 1);
    assert.equal(created.json.collectionId, null);
    assert.equal(created.json.url, `http://localhost:8000/d/${id}`);
    assert.ok(created.json.createdAt && created.json.updatedAt);

    const read = await api("GET", `/api/diagrams/${id}`);
    assert.equal(read.json.file.type, "excalidraw");
    assert.deepEqual(read.json.file.elements, []);
    assert.equal(read.headers.get("etag"), '"1"');

    const saved = await api("PUT", `/api/diagrams/${id}`, { file: sceneWithBox("box", "Hello") }, {
      "if-match": '"1"',
    });
    assert.equal(saved.status, 200);
    assert.equal(saved.json.revision, 2);
    const stale = await api("PUT", `/api/diagrams/${id}`, { file: sceneWithBox("box", "Lost") }, {
      "if-match": '"1"',
    });
    assert.equal(stale.status, 412);
    assert.equal(stale.json.currentRevision, 2);
    const badIfMatch = await api("PUT", `/api/diagrams/${id}`, { file: sceneWithBox("b", "x") }, {
      "if-match": "yesterday",
    });
    assert.equal(badIfMatch.status, 400);
    assert.equal((await api("GET", `/api/diagrams/${id}`)).json.file.elements[1].text, "Hello");

    const renamed = await api("PATCH", `/api/diagrams/${id}`, { name: "Greeting" });
    assert.equal(renamed.json.name, "Greeting");
    assert.equal(renamed.json.revision, 2);

    const thumbnail = await api("GET", `/api/diagrams/${id}/thumbnail.svg`);
    assert.equal(thumbnail.status, 200);
    assert.match(thumbnail.headers.get("content-type")!, /^image\/svg\+xml/);
    assert.equal(
      thumbnail.headers.get("content-security-policy"),
      "default-src 'none'; style-src 'unsafe-inline'",
    );
    assert.equal(thumbnail.headers.get("x-content-type-options"), "nosniff");
    assert.match(thumbnail.text, /^<svg[\s\S]*Hello[\s\S]*<\/svg>$/);
    const etag = thumbnail.headers.get("etag")!;
    assert.equal(
      (await api("GET", `/api/diagrams/${id}/thumbnail.svg`, undefined, { "if-none-match": etag }))
        .status,
      304,
    );

    const listed = await api("GET", "/api/diagrams?q=greet");
    assert.deepEqual(listed.json.diagrams.map((d: Json) => d.id), [id]);
    assert.equal(listed.json.nextOffset, null);

    assert.equal((await api("DELETE", `/api/diagrams/${id}`)).status, 204);
    assert.equal((await api("GET", `/api/diagrams/${id}`)).status, 404);
  });
});

Deno.test("an invalid file is refused with every problem and nothing is stored", async () => {
  await withDiagram(async (instance) => {
    const api = client(instance, await instance.login(EMAIL, PASSWORD));
    const { json: created } = await api("POST", "/api/diagrams", {
      name: "Keep me",
      file: sceneWithBox("a", "Kept"),
    });
    const broken = sceneWithBox("a", "Broken");
    (broken.elements[1] as Json).containerId = "nowhere";
    (broken.elements[0] as Json).x = "left";
    const refused = await api("PUT", `/api/diagrams/${created.id}`, { file: broken });
    assert.equal(refused.status, 400);
    assert.match(refused.json.error, /nothing was saved/);
    assert.ok(refused.json.problems.length >= 2, JSON.stringify(refused.json.problems));
    assert.ok(refused.json.problems.some((p: string) => p.includes("nowhere")));
    const after = await api("GET", `/api/diagrams/${created.id}`);
    assert.equal(after.json.revision, 1);
    assert.equal(after.json.file.elements[1].text, "Kept");

    const notExcalidraw = await api("POST", "/api/diagrams", {
      name: "x",
      file: { type: "tldraw" },
    });
    assert.equal(notExcalidraw.status, 400);
    assert.equal((await api("GET", "/api/diagrams")).json.diagrams.length, 1);
  });
});

Deno.test("an iframe element or an embed of a foreign page is refused on create and replace, naming the element", async () => {
  await withDiagram(async (instance) => {
    const api = client(instance, await instance.login(EMAIL, PASSWORD));
    const framed = sceneWithBox("a", "Kept");
    (framed.elements as unknown[]).push(...hostileFrames());
    const created = await api("POST", "/api/diagrams", { name: "Framed", file: framed });
    assert.equal(created.status, 400);
    assert.deepEqual(created.json.problems.length, 2, JSON.stringify(created.json.problems));
    assert.match(created.json.problems[0], /\(id "phish"\): type "iframe" is not accepted/);
    assert.match(created.json.problems[1], /\(id "embed"\): link of an embeddable must be/);

    const { json: kept } = await api("POST", "/api/diagrams", {
      name: "Keep me",
      file: sceneWithBox("a", "Kept"),
    });
    const replaced = await api("PUT", `/api/diagrams/${kept.id}`, { file: framed });
    assert.equal(replaced.status, 400);
    const after = await api("GET", `/api/diagrams/${kept.id}`);
    assert.equal(after.json.revision, 1);
    assert.deepEqual(after.json.file.elements.map((e: Json) => e.type), ["rectangle", "text"]);
    assert.equal((await api("GET", "/api/diagrams")).json.diagrams.length, 1);
  });
});

Deno.test("a script or data link on any element is refused on create and replace, naming the element; web links are kept", async () => {
  await withDiagram(async (instance) => {
    const api = client(instance, await instance.login(EMAIL, PASSWORD));
    const linked = sceneWithBox("a", "Kept");
    (linked.elements as unknown[]).push(...linkedBoxes("bad", SCRIPT_LINKS));
    const created = await api("POST", "/api/diagrams", { name: "Linked", file: linked });
    assert.equal(created.status, 400);
    const problems: string[] = created.json.problems;
    assert.equal(problems.length, SCRIPT_LINKS.length, JSON.stringify(problems));
    SCRIPT_LINKS.forEach((_, i) =>
      assert.match(problems[i], new RegExp(`\\(id "bad-${i}"\\): link must be empty or a web`))
    );

    const { json: kept } = await api("POST", "/api/diagrams", {
      name: "Keep me",
      file: sceneWithBox("a", "Kept"),
    });
    const replaced = await api("PUT", `/api/diagrams/${kept.id}`, { file: linked });
    assert.equal(replaced.status, 400);
    assert.match(replaced.json.problems[0], /\(id "bad-0"\): link must be/);
    assert.equal((await api("GET", `/api/diagrams/${kept.id}`)).json.revision, 1);

    const web = sceneWithBox("a", "Kept");
    (web.elements as unknown[]).push(...linkedBoxes("web", WEB_LINKS));
    const saved = await api("PUT", `/api/diagrams/${kept.id}`, { file: web });
    assert.equal(saved.status, 200, saved.text);
    const after = await api("GET", `/api/diagrams/${kept.id}`);
    const links = after.json.file.elements.map((element: Json) => element.link ?? null);
    assert.deepEqual(links.slice(2), [...WEB_LINKS]);
  });
});

Deno.test("a browser thumbnail is sanitised before it is stored", async () => {
  await withDiagram(async (instance) => {
    const api = client(instance, await instance.login(EMAIL, PASSWORD));
    const hostile =
      '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><script>alert(2)</script>' +
      '<rect width="10" height="10" fill="red"/><foreignObject><div>x</div></foreignObject></svg>';
    const { json } = await api("POST", "/api/diagrams", {
      name: "Sketch",
      file: sceneWithBox("s", "Sketch"),
      thumbnail: hostile,
    });
    const stored = (await api("GET", `/api/diagrams/${json.id}/thumbnail.svg`)).text;
    assert.match(stored, /<rect/);
    assert.doesNotMatch(stored, /script|onload|foreignObject|alert/i);
  });
});

Deno.test("/health answers within a second while a thumbnail crafted to make CSS checks backtrack is saved", async () => {
  await withDiagram(async (instance) => {
    const api = client(instance, await instance.login(EMAIL, PASSWORD));
    const { json: created } = await api("POST", "/api/diagrams", {
      name: "Sketch",
      file: sceneWithBox("s", "Sketch"),
    });
    // As many colour functions as a thumbnail may hold, each as long as a value may be and never
    // closed: one with 22 digits held the service for 15 s when colours were checked by a pattern.
    const rect = `<rect fill="rgb(${"1".repeat(MAX_CSS_VALUE_LENGTH - 4)}"/>`;
    const rects = rect.repeat(Math.floor((MAX_THUMBNAIL_BYTES - 100) / rect.length));
    const thumbnail = `<svg xmlns="http://www.w3.org/2000/svg">${rects}</svg>`;
    const saving = api("PUT", `/api/diagrams/${created.id}`, {
      file: sceneWithBox("s", "Saved"),
      thumbnail,
    });
    // Handled here too, so that a save cut short by a failed assertion fails only that.
    let saved = false;
    const settled = () => saved = true;
    saving.then(settled, settled);
    const waits: number[] = [];
    do {
      const started = performance.now();
      const health = await fetch(new URL("/health", instance.url), {
        signal: AbortSignal.timeout(1000),
      }).then((response) => response.text().then(() => response.ok), () => false);
      waits.push(health ? performance.now() - started : Infinity);
    } while (!saved && waits.at(-1)! < 1000);
    assert.ok(waits.every((wait) => wait < 1000), `/health waited ${waits.map(Math.round)} ms`);
    assert.equal((await saving).status, 200);
    const stored = (await api("GET", `/api/diagrams/${created.id}/thumbnail.svg`)).text;
    assert.match(stored, /<rect\/>/);
    assert.doesNotMatch(stored, /rgb\(/);
  });
});

Deno.test("another account's diagrams and collections are 404s", async () => {
  await withDiagram(async (instance) => {
    const owner = client(instance, await instance.login(EMAIL, PASSWORD));
    const { json: diagram } = await owner("POST", "/api/diagrams", { name: "Private" });
    const { json: folder } = await owner("POST", "/api/collections", { name: "Private folder" });
    const other = await anotherAccount(instance);
    for (
      const [method, path, body] of [
        ["GET", `/api/diagrams/${diagram.id}`],
        ["GET", `/api/diagrams/${diagram.id}/thumbnail.svg`],
        ["PUT", `/api/diagrams/${diagram.id}`, { file: sceneWithBox("z", "z") }],
        ["PATCH", `/api/diagrams/${diagram.id}`, { name: "mine" }],
        ["DELETE", `/api/diagrams/${diagram.id}`],
        ["GET", `/api/collections/${folder.id}`],
        ["POST", "/api/diagrams", { name: "x", collectionId: folder.id }],
      ] as [string, string, unknown?][]
    ) {
      const answer = await other(method, path, body);
      assert.equal(answer.status, 404, `${method} ${path}: ${answer.text}`);
    }
    assert.deepEqual((await other("GET", "/api/diagrams")).json.diagrams, []);
    assert.equal((await owner("GET", `/api/diagrams/${diagram.id}`)).json.name, "Private");
  });
});

Deno.test("collections: nest, move diagrams in, refuse deleting a non-empty one unless told where its contents go", async () => {
  await withDiagram(async (instance) => {
    const api = client(instance, await instance.login(EMAIL, PASSWORD));
    const top = (await api("POST", "/api/collections", { name: "Projects" })).json;
    const sub = await api("POST", "/api/collections", { name: "Alpha", parentId: top.id });
    assert.equal(sub.status, 201);
    assert.equal(sub.json.parentId, top.id);
    const { json: diagram } = await api("POST", "/api/diagrams", {
      name: "Plan",
      collectionId: sub.json.id,
    });
    assert.equal(diagram.collectionId, sub.json.id);

    const cycle = await api("PATCH", `/api/collections/${top.id}`, { parentId: sub.json.id });
    assert.equal(cycle.status, 409);
    const busy = await api("DELETE", `/api/collections/${sub.json.id}`);
    assert.equal(busy.status, 409);
    assert.match(busy.json.error, /1 diagram/);

    const roots = await api("GET", "/api/collections?parentId=none");
    assert.deepEqual(roots.json.collections.map((c: Json) => c.name), ["Projects"]);
    const inAlpha = await api("GET", `/api/diagrams?collectionId=${sub.json.id}`);
    assert.deepEqual(inAlpha.json.diagrams.map((d: Json) => d.name), ["Plan"]);

    const unclear = await api("DELETE", `/api/collections/${sub.json.id}?contents=away`);
    assert.equal(unclear.status, 400);
    assert.match(unclear.json.problems[0], /^contents: expected one of "parent", "none"/);
    assert.equal(
      (await api("DELETE", `/api/collections/${sub.json.id}?contents=parent`)).status,
      204,
    );
    assert.equal((await api("GET", `/api/collections/${sub.json.id}`)).status, 404);
    const moved = await api("GET", `/api/diagrams/${diagram.id}`);
    assert.equal(moved.json.collectionId, top.id, "the diagram moved up, not away");
  });
});

Deno.test("the API refuses bad input with 400, 401, 403 and 413 and a JSON reason", async () => {
  await withDiagram(async (instance) => {
    const anonymous = client(instance);
    const unauthenticated = await anonymous("GET", "/api/diagrams");
    assert.equal(unauthenticated.status, 401);
    assert.match(unauthenticated.headers.get("www-authenticate")!, /^Bearer/);
    const cookie = await instance.login(EMAIL, PASSWORD);
    const api = client(instance, cookie);
    const crossSite = await api("POST", "/api/diagrams", { name: "x" }, {
      origin: "https://evil.example",
    });
    assert.equal(crossSite.status, 403);
    assert.equal((await api("GET", "/api/diagrams")).json.diagrams.length, 0);

    assert.equal((await api("POST", "/api/diagrams", { name: "" })).status, 400);
    assert.equal((await api("POST", "/api/diagrams", { name: "x", extra: 1 })).status, 400);
    assert.equal((await api("GET", "/api/diagrams/not-an-id")).status, 400);
    assert.equal((await api("GET", "/api/diagrams?limit=1000")).status, 400);
    const huge = JSON.stringify({
      name: "big",
      file: { type: "excalidraw", pad: "x".repeat(11 * 1024 * 1024) },
    });
    const tooBig = await api("POST", "/api/diagrams", huge);
    assert.equal(tooBig.status, 413);
    assert.match(tooBig.json.error, /larger than/);
  });
});

Deno.test("a personal access token works on the REST API without a cookie or Origin", async () => {
  await withDiagram(async (instance) => {
    const created = await instance.admin("create-token", EMAIL, "script");
    const token = created.stdout.trim().split("\n").at(-1)!;
    const response = await fetch(new URL("/api/diagrams", instance.url), {
      method: "POST",
      headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
      body: JSON.stringify({ name: "From a script" }),
    });
    assert.equal(response.status, 201);
    await response.body?.cancel();
    const revoked = await fetch(new URL("/api/diagrams", instance.url), {
      headers: { authorization: "Bearer dgm_not-a-real-token" },
    });
    assert.equal(revoked.status, 401);
    assert.match(revoked.headers.get("www-authenticate")!, /invalid_token/);
    await revoked.body?.cancel();
  });
});

Deno.test("a write with a personal access token is credited to the REST API with that token's name, not to a person", async () => {
  await withDiagram(async (instance) => {
    const created = await instance.admin("create-token", EMAIL, "nightly-sync");
    const script = client(instance);
    const headers = { authorization: `Bearer ${created.stdout.trim().split("\n").at(-1)}` };
    const made = await script("POST", "/api/diagrams", {
      name: "Synced",
      file: sceneWithBox("a", "First"),
    }, headers);
    assert.equal(made.status, 201, made.text);
    const put = await script("PUT", `/api/diagrams/${made.json.id}`, {
      file: sceneWithBox("a", "Second"),
    }, headers);
    assert.equal(put.status, 200, put.text);

    const api = client(instance, await instance.login(EMAIL, PASSWORD));
    const { json: history } = await api("GET", `/api/diagrams/${made.json.id}/revisions`);
    assert.deepEqual([history.changedVia, history.changedWithToken], ["web", "nightly-sync"]);
    assert.deepEqual(
      history.revisions.map((revision: Json) => [revision.source, revision.withToken]),
      [["import", "nightly-sync"]],
    );
    const page = await api("GET", `/d/${made.json.id}/history`);
    assert.match(page.text, /By the REST API, with token nightly-sync</);
    assert.match(page.text, /By an import, with token nightly-sync</);
    // A signed-in person's own save is the editor's, with no token.
    await api("PUT", `/api/diagrams/${made.json.id}`, { file: sceneWithBox("a", "Third") });
    const after = await api("GET", `/api/diagrams/${made.json.id}/revisions`);
    assert.deepEqual([after.json.changedVia, after.json.changedWithToken], ["web", null]);
    assert.match(
      (await api("GET", `/d/${made.json.id}/history`)).text,
      /By a person in the editor</,
    );
  });
});

const CHART = `flowchart TD
  subgraph shop [Shop]
    cart[Cart] -->|checkout| pay{Paid?}
  end
  pay -->|yes| ship([Ship])
  click cart "https://example.com/cart"`;

Deno.test("POST /api/diagrams draws a spec or a Mermaid chart like any new diagram; a chart's notes say what was ignored", async () => {
  await withDiagram(async (instance) => {
    const api = client(instance, await instance.login(EMAIL, PASSWORD));
    const spec = {
      layout: "LR",
      nodes: [{ id: "a", label: "Alpha" }, { id: "b", label: "Beta", shape: "diamond" }],
      edges: [{ from: "a", to: "b", label: "then" }],
    };
    const fromSpec = await api("POST", "/api/diagrams", { name: "From a spec", spec });
    assert.equal(fromSpec.status, 201, fromSpec.text);
    assert.equal(fromSpec.headers.get("location"), `/api/diagrams/${fromSpec.json.id}`);
    assert.deepEqual(
      [fromSpec.json.name, fromSpec.json.revision, fromSpec.json.source, fromSpec.json.notes],
      ["From a spec", 1, "import", undefined],
    );
    const specFile = (await api("GET", `/api/diagrams/${fromSpec.json.id}`)).json.file;
    const texts = (file: Json) =>
      file.elements.filter((element: Json) => element.type === "text")
        .map((element: Json) => element.text).sort();
    assert.deepEqual(texts(specFile), ["Alpha", "Beta", "then"]);

    const folder = await api("POST", "/api/collections", { name: "Charts" });
    const fromChart = await api("POST", "/api/diagrams", {
      name: "From a chart",
      mermaid: CHART,
      collectionId: folder.json.id,
    });
    assert.equal(fromChart.status, 201, fromChart.text);
    assert.deepEqual(
      [fromChart.json.name, fromChart.json.collectionId, fromChart.json.source],
      ["From a chart", folder.json.id, "import"],
    );
    assert.ok(
      fromChart.json.notes.some((note: string) => /click/.test(note)),
      JSON.stringify(fromChart.json.notes),
    );
    const chartFile = (await api("GET", `/api/diagrams/${fromChart.json.id}`)).json.file;
    for (const label of ["Cart", "Paid?", "Ship", "checkout", "yes"]) {
      assert.ok(texts(chartFile).includes(label), `${label} in ${texts(chartFile)}`);
    }
    const listed = (await api("GET", "/api/diagrams")).json.diagrams;
    assert.deepEqual(listed.map((d: Json) => d.name), ["From a chart", "From a spec"]);
  });
});

Deno.test("POST /api/diagrams refuses a chart with line and column, another chart type, two sources at once and a spec with problems; nothing is stored", async () => {
  await withDiagram(async (instance) => {
    const api = client(instance, await instance.login(EMAIL, PASSWORD));
    const broken = await api("POST", "/api/diagrams", {
      name: "Broken",
      mermaid: "flowchart TD\n  a[A] --> b{B]\n  b --> c",
    });
    assert.equal(broken.status, 400);
    assert.match(broken.json.error, /^the Mermaid chart has \d+ problem\(s\); nothing was saved$/);
    assert.match(broken.json.problems.join("\n"), /line 2, column \d+/);

    const sequence = await api("POST", "/api/diagrams", {
      name: "Chat",
      mermaid: "sequenceDiagram\n  Alice->>Bob: Hi",
    });
    assert.equal(sequence.status, 400);
    assert.match(sequence.json.problems.join("\n"), /sequenceDiagram/);

    const both = await api("POST", "/api/diagrams", {
      name: "Both",
      mermaid: CHART,
      spec: { layout: "TB", nodes: [{ id: "a", label: "A" }], edges: [] },
    });
    assert.equal(both.status, 400);
    assert.deepEqual(both.json.problems, [
      "body: send at most one of file, spec or mermaid; got spec and mermaid",
    ]);
    const thumbnail = await api("POST", "/api/diagrams", {
      name: "Drawn by us",
      mermaid: CHART,
      thumbnail: "<svg/>",
    });
    assert.equal(thumbnail.status, 400);
    assert.match(thumbnail.json.problems[0], /^thumbnail: goes with a file only/);
    const notText = await api("POST", "/api/diagrams", { name: "Number", mermaid: 42 });
    assert.equal(notText.status, 400);
    assert.match(notText.json.problems[0], /^mermaid: expected string/);

    const badSpec = await api("POST", "/api/diagrams", {
      name: "Bad spec",
      spec: { layout: "TB", nodes: [{ id: "a", label: "A" }], edges: [{ from: "a", to: "x" }] },
    });
    assert.equal(badSpec.status, 400);
    assert.deepEqual(badSpec.json.problems, ['spec.edges[0].to: unknown node "x"']);
    assert.deepEqual((await api("GET", "/api/diagrams")).json.diagrams, []);
  });
});

Deno.test("export.mmd downloads the diagram as a Mermaid flowchart that draws the same spec; no nodes is 409, unknown 404, no auth 401", async () => {
  await withDiagram(async (instance) => {
    const api = client(instance, await instance.login(EMAIL, PASSWORD));
    const created = await api("POST", "/api/diagrams", { name: "Café flow", mermaid: CHART });
    const exported = await api("GET", `/api/diagrams/${created.json.id}/export.mmd`);
    assert.equal(exported.status, 200);
    assert.equal(exported.headers.get("content-type"), "text/vnd.mermaid; charset=utf-8");
    assert.equal(
      exported.headers.get("content-disposition"),
      `attachment; filename="Caf_ flow.mmd"; filename*=UTF-8''Caf%C3%A9%20flow.mmd`,
    );
    assert.equal(exported.headers.get("x-content-type-options"), "nosniff");
    assert.match(exported.text, /^(flowchart|graph) T[BD]\b/);
    const parsed = mermaidToSpec(exported.text);
    const original = mermaidToSpec(CHART);
    assert.ok(parsed.ok && original.ok, JSON.stringify(parsed));
    const labels = (spec: Json) => spec.nodes.map((node: Json) => [node.id, node.label]).sort();
    assert.deepEqual(labels(parsed.spec), labels(original.spec));
    assert.deepEqual(
      parsed.spec.edges.map((edge) => [edge.from, edge.to, edge.label]),
      original.spec.edges.map((edge) => [edge.from, edge.to, edge.label]),
    );

    const empty = await api("POST", "/api/diagrams", { name: "Empty" });
    const nothing = await api("GET", `/api/diagrams/${empty.json.id}/export.mmd`);
    assert.equal(nothing.status, 409);
    assert.match(nothing.json.error, /no nodes .*nothing to express as a Mermaid flowchart/);

    const unknown = await api("GET", "/api/diagrams/AAAAAAAAAAAAAAAAAAAAAA/export.mmd");
    assert.equal(unknown.status, 404);
    const foreign = await (await anotherAccount(instance))(
      "GET",
      `/api/diagrams/${created.json.id}/export.mmd`,
    );
    assert.equal(foreign.status, 404);
    assert.doesNotMatch(foreign.text, /Cart/);
    const anonymous = await client(instance)("GET", `/api/diagrams/${created.json.id}/export.mmd`);
    assert.equal(anonymous.status, 401);
    assert.doesNotMatch(anonymous.text, /Cart/);
  });
});

Deno.test("a personal access token creates from a chart and downloads export.mmd without a cookie or Origin; a cookie from another site may not", async () => {
  await withDiagram(async (instance) => {
    const token = (await instance.admin("create-token", EMAIL, "script")).stdout.trim().split("\n")
      .at(-1)!;
    const created = await fetch(new URL("/api/diagrams", instance.url), {
      method: "POST",
      headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
      body: JSON.stringify({ name: "Scripted", mermaid: CHART }),
    });
    assert.equal(created.status, 201);
    const { id } = await created.json();
    const exported = await fetch(new URL(`/api/diagrams/${id}/export.mmd`, instance.url), {
      headers: { authorization: `Bearer ${token}` },
    });
    assert.equal(exported.status, 200);
    assert.match(await exported.text(), /Cart/);

    const cookie = await instance.login(EMAIL, PASSWORD);
    const crossSite = await client(instance, cookie)("POST", "/api/diagrams", {
      name: "Forged",
      mermaid: CHART,
    }, { origin: "https://evil.example" });
    assert.equal(crossSite.status, 403);
    const listed = await fetch(new URL("/api/diagrams", instance.url), {
      headers: { authorization: `Bearer ${token}` },
    }).then((response) => response.json());
    assert.deepEqual(listed.diagrams.map((d: Json) => d.name), ["Scripted"]);
  });
});
