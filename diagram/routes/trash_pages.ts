// /trash: the trash page, Restore (also the Undo of the gallery's notice after a delete, which
// names the page to come back to), and Delete for good (after a confirm page).
import { Hono } from "hono";
import { html } from "../../runtime/markup.ts";
import type { CollectionOperations } from "../service/collections.ts";
import type { DiagramOperations } from "../service/diagram_operations.ts";
import { NotFoundError } from "../service/errors.ts";
import { idSchema } from "../service/schemas.ts";
import type { TrashOperations } from "../service/trash.ts";
import { actorOf } from "../http/authenticate.ts";
import { readForm } from "../http/form_body.ts";
import { safeNextWith } from "../http/safe_next.ts";
import type { PageEnv } from "../http/page_session.ts";
import { collectionTree } from "../pages/collection_tree.ts";
import { confirmPurgePage, trashPage } from "../pages/trash_page.ts";
import { restoredMessage } from "../pages/trash_notices.ts";
import { z } from "zod";

/** What the trash pages need. */
export interface TrashPageDeps {
  trash: TrashOperations;
  diagrams: DiagramOperations;
  collections: CollectionOperations;
  /** The site's own origin, the only place a restore may return to. */
  baseUrl: string;
}

/** Cards per trash page. */
const TRASH_PAGE_SIZE = 60;

const trashQuery = z.object({
  offset: z.coerce.number().int().min(0).max(1_000_000).catch(0),
  restored: idSchema.optional().catch(undefined),
  deleted: z.string().max(200).optional().catch(undefined),
});

/** Mounted behind the signed-in check. */
export function trashPages(deps: TrashPageDeps): Hono<PageEnv> {
  const app = new Hono<PageEnv>();

  /** The owner's trashed diagram `id`; NotFoundError (the not-found page) for anything else. */
  const entryOf = async (userId: string, id: string) => {
    const parsed = idSchema.safeParse(id);
    if (!parsed.success) throw new NotFoundError("no such diagram in the trash");
    return await deps.trash.get(userId, parsed.data);
  };

  /** What the page says after a restore: where the diagram went, with a link to it. */
  const restoredNotice = async (userId: string, id: string) => {
    const diagram = await deps.diagrams.details(userId, id).catch(() => null);
    return diagram === null ? undefined : restoredMessage(diagram);
  };

  app.get("/trash", async (c) => {
    const query = trashQuery.parse(c.req.query());
    const userId = c.get("userId");
    const [rows, collections] = await Promise.all([
      deps.trash.list(userId, { limit: TRASH_PAGE_SIZE + 1, offset: query.offset }),
      deps.collections.list(userId),
    ]);
    const tree = collectionTree(collections);
    const restored = query.restored === undefined
      ? undefined
      : await restoredNotice(userId, query.restored);
    return c.html(trashPage({
      email: c.get("email"),
      tree,
      entries: rows.slice(0, TRASH_PAGE_SIZE),
      keepDays: deps.trash.keepDays,
      nextPage: rows.length > TRASH_PAGE_SIZE
        ? `/trash?offset=${query.offset + TRASH_PAGE_SIZE}`
        : undefined,
      paged: query.offset > 0,
      now: Date.now(),
      notice: restored ??
        (query.deleted === undefined ? undefined : html`“${query.deleted}” was deleted for good.`),
    }));
  });

  app.post("/trash/:id/restore", async (c) => {
    const form = await readForm(c.req.raw);
    const id = idSchema.safeParse(c.req.param("id"));
    if (!id.success) throw new NotFoundError("no such diagram in the trash");
    await deps.trash.restore(actorOf(c), id.data);
    // Undo in the gallery's notice names the page it was on; the trash page's Restore does not.
    const restored = { restored: id.data };
    return c.redirect(
      form.back ? safeNextWith(form.back, deps.baseUrl, restored) : `/trash?restored=${id.data}`,
      303,
    );
  });

  app.get("/trash/:id/delete", async (c) => {
    const entry = await entryOf(c.get("userId"), c.req.param("id"));
    return c.html(confirmPurgePage({ email: c.get("email"), entry }));
  });

  app.post("/trash/:id/delete", async (c) => {
    const entry = await entryOf(c.get("userId"), c.req.param("id"));
    await deps.trash.deleteForGood(actorOf(c), entry.id);
    return c.redirect(`/trash?deleted=${encodeURIComponent(entry.name)}`, 303);
  });

  return app;
}
