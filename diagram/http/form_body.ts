// The body of a page's form: urlencoded, size-capped; anything else is refused with a 4xx.
import { HTTPException } from "hono/http-exception";
import { readBodyCapped } from "../../runtime/read_capped.ts";
import { parseMediaType } from "../../shared/media_type.ts";

/** Our forms hold a few short fields; nothing a person types comes near this. */
const FORM_BYTES = 4096;

export async function readForm(request: Request): Promise<Record<string, string>> {
  const type = parseMediaType(request.headers.get("content-type")).essence;
  if (type !== "application/x-www-form-urlencoded") {
    throw new HTTPException(415, { message: "send the form as application/x-www-form-urlencoded" });
  }
  const bytes = await readBodyCapped(request, FORM_BYTES);
  if (bytes === null) throw new HTTPException(413, { message: "the form is too large" });
  return Object.fromEntries(new URLSearchParams(new TextDecoder().decode(bytes)));
}
