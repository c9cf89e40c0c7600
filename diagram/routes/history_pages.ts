// /d/:id/history: the history page, one revision's preview beside the current drawing, and the
// Restore form (over the revision the page showed: a change since then is refused, not
// overwritten). Mounted behind diagram_lookup.ts, which has already found the diagram.
import { type Context, Hono } from "hono";
import { z } from "zod";
import { NotFoundError, StaleRevisionError } from "../service/errors.ts";
import type { HistoryOperations } from "../service/history.ts";
import { revisionSchema } from "../service/schemas.ts";
import { actorOf } from "../http/authenticate.ts";
import { readForm } from "../http/form_body.ts";
import { historyPage, revisionPreviewPage } from "../pages/history_page.ts";
import type { DiagramPageEnv } from "./diagram_lookup.ts";
import { missing } from "./page_errors.ts";

/** Revisions per history page. */
const HISTORY_PAGE_SIZE = 30;

const historyQuery = z.object({
  before: revisionSchema.optional().catch(undefined),
  restored: revisionSchema.optional().catch(undefined),
  replaced: revisionSchema.optional().catch(undefined),
});

/** /d/:id/history: the history page, a revision's preview and the Restore form. */
export function historyPages(history: HistoryOperations): Hono<DiagramPageEnv> {
  const app = new Hono<DiagramPageEnv>();

  /** The history page's contents: the newest revisions, or those before `before`. */
  const historyView = async (c: Context<DiagramPageEnv>, before?: number) => {
    const id = c.get("diagram").id;
    const page = await history.list(c.get("userId"), id, { limit: HISTORY_PAGE_SIZE, before });
    return {
      email: c.get("email"),
      diagram: page.diagram,
      revisions: page.revisions,
      olderPage: page.nextBefore === null
        ? undefined
        : `/d/${id}/history?before=${page.nextBefore}`,
      paged: before !== undefined,
      now: Date.now(),
    };
  };

  app.get("/d/:id/history", async (c) => {
    const query = historyQuery.parse(c.req.query());
    return c.html(historyPage({
      ...await historyView(c, query.before),
      notice: query.restored === undefined ? undefined : `Revision ${query.restored} is current ` +
        `again.${
          query.replaced === undefined
            ? ""
            : ` What it replaced is kept as revision ${query.replaced}: restore that to undo.`
        }`,
    }));
  });

  // A revision that is not there (or a diagram gone meanwhile) is "Revision not found".
  app.use("/d/:id/history/:revision/*", missing("Revision"));

  app.get("/d/:id/history/:revision", async (c) => {
    const revision = revisionSchema.safeParse(c.req.param("revision"));
    if (!revision.success) throw new NotFoundError("no such revision");
    const compared = await history.compare(c.get("userId"), c.get("diagram").id, revision.data);
    return c.html(revisionPreviewPage({
      email: c.get("email"),
      diagram: compared.current,
      revision: compared.revision,
      diff: compared.diff,
      now: Date.now(),
    }));
  });

  app.post("/d/:id/history/:revision/restore", async (c) => {
    const form = await readForm(c.req.raw);
    const id = c.get("diagram").id;
    const revision = revisionSchema.safeParse(c.req.param("revision"));
    const expected = revisionSchema.safeParse(form.expected);
    if (!revision.success) throw new NotFoundError("no such revision");
    try {
      const restored = await history.restore(actorOf(c), id, {
        revision: revision.data,
        expectedRevision: expected.success ? expected.data : undefined,
      });
      return c.redirect(
        `/d/${id}/history?restored=${revision.data}&replaced=${restored.replacedRevision}`,
        303,
      );
    } catch (error) {
      if (!(error instanceof StaleRevisionError)) throw error;
      return c.html(
        historyPage({
          ...await historyView(c),
          problem: `The diagram changed since that page was opened (it is now at revision ` +
            `${error.currentRevision}), so nothing was restored. Here is its history as it is ` +
            `now: restore again if you still want to.`,
        }),
        409,
      );
    }
  });

  return app;
}
