// The owner's share pages: /d/:id/share and /c/:id/share make a link (its address in that answer
// only) and list the live ones; /account/shares/:id/revoke, /access and /history change one, from
// a share page or the account page, and come back to `back`. Plain forms, checked by the same schema as
// the REST API's (routes/share_links.ts), each refusal a page that says what to fix.
import { type Context, Hono } from "hono";
import { HTTPException } from "hono/http-exception";
import type { CollectionOperations } from "../service/collections.ts";
import { InvalidInputError, NotFoundError } from "../service/errors.ts";
import { createShareSchema, idSchema, patchShareSchema } from "../service/schemas.ts";
import { linksShowing, type ShareLinkOperations } from "../service/share_links.ts";
import { readForm } from "../http/form_body.ts";
import type { PageEnv } from "../http/page_session.ts";
import { safeNext, safeNextWith } from "../http/safe_next.ts";
import { SHARE_LINK_NOTICES } from "../pages/share_link_table.ts";
import {
  type ShareFormValues,
  sharePage,
  type SharePageView,
  type ShareTargetView,
} from "../pages/share_page.ts";
import type { DiagramPageEnv } from "./diagram_lookup.ts";
import { missing, type MissingEnv } from "./page_errors.ts";

/** What the owner's share pages need. */
export interface SharePageDeps {
  shares: ShareLinkOperations;
  collections: CollectionOperations;
  /** The site's own origin, the only place a form may return to. */
  baseUrl: string;
}

/** What to fix, by the field the schema refused. */
const FORM_PROBLEMS: Record<string, string> = {
  access: "Choose what visitors may do: view the diagram, or edit it.",
  expires: "Choose how long the link lasts: an hour, a day, a week, 30 days, or until revoked.",
  label: "Keep the label to 100 characters.",
};
const COLLECTION_EDIT_PROBLEM =
  "A collection is shared to view only: to let someone edit, share one of its diagrams.";

/** /d/:id/share, mounted behind diagram_lookup.ts, which has found the diagram. */
export function diagramSharePages(deps: SharePageDeps): Hono<DiagramPageEnv> {
  const app = new Hono<DiagramPageEnv>();
  const targetOf = (c: Context<DiagramPageEnv>): ShareTargetView => {
    const { id, name, collectionId } = c.get("diagram");
    return { type: "diagram", id, name, collectionId };
  };
  app.get("/d/:id/share", (c) => showSharePage(deps, c, whoIs(c), targetOf(c)));
  app.post("/d/:id/share", (c) => createShareLink(deps, c, whoIs(c), targetOf(c)));
  return app;
}

/** /c/:id/share and the forms of each listed link; mounted behind the signed-in check. */
export function sharePages(deps: SharePageDeps): Hono<PageEnv & MissingEnv> {
  const app = new Hono<PageEnv & MissingEnv>();
  const collectionOf = async (c: Context<PageEnv>): Promise<ShareTargetView> => {
    const id = idSchema.safeParse(c.req.param("id"));
    if (!id.success) throw new NotFoundError("collection not found");
    const { name } = await deps.collections.get(c.get("userId"), id.data);
    return { type: "collection", id: id.data, name, collectionId: null };
  };
  app.use("/c/:id/share", missing("Collection"));
  app.get("/c/:id/share", async (c) => showSharePage(deps, c, whoIs(c), await collectionOf(c)));
  app.post(
    "/c/:id/share",
    async (c) => createShareLink(deps, c, whoIs(c), await collectionOf(c)),
  );

  app.use("/account/shares/*", missing("Share link"));
  const linkId = (c: Context) => {
    const id = idSchema.safeParse(c.req.param("linkId"));
    if (!id.success) throw new NotFoundError("share link not found");
    return id.data;
  };
  const backTo = (back: string | undefined, done: string) =>
    safeNextWith(back ?? "/account", deps.baseUrl, { done });

  app.post("/account/shares/:linkId/revoke", async (c) => {
    const form = await readForm(c.req.raw);
    await deps.shares.revoke(c.get("userId"), linkId(c));
    return c.redirect(backTo(form.back, "share-revoked"), 303);
  });

  app.post("/account/shares/:linkId/access", async (c) => {
    const form = await readForm(c.req.raw);
    const access = patchShareSchema.shape.access.unwrap().safeParse(form.access);
    if (!access.success) {
      throw new HTTPException(400, { message: "a link is either view-only or editable" });
    }
    try {
      await deps.shares.setAccess(c.get("userId"), linkId(c), access.data);
    } catch (error) {
      if (!(error instanceof InvalidInputError)) throw error;
      throw new HTTPException(400, { message: "a collection is shared to view only" });
    }
    const done = access.data === "view" ? "share-view-only" : "share-editable";
    return c.redirect(backTo(form.back, done), 303);
  });

  app.post("/account/shares/:linkId/history", async (c) => {
    const form = await readForm(c.req.raw);
    if (form.history !== "on" && form.history !== "off") {
      throw new HTTPException(400, { message: "a link either shows the history or does not" });
    }
    const history = form.history === "on";
    await deps.shares.setHistory(c.get("userId"), linkId(c), history);
    return c.redirect(backTo(form.back, history ? "share-history" : "share-no-history"), 303);
  });

  return app;
}

/** The signed-in person a page is for. */
interface Who {
  userId: string;
  email: string;
}

const whoIs = (c: { get(key: "userId" | "email"): string }): Who => ({
  userId: c.get("userId"),
  email: c.get("email"),
});

/** A share page's parts that every answer shares: who, the way back, and the live links. */
async function pageView(
  deps: SharePageDeps,
  { userId, email }: Who,
  target: ShareTargetView,
  back: string | undefined,
): Promise<SharePageView> {
  const all = await deps.shares.list(userId);
  const own = all.filter((link) =>
    link.target.type === target.type && link.target.id === target.id
  );
  // A diagram is also shown by the links of the collections around it, listed on the account page.
  const throughCollections = target.type === "diagram"
    ? linksShowing(all, target, await deps.collections.list(userId)).length - own.length
    : 0;
  const home = target.type === "diagram" ? `/d/${target.id}` : `/c/${target.id}`;
  const backTo = safeNext(back ?? home, deps.baseUrl);
  return { email, target, back: backTo, links: own, throughCollections };
}

async function showSharePage(deps: SharePageDeps, c: Context, who: Who, target: ShareTargetView) {
  const view = await pageView(deps, who, target, c.req.query("back"));
  return c.html(sharePage({ ...view, notice: SHARE_LINK_NOTICES[c.req.query("done") ?? ""] }));
}

async function createShareLink(
  deps: SharePageDeps,
  c: Context,
  who: Who,
  target: ShareTargetView,
) {
  const form = await readForm(c.req.raw);
  const typed: ShareFormValues = {
    access: form.access ?? "view",
    expires: form.expires ?? "never",
    label: form.label ?? "",
    downloads: form.downloads === "on",
    history: form.history === "on",
  };
  const view = { ...await pageView(deps, who, target, form.back), form: typed };
  const options = createShareSchema.safeParse(typed);
  if (!options.success) {
    const field = String(options.error.issues[0].path[0]);
    return c.html(sharePage({ ...view, problem: FORM_PROBLEMS[field] }), 400);
  }
  const shareTarget = target.type === "diagram"
    ? { diagramId: target.id }
    : { collectionId: target.id };
  try {
    const created = await deps.shares.create(who.userId, shareTarget, options.data);
    // The answer holds the link's secret beside the label the person typed: no cache keeps it,
    // and nothing compresses it (BREACH: the compressed length would tell a guess of the
    // secret's next characters right from wrong).
    c.header("Cache-Control", "no-store, no-transform");
    return c.html(
      sharePage({ ...view, links: [created.link, ...view.links], form: undefined, created }),
      201,
    );
  } catch (error) {
    if (!(error instanceof InvalidInputError)) throw error;
    return c.html(sharePage({ ...view, problem: COLLECTION_EDIT_PROBLEM }), 400);
  }
}
