// GET and POST /new/mermaid: a new diagram from a Mermaid flowchart, from the gallery (into the
// collection shown, if any). Preview draws the chart through the service without saving it;
// Create saves it and opens the editor. A chart the service refuses is shown again with its
// problems beside it, as typed.
import { Hono } from "hono";
import type { CollectionOperations } from "../service/collections.ts";
import type { DiagramOperations } from "../service/diagram_operations.ts";
import { InvalidInputError, NotFoundError } from "../service/errors.ts";
import { MERMAID_LIMITS } from "../service/mermaid_diagrams.ts";
import { idSchema, nameSchema } from "../service/schemas.ts";
import { DrawingBusyError, DrawingTimeoutError } from "../drawing_pool/drawing_pool.ts";
import { actorOf } from "../http/authenticate.ts";
import { readForm } from "../http/form_body.ts";
import type { PageEnv } from "../http/page_session.ts";
import { newMermaidPage, type NewMermaidView } from "../pages/new_mermaid_page.ts";

/** What the New-from-Mermaid page needs. */
export interface MermaidPageDeps {
  diagrams: DiagramOperations;
  collections: CollectionOperations;
}

/**
 * A chart at its longest, urlencoded: a character is at most 9 bytes (%XX three times), and the
 * name and buttons fit in the rest.
 */
const MERMAID_FORM_BYTES = MERMAID_LIMITS.maxLength * 9 + 4096;
const NAME_PROBLEM = "Give the diagram a name: up to 200 characters, no line breaks.";
const NO_CHART = "Write a flowchart first, for example: flowchart LR, then A --> B on a line.";

/** Mounted behind the signed-in check. */
export function mermaidPages(deps: MermaidPageDeps): Hono<PageEnv> {
  const app = new Hono<PageEnv>();

  /** The collection a new diagram goes into: the one asked for, when it is this account's. */
  const collectionFor = async (userId: string, asked: string | undefined) => {
    const id = idSchema.safeParse(asked);
    if (!id.success) return undefined;
    try {
      const { name } = await deps.collections.get(userId, id.data);
      return { id: id.data, name };
    } catch (error) {
      if (error instanceof NotFoundError) return undefined;
      throw error;
    }
  };

  app.get("/new/mermaid", async (c) => {
    const collection = await collectionFor(c.get("userId"), c.req.query("collectionId"));
    return c.html(newMermaidPage({ email: c.get("email"), name: "", mermaid: "", collection }));
  });

  app.post("/new/mermaid", async (c) => {
    const form = await readForm(c.req.raw, {
      maxBytes: MERMAID_FORM_BYTES,
      tooLarge: `a chart is at most ${MERMAID_LIMITS.maxLength} characters`,
    });
    // Browsers send a text area's line breaks as CRLF; the chart's lines are counted on LF.
    const mermaid = (form.mermaid ?? "").replace(/\r\n?/g, "\n");
    const view: NewMermaidView = {
      email: c.get("email"),
      name: form.name ?? "",
      mermaid,
      collection: await collectionFor(c.get("userId"), form.collectionId),
    };
    if (mermaid.trim() === "") {
      return c.html(newMermaidPage({ ...view, chartProblems: [NO_CHART] }), 400);
    }
    const name = nameSchema.safeParse(view.name);
    const creating = form.action === "create";
    try {
      if (creating && name.success) {
        const created = await deps.diagrams.createFromMermaid({ ...actorOf(c), via: "mermaid" }, {
          name: name.data,
          collectionId: view.collection?.id ?? null,
          mermaid,
        });
        return c.redirect(`/d/${created.diagram.id}`, 303);
      }
      // A preview, or a create whose name was refused: the drawing shows either way.
      const drawn = await deps.diagrams.previewMermaid(mermaid);
      const nameProblem = creating ? NAME_PROBLEM : undefined;
      return c.html(newMermaidPage({ ...view, preview: drawn, nameProblem }), creating ? 400 : 200);
    } catch (error) {
      const nameProblem = creating && !name.success ? NAME_PROBLEM : undefined;
      if (error instanceof InvalidInputError) {
        return c.html(newMermaidPage({ ...view, nameProblem, chartProblems: error.problems }), 400);
      }
      if (error instanceof NotFoundError) {
        const problem = "That collection no longer exists: the diagram was not created.";
        return c.html(newMermaidPage({ ...view, collection: undefined, problem }), 404);
      }
      if (error instanceof DrawingBusyError) {
        const problem = "The server is busy drawing other diagrams: try again in a few seconds.";
        return c.html(newMermaidPage({ ...view, nameProblem, problem }), 503, {
          "Retry-After": "5",
        });
      }
      if (error instanceof DrawingTimeoutError) {
        const problem = error.message.charAt(0).toUpperCase() + error.message.slice(1);
        return c.html(newMermaidPage({ ...view, nameProblem, problem }), 422);
      }
      throw error;
    }
  });

  return app;
}
