// The gallery pages: / (every diagram, or a full-text search with ?q=), /c/none (diagrams in no
// collection), /c/:id (one collection) and the collection actions (new, rename, move, delete
// with its contents moved, never deleted), plus POST /new, which starts an empty diagram.
import { type Context, Hono, type MiddlewareHandler } from "hono";
import { z } from "zod";
import type { CollectionOperations, CollectionSummary } from "../service/collections.ts";
import type { DiagramOperations } from "../service/diagram_operations.ts";
import { DIAGRAM_SORTS } from "../service/diagrams.ts";
import { ConflictError, NotFoundError } from "../service/errors.ts";
import { idSchema, nameSchema } from "../service/schemas.ts";
import type { TrashOperations } from "../service/trash.ts";
import { actorOf } from "../http/authenticate.ts";
import { readForm } from "../http/form_body.ts";
import { decodeCursor, encodeCursor } from "../http/page_cursor.ts";
import type { PageEnv } from "../http/page_session.ts";
import {
  confirmDeleteCollectionPage,
  moveCollectionPage,
  renameCollectionPage,
} from "../pages/collection_action_pages.ts";
import { type CollectionTree, collectionTree } from "../pages/collection_tree.ts";
import { galleryPage, shownPath } from "../pages/gallery_page.ts";
import type { Shown } from "../pages/sidebar.ts";
import { missing } from "./page_errors.ts";

/** What the gallery pages need. */
export interface GalleryPageDeps {
  diagrams: DiagramOperations;
  collections: CollectionOperations;
  trash: TrashOperations;
  /** Where MCP clients connect: `{BASE_URL}/mcp`. */
  mcpUrl: string;
}

/** Cards per gallery page. */
const GALLERY_SIZE = 60;
const NAME_PROBLEM = "Give the collection a name: up to 200 characters, no line breaks.";

const sortSchema = z.enum(DIAGRAM_SORTS);
/** What a delete (`deleted`) or its Undo (`restored`) came back with: the diagram's id. */
const noticeQuery = z.object({
  deleted: idSchema.optional().catch(undefined),
  restored: idSchema.optional().catch(undefined),
});
const contentsSchema = z.enum(["parent", "none"]);

type CollectionPageEnv = {
  Variables: PageEnv["Variables"] & { tree: CollectionTree; collection: CollectionSummary };
};

/** Mounted behind the signed-in check. */
export function galleryPages(deps: GalleryPageDeps): Hono<CollectionPageEnv> {
  const app = new Hono<CollectionPageEnv>();
  const treeOf = async (userId: string) => collectionTree(await deps.collections.list(userId));

  /** One gallery page: what `shown` holds, in the asked order, from the cursor on. */
  const gallery = async (
    c: Context<CollectionPageEnv>,
    shown: Shown,
    tree: CollectionTree,
    problem?: string,
  ) => {
    // An empty search box is no search; a long one is cut, as the index reads 20 words.
    const query = shown === "all" ? c.req.query("q")?.trim().slice(0, 200) || undefined : undefined;
    const sort = sortSchema.catch("updated").parse(c.req.query("sort"));
    const after = query === undefined ? decodeCursor(c.req.query("after")) : undefined;
    // One more than a page says whether a next page exists, without counting.
    const rows = await deps.diagrams.list(c.get("userId"), {
      limit: GALLERY_SIZE + 1,
      query,
      sort,
      after,
      collectionId: shown === "all" ? undefined : shown === "none" ? null : shown,
    });
    const diagrams = rows.slice(0, GALLERY_SIZE);
    const notices = noticeQuery.parse(c.req.query());
    const more = query === undefined && rows.length > GALLERY_SIZE;
    const position = diagrams.at(-1)?.position;
    return galleryPage({
      email: c.get("email"),
      tree,
      shown,
      diagrams,
      query,
      sort,
      paged: after !== undefined,
      nextPage: more && position
        ? `${shownPath(shown)}?sort=${sort}&after=${encodeCursor(position)}`
        : undefined,
      mcpUrl: deps.mcpUrl,
      now: Date.now(),
      problem,
      // Said only while still true: a reload after the Undo no longer offers it.
      trashed: await found(notices.deleted, (id) => deps.trash.get(c.get("userId"), id)),
      restored: await found(notices.restored, (id) => deps.diagrams.details(c.get("userId"), id)),
    });
  };

  /** A gallery page that says why a form was refused (the tree read only then). */
  const refused = async (
    c: Context<CollectionPageEnv>,
    shown: Shown,
    problem: string,
    status: 400 | 404 | 409,
  ) => c.html(await gallery(c, shown, await treeOf(c.get("userId")), problem), status);

  app.get("/", async (c) => c.html(await gallery(c, "all", await treeOf(c.get("userId")))));

  app.get("/c/none", async (c) => c.html(await gallery(c, "none", await treeOf(c.get("userId")))));

  app.post("/new", async (c) => {
    const form = await readForm(c.req.raw);
    const into = idSchema.safeParse(form.collectionId);
    try {
      const created = await deps.diagrams.create(actorOf(c), {
        name: "Untitled diagram",
        collectionId: into.success ? into.data : null,
      });
      return c.redirect(`/d/${created.id}`, 303);
    } catch (error) {
      if (!(error instanceof NotFoundError)) throw error;
      return refused(
        c,
        "all",
        "That collection no longer exists: the diagram was not created.",
        404,
      );
    }
  });

  app.post("/collections", async (c) => {
    const form = await readForm(c.req.raw);
    const parent = idSchema.safeParse(form.parentId);
    const parentId = parent.success ? parent.data : null;
    const name = nameSchema.safeParse(form.name);
    const shown = parentId ?? "all";
    if (!name.success) return refused(c, shown, NAME_PROBLEM, 400);
    try {
      const created = await deps.collections.create(actorOf(c), { name: name.data, parentId });
      return c.redirect(`/c/${created.id}`, 303);
    } catch (error) {
      if (error instanceof NotFoundError) {
        return refused(c, "all", "The collection to create it in no longer exists.", 404);
      }
      if (!(error instanceof ConflictError)) throw error;
      return refused(c, shown, capitalised(error.message), 409);
    }
  });

  // Every /c/:id route first finds its collection, in the tree the page shows anyway.
  const findCollection: MiddlewareHandler<CollectionPageEnv> = async (c, next) => {
    const tree = await treeOf(c.get("userId"));
    const id = idSchema.safeParse(c.req.param("id"));
    const collection = id.success ? tree.byId.get(id.data) : undefined;
    if (!collection) throw new NotFoundError("collection not found");
    c.set("tree", tree);
    c.set("collection", collection);
    await next();
  };
  // GET /c/none answered above; "/c/:id/*" matches "/c/:id" itself too.
  app.use("/c/:id/*", missing("Collection"), findCollection);

  const view = (c: Context<CollectionPageEnv>) => ({
    email: c.get("email"),
    tree: c.get("tree"),
    collection: c.get("collection"),
  });

  app.get("/c/:id", async (c) => c.html(await gallery(c, c.get("collection").id, c.get("tree"))));

  app.get("/c/:id/rename", (c) => c.html(renameCollectionPage(view(c))));

  app.post("/c/:id/rename", async (c) => {
    const name = nameSchema.safeParse((await readForm(c.req.raw)).name);
    if (!name.success) {
      return c.html(renameCollectionPage({ ...view(c), problem: NAME_PROBLEM }), 400);
    }
    await deps.collections.update(actorOf(c), c.get("collection").id, { name: name.data });
    return c.redirect(`/c/${c.get("collection").id}`, 303);
  });

  app.get("/c/:id/move", (c) => c.html(moveCollectionPage(view(c))));

  app.post("/c/:id/move", async (c) => {
    const form = await readForm(c.req.raw);
    const target = form.parentId ? idSchema.safeParse(form.parentId) : null;
    try {
      if (target !== null && !target.success) throw new NotFoundError("collection not found");
      await deps.collections.update(actorOf(c), c.get("collection").id, {
        parentId: target === null ? null : target.data,
      });
    } catch (error) {
      const problem = error instanceof NotFoundError
        ? "That collection no longer exists: pick another."
        : error instanceof ConflictError
        ? capitalised(error.message)
        : undefined;
      if (problem === undefined) throw error;
      return c.html(moveCollectionPage({ ...view(c), problem }), 400);
    }
    return c.redirect(`/c/${c.get("collection").id}`, 303);
  });

  app.get("/c/:id/delete", (c) => c.html(confirmDeleteCollectionPage(view(c))));

  app.post("/c/:id/delete", async (c) => {
    const contents = contentsSchema.safeParse((await readForm(c.req.raw)).contents);
    if (!contents.success) {
      const problem = "Choose where the collection’s contents go.";
      return c.html(confirmDeleteCollectionPage({ ...view(c), problem }), 400);
    }
    const { parentId } = c.get("collection");
    await deps.collections.delete(actorOf(c), c.get("collection").id, contents.data);
    return c.redirect(contents.data === "parent" && parentId ? `/c/${parentId}` : "/", 303);
  });

  return app;
}

/** What `lookup` finds by `id`, or undefined without an id or when it is not there (any more). */
async function found<T>(
  id: string | undefined,
  lookup: (id: string) => Promise<T>,
): Promise<T | undefined> {
  if (id === undefined) return undefined;
  try {
    return await lookup(id);
  } catch (error) {
    if (error instanceof NotFoundError) return undefined;
    throw error;
  }
}

function capitalised(message: string): string {
  return `${message[0].toUpperCase()}${message.slice(1)}.`;
}
