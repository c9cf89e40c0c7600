import assert from "node:assert/strict";
import type { ShareAccess } from "../store/share_links.ts";
import { sharedDiagramPage, type SharedDiagramView } from "./shared_page.ts";

const LIVE = { entry: "shared-ABC.js", css: "shared-ABC.css" };

function view(access: ShareAccess, live?: SharedDiagramView["live"]): SharedDiagramView {
  return {
    diagram: {
      link: {
        id: "link1",
        userId: "user1",
        target: { diagramId: "d1" },
        access,
        label: "",
        downloads: true,
        history: false,
        expiresAt: null,
        createdAt: "2026-01-01T00:00:00.000Z",
        lastUsedAt: null,
        targetName: "Flow",
      },
      id: "d1",
      name: "Flow",
      revision: 3,
      savedAt: "2026-01-01T00:00:00.000Z",
    },
    path: "/s/secret",
    size: { width: 400, height: 300 },
    pngSize: { width: 800, height: 600 },
    baseUrl: "https://diagrams.example",
    now: Date.parse("2026-01-02T00:00:00.000Z"),
    live,
  };
}

Deno.test("without the editor bundle a shared page is the picture alone: no live view script, status or name form", () => {
  const page = sharedDiagramPage(view("edit"));
  assert.doesNotMatch(page, /type="module"|\/editor\/|shared-live-status|guest-name/);
  assert.match(page, /<img[^>]* src="\/s\/secret\/image.svg"/);
});

Deno.test("with the bundle a shared page loads the live view after Excalidraw's asset path, and an edit link offers a name", () => {
  const viewing = sharedDiagramPage(view("view", LIVE));
  assert.match(
    viewing,
    /<link rel="stylesheet" href="\/editor\/shared-ABC.css">\s*<script src="\/static\/editor-asset-path.js"><\/script>\s*<script type="module" src="\/editor\/shared-ABC.js"><\/script>/,
  );
  assert.match(viewing, /<p id="shared-live-status" class="muted" role="status"><\/p>/);
  // The picture stays in the page, for the time before the room syncs and for no JavaScript.
  assert.match(viewing, /<img[^>]* src="\/s\/secret\/image.svg"/);
  assert.doesNotMatch(viewing, /guest-name/);

  const editing = sharedDiagramPage(view("edit", LIVE));
  assert.match(editing, /<form id="guest-name" class="guest-name" hidden>/);
  assert.match(
    editing,
    /<label for="guest-name-input">Your name, shown to the others editing<\/label>\s*<input id="guest-name-input"/,
  );
});
