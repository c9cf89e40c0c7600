// The body of a page's form: urlencoded, size-capped, read as every request body is
// (runtime/request_body.ts); its refusals are answered in error_answers.ts.
import { readFormRequest } from "../../runtime/request_body.ts";

/** Our forms hold a few short fields; nothing a person types comes near this. */
const FORM_BYTES = 4096;

export interface FormLimits {
  /** For a form that carries a text of its own (a Mermaid chart): its cap, and the 413's reason. */
  maxBytes?: number;
  tooLarge?: string;
}

export async function readForm(
  request: Request,
  { maxBytes = FORM_BYTES, tooLarge = "the form is too large" }: FormLimits = {},
): Promise<Record<string, string>> {
  return Object.fromEntries(await readFormRequest(request, maxBytes, { tooLarge }));
}
