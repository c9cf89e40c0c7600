// Which links an element may carry (Excalidraw's `link`, followed when a person clicks the
// element): web addresses only. A `javascript:` link runs its script in the page that follows it,
// and a `data:` or `vbscript:` one shows or runs what the drawing's author chose; a drawing can
// come from anyone (an import, an agent, a script with a token), so none is stored. The link is
// read as browsers read an href: the scheme in any case, tabs and line breaks inside and control
// characters or spaces around it ignored, a relative link resolved against the page.

import { isRecord } from "../../../shared/is_record.ts";

const WEB_SCHEMES = new Set(["http:", "https:", "mailto:"]);

/** Any origin of ours: a relative link (a path, `?element=…`) stays in the gallery. */
const GALLERY = "https://gallery.invalid/d/";

/** What Excalidraw's editor stores in place of a link it will not follow: harmless. */
const EDITOR_BLANK = "about:blank";

export const LINK_RULE = "link must be empty or a web address (http:, https: or mailto:, or a " +
  "path in this gallery)";

/** Whether `link` (an element's `link` field as sent) may be stored. */
export function isAcceptedLink(link: unknown): boolean {
  if (link == null || link === "" || link === EDITOR_BLANK) return true;
  if (typeof link !== "string") return false;
  const url = URL.parse(link, GALLERY);
  return url !== null && WEB_SCHEMES.has(url.protocol);
}

/**
 * `elements` with every link that may not be stored taken out (null), for writes that cannot
 * refuse: a collaboration room's save (a peer's element must not keep everyone's edits from being
 * saved) and contents an earlier version stored (kept hand-drawn elements, a restored revision).
 * The same array when there is none; what is not an element is left for validation to report.
 */
export function withoutUnsafeLinks<T>(elements: T[]): T[] {
  const unsafe = (element: unknown) => isRecord(element) && !isAcceptedLink(element.link);
  if (!elements.some(unsafe)) return elements;
  return elements.map((element) => unsafe(element) ? { ...element, link: null } : element);
}
