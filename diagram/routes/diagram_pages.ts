// /d/:id and its actions: the diagram's page, rename, move, duplicate and delete to the trash
// (after a confirm page). Plain forms; each returns to `back`, the page the action started from
// (same-origin paths only). Mounted behind diagram_lookup.ts, which has already found the diagram.
import { type Context, Hono } from "hono";
import type { CollectionOperations } from "../service/collections.ts";
import type { DiagramOperations } from "../service/diagram_operations.ts";
import type { DiagramView } from "../service/diagrams.ts";
import { linksShowing, type ShareLinkOperations } from "../service/share_links.ts";
import { NotFoundError } from "../service/errors.ts";
import { idSchema, nameSchema } from "../service/schemas.ts";
import { actorOf } from "../http/authenticate.ts";
import { readForm } from "../http/form_body.ts";
import { safeNext, safeNextWith } from "../http/safe_next.ts";
import type { EditorManifest } from "../editor_bundle.ts";
import { collectionTree } from "../pages/collection_tree.ts";
import {
  confirmDeleteDiagramPage,
  moveDiagramPage,
  renameDiagramPage,
} from "../pages/diagram_action_pages.ts";
import { editorPage, editorPagePolicy } from "../pages/editor_page.ts";
import type { DiagramPageEnv } from "./diagram_lookup.ts";

/** What a diagram's pages need. */
export interface DiagramPageDeps {
  diagrams: DiagramOperations;
  collections: CollectionOperations;
  shares: ShareLinkOperations;
  editor: EditorSetup;
  /** The site's own origin, the only place an action may return to. */
  baseUrl: string;
}

/** What the editor page needs from the service: its bundle, and where the collab server is. */
export interface EditorSetup {
  bundle: EditorManifest | null;
  /** COLLAB_PUBLIC_URL's origin, which the page's CSP lets it connect to. */
  collabOrigin: string;
}

/** /d/:id: the diagram's page and its rename, move, duplicate and delete forms. */
export function diagramPages(deps: DiagramPageDeps): Hono<DiagramPageEnv> {
  const app = new Hono<DiagramPageEnv>();
  const treeOf = async (userId: string) => collectionTree(await deps.collections.list(userId));

  /** Where an action returns: the `back` it was given, else the diagram's page. */
  const backOf = (c: { get(key: "diagram"): DiagramView }, back: string | undefined) =>
    safeNext(back ?? `/d/${c.get("diagram").id}`, deps.baseUrl);

  /** What every action page shows: who is signed in, the diagram, and the way back. */
  const actionView = (c: Context<DiagramPageEnv>, back: string | undefined) => ({
    email: c.get("email"),
    diagram: c.get("diagram"),
    back: backOf(c, back),
  });

  app.get("/d/:id", async (c) => {
    c.header("Content-Security-Policy", editorPagePolicy(deps.editor.collabOrigin));
    const collections = await deps.collections.list(c.get("userId"));
    const links = await deps.shares.list(c.get("userId"));
    return c.html(editorPage({
      email: c.get("email"),
      diagram: c.get("diagram"),
      tree: collectionTree(collections),
      bundle: deps.editor.bundle,
      shareLinks: linksShowing(links, c.get("diagram"), collections),
    }));
  });

  app.get("/d/:id/rename", (c) => c.html(renameDiagramPage(actionView(c, c.req.query("back")))));

  app.post("/d/:id/rename", async (c) => {
    const form = await readForm(c.req.raw);
    const view = actionView(c, form.back);
    const name = nameSchema.safeParse(form.name);
    if (!name.success) {
      const problem = "Give the diagram a name: up to 200 characters, no line breaks.";
      return c.html(renameDiagramPage({ ...view, problem }), 400);
    }
    await deps.diagrams.updateDetails(actorOf(c), c.get("diagram").id, { name: name.data });
    return c.redirect(view.back, 303);
  });

  app.get("/d/:id/move", async (c) =>
    c.html(moveDiagramPage({
      ...actionView(c, c.req.query("back")),
      tree: await treeOf(c.get("userId")),
    })));

  app.post("/d/:id/move", async (c) => {
    const form = await readForm(c.req.raw);
    const view = actionView(c, form.back);
    const target = form.collectionId ? idSchema.safeParse(form.collectionId) : null;
    try {
      if (target !== null && !target.success) throw new NotFoundError("collection not found");
      await deps.diagrams.updateDetails(actorOf(c), c.get("diagram").id, {
        collectionId: target === null ? null : target.data,
      });
    } catch (error) {
      if (!(error instanceof NotFoundError)) throw error;
      return c.html(
        moveDiagramPage({
          ...view,
          tree: await treeOf(c.get("userId")),
          problem: "That collection no longer exists: pick another.",
        }),
        400,
      );
    }
    return c.redirect(view.back, 303);
  });

  app.post("/d/:id/duplicate", async (c) => {
    const form = await readForm(c.req.raw);
    const copy = await deps.diagrams.duplicate(actorOf(c), c.get("diagram").id);
    // From a card the copy shows up where the card is; from the diagram's page, open the copy.
    return c.redirect(form.back ? safeNext(form.back, deps.baseUrl) : `/d/${copy.id}`, 303);
  });

  app.get(
    "/d/:id/delete",
    (c) => c.html(confirmDeleteDiagramPage(actionView(c, c.req.query("back")))),
  );

  app.post("/d/:id/delete", async (c) => {
    const form = await readForm(c.req.raw);
    const id = c.get("diagram").id;
    await deps.diagrams.delete(actorOf(c), id);
    // The diagram's own page is gone: back to the gallery instead, which says where it went and
    // offers Undo.
    const back = safeNext(form.back, deps.baseUrl);
    const gallery = back.startsWith(`/d/${id}`) ? "/" : back;
    return c.redirect(safeNextWith(gallery, deps.baseUrl, { deleted: id }), 303);
  });

  return app;
}
