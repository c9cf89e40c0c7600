// One way to write HTML for every page: hono's `html` tag (interpolations are escaped, nested
// fragments are kept), made synchronous because no page of ours awaits anything while rendering.
import { html as honoHtml, raw } from "hono/html";
import type { HtmlEscapedString } from "hono/utils/html";

/** A rendered, already-escaped fragment; interpolate it into `html` as is. */
export type Html = HtmlEscapedString;

/**
 * Our templates' text without the source indentation after each line break: a gallery page is a
 * fifth smaller. Only the literal text is touched, never an interpolated value, so a <pre> that
 * shows a value keeps it exactly; no template of ours writes a <pre> or <textarea> literally.
 */
const unindented = new WeakMap<TemplateStringsArray, TemplateStringsArray>();

function unindent(strings: TemplateStringsArray): TemplateStringsArray {
  let out = unindented.get(strings);
  if (out === undefined) {
    const text = strings.map((part) => part.replace(/\n[ \t]+/g, "\n"));
    out = Object.assign(text, { raw: text }) as unknown as TemplateStringsArray;
    unindented.set(strings, out);
  }
  return out;
}

export function html(strings: TemplateStringsArray, ...values: unknown[]): Html {
  const out = honoHtml(unindent(strings), ...values);
  // Only a Promise among the values makes hono go async; that would be a bug in a page module.
  if (out instanceof Promise) throw new TypeError("a page fragment must not be asynchronous");
  return out;
}

type AttributeValue = string | number | boolean | null | undefined;

/**
 * Attributes that may be absent: `true` writes a bare boolean attribute, `false`/null/undefined
 * leave it out, anything else is escaped. Each comes with its leading space. (Names are ours,
 * never upstream text.)
 */
export function attrs(values: Record<string, AttributeValue>): Html {
  let out = "";
  for (const [name, value] of Object.entries(values)) {
    if (value === true) out += ` ${name}`;
    else if (value !== false && value !== null && value !== undefined) {
      out += ` ${name}="${html`${value}`}"`;
    }
  }
  return raw(out);
}

/**
 * A value as JSON for a `<script type="application/json">` block: every "<" escaped, so nothing in
 * the value ("</script>", "<!--") can end the block or change how it is parsed.
 */
export function jsonInScript(value: unknown): Html {
  return raw(JSON.stringify(value).replace(/</g, "\\u003c"));
}
