// A request's parameters, SearXNG's way: the query string and, for POST, a form.
import type { Context } from "hono";

/**
 * Parameters from the query string and, for POST, the form body; the form wins, as in SearXNG.
 * A body that is not a form is ignored rather than refused: clients that POST JSON by mistake
 * still get their query-string search.
 */
export async function requestParams(c: Context): Promise<(name: string) => string | undefined> {
  const query = new URL(c.req.url).searchParams;
  let form: URLSearchParams | null = null;
  if (c.req.method === "POST") {
    const type = c.req.header("content-type") ?? "";
    if (type.startsWith("application/x-www-form-urlencoded")) {
      form = new URLSearchParams(await c.req.text());
    } else if (type.startsWith("multipart/form-data")) {
      form = new URLSearchParams();
      try {
        for (const [name, value] of await c.req.formData()) {
          if (typeof value === "string") form.append(name, value);
        }
      } catch {
        form = null;
      }
    }
  }
  return (name) => form?.get(name) ?? query.get(name) ?? undefined;
}
