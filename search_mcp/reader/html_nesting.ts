// How deeply and how heavily an HTML document nests, from one pass of the tokenizer linkedom
// itself builds on, before any DOM exists.
import { Parser } from "htmlparser2";

/** How deeply a document's elements nest. */
export interface HtmlNesting {
  maxDepth: number;
  /** The number of ancestors summed over all elements. */
  ancestorCount: number;
}

/** `html`'s nesting, measured without building a DOM. */
export function measureNesting(html: string): HtmlNesting {
  let depth = 0;
  let maxDepth = 0;
  let ancestorCount = 0;
  const parser = new Parser({
    onopentag() {
      ancestorCount += depth;
      depth++;
      maxDepth = Math.max(maxDepth, depth);
    },
    onclosetag() {
      depth--;
    },
  }, { decodeEntities: false });
  parser.end(html);
  return { maxDepth, ancestorCount };
}
