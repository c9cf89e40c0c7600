// Removes what is never the article from a page: invisible and non-text elements, site chrome
// (navigation, site header and footer, sidebars) and blocks whose id or class names a
// well-known kind of clutter (cookie banners, share bars, newsletters, ads, related links).
import type { DomDocument, DomElement } from "./dom.ts";

const INVISIBLE_OR_NOT_TEXT = [
  "script",
  "style",
  "noscript",
  "template",
  "svg",
  "iframe",
  "canvas",
  "object",
  "embed",
  "button",
  "input",
  "select",
  "textarea",
  "label",
  "dialog",
  "[hidden]",
  '[aria-hidden="true"]',
  '[style*="display:none"]',
  '[style*="display: none"]',
  '[role="dialog"]',
  '[role="alertdialog"]',
  '[role="search"]',
].join(",");

const SITE_CHROME = [
  "nav",
  "footer",
  '[role="navigation"]',
  '[role="banner"]',
  '[role="contentinfo"]',
  '[role="complementary"]',
].join(",");

/** A <header> in the main content holds its title and lede, an <aside> in an article a note. */
const OUTSIDE_CONTENT: readonly { selector: string; keptInside: string }[] = [
  { selector: "header", keptInside: 'article, main, [role="main"]' },
  { selector: "aside", keptInside: "article" },
];

const CONTENT_CONTAINERS = 'article, main, [role="main"], [itemprop="articleBody"]';

/** Words in an id or class name that mark clutter, matched whole ("share", not "shared"). */
const CLUTTER_WORDS = new Set([
  "ad",
  "ads",
  "adsense",
  "advert",
  "adverts",
  "advertisement",
  "banner",
  "breadcrumb",
  "breadcrumbs",
  "comment",
  "comments",
  "consent",
  "cookie",
  "cookies",
  "disqus",
  "editsection",
  "feedback",
  "gdpr",
  "modal",
  "newsletter",
  "popup",
  "promo",
  "promotion",
  "related",
  "share",
  "sharebar",
  "sharing",
  "sidebar",
  "social",
  "sponsor",
  "sponsored",
  "subscribe",
  "subscription",
]);

/** Prefixes of words that are clutter however they continue ("cookiebar", "newsletterbox"). */
const CLUTTER_PREFIXES =
  /^(?:cookie|consent|gdpr|newsletter|sidebar|breadcrumb|advert|popup|subscribe)/;

/**
 * A clutter-named block holding more than this share of the page's text (and more than a
 * banner's worth of it) is a layout wrapper with a misleading name ("has-sidebar"), never
 * clutter: removing it would remove the article.
 */
const WRAPPER_TEXT_SHARE = 0.5;
const WRAPPER_MIN_TEXT = 500;

/** Removes, in place, the elements of `document` that are never its article (see above). */
export function removeBoilerplate(document: DomDocument): void {
  const body = document.body;
  for (const element of Array.from(body.querySelectorAll(INVISIBLE_OR_NOT_TEXT))) {
    element.remove();
  }
  const wrapperTextLength = Math.max(WRAPPER_MIN_TEXT, textLength(body) * WRAPPER_TEXT_SHARE);
  const holdsContent = (element: DomElement) =>
    element.matches(CONTENT_CONTAINERS) || element.querySelector(CONTENT_CONTAINERS) !== null;

  const chrome = [
    ...Array.from(body.querySelectorAll(SITE_CHROME)),
    ...OUTSIDE_CONTENT.flatMap(({ selector, keptInside }) =>
      Array.from(body.querySelectorAll(selector))
        .filter((element) => element.parentElement?.closest(keptInside) == null)
    ),
  ].filter((element) => !holdsContent(element));
  const clutter = Array.from(body.querySelectorAll("[id], [class]"))
    .filter((element) => namesClutter(element) && !holdsContent(element))
    .filter((element) => textLength(element) <= wrapperTextLength);
  // An element inside one removed before is gone already; removing it again is harmless.
  for (const element of [...chrome, ...clutter]) element.remove();
}

function namesClutter(element: DomElement): boolean {
  const names = `${element.getAttribute("id") ?? ""} ${element.getAttribute("class") ?? ""}`;
  return names
    .split(/[\s_-]+|(?<=[a-z])(?=[A-Z])/)
    .map((word) => word.toLowerCase())
    .some((word) => CLUTTER_WORDS.has(word) || CLUTTER_PREFIXES.test(word));
}

function textLength(element: DomElement): number {
  return (element.textContent ?? "").replace(/\s+/g, "").length;
}
