// The refusals every page answers alike, mapped once, as http/error_answers.ts maps the REST API's
// and mcp/tool_context.ts the MCP tools': a page about something that is not there, or is another
// account's, is the not-found page; a form the browser sent in a way the service cannot take (too
// large, the wrong kind, unreadable) is a page saying so, with the same status. A form that words
// a refusal in its own page (a taken name, a restore over a changed diagram, a wrong password)
// catches that refusal itself; anything else a page throws goes on to the service's answers
// (error_answers.ts).
import type { ErrorHandler, MiddlewareHandler } from "hono";
import { HTTPException } from "hono/http-exception";
import { RequestBodyError } from "../../runtime/request_body.ts";
import { NotFoundError } from "../service/errors.ts";
import type { PageEnv } from "../http/page_session.ts";
import { notFoundPage } from "../pages/not_found_page.ts";
import { refusedPage } from "../pages/refused_page.ts";

/** What the not-found page names as missing; "Diagram" unless the route said otherwise. */
export type MissingEnv = { Variables: { missing?: string } };

/** For the routes behind it, the not-found page says `what` is missing ("Revision not found"). */
export function missing(what: string): MiddlewareHandler<MissingEnv> {
  return async (c, next) => {
    c.set("missing", what);
    await next();
  };
}

/**
 * The page routes' onError: a NotFoundError is the not-found page, 404; a body or form refused for
 * what the browser sent is the refused page with its status; the rest is rethrown.
 */
export const answerPageError: ErrorHandler<PageEnv & MissingEnv> = (error, c) => {
  if (error instanceof NotFoundError) {
    return c.html(notFoundPage(c.get("email"), c.get("missing")), 404);
  }
  if (error instanceof RequestBodyError) {
    // A client that trickled its body is not kept on the connection.
    const headers = error.status === 408 ? { Connection: "close" } : undefined;
    return c.html(refusedPage(c.get("email"), error.message), error.status, headers);
  }
  if (error instanceof HTTPException && error.status < 500) {
    return c.html(refusedPage(c.get("email"), error.message), error.status);
  }
  throw error;
};
