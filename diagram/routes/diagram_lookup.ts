// /d/:id and everything under it: finds the diagram (without its file) before any of the page
// groups mounted here runs, so each reads it from the context. A malformed, unknown or another
// account's id is the same not-found page (page_errors.ts).
import { Hono, type MiddlewareHandler } from "hono";
import type { DiagramOperations } from "../service/diagram_operations.ts";
import type { DiagramView } from "../service/diagrams.ts";
import { NotFoundError } from "../service/errors.ts";
import { idSchema } from "../service/schemas.ts";
import type { PageEnv } from "../http/page_session.ts";

/** The context of the pages under /d/:id: the diagram, found once. */
export type DiagramPageEnv = {
  Variables: PageEnv["Variables"] & { diagram: DiagramView & { drawn: boolean } };
};

/** Mounted behind the signed-in check, with the page groups that answer under /d/:id. */
export function diagramLookup(
  diagrams: DiagramOperations,
  groups: Hono<DiagramPageEnv>[],
): Hono<DiagramPageEnv> {
  const app = new Hono<DiagramPageEnv>();
  const findDiagram: MiddlewareHandler<DiagramPageEnv> = async (c, next) => {
    const id = idSchema.safeParse(c.req.param("id"));
    if (!id.success) throw new NotFoundError("diagram not found");
    c.set("diagram", await diagrams.details(c.get("userId"), id.data));
    await next();
  };
  // "/d/:id/*" matches "/d/:id" itself too: one registration, run once per request.
  app.use("/d/:id/*", findDiagram);
  for (const group of groups) app.route("/", group);
  return app;
}
