// An HTML page to Markdown: the main content picked by Readability, or, when it finds little or
// nothing, the whole body without boilerplate; both serialized by our own serializer.
import { Readability } from "@mozilla/readability";
import { collapseWhitespace } from "../../shared/collapse_whitespace.ts";
import { removeBoilerplate } from "./boilerplate.ts";
import { type DomDocument, type DomElement, parseHtmlDocument } from "./dom.ts";
import { measureNesting } from "./html_nesting.ts";
import { findHeadings } from "./markdown_structure.ts";
import { elementToMarkdown } from "./markdown_serializer.ts";
import { UnreadableContentError } from "./unreadable_content_error.ts";

/** Below this, Readability has probably picked a fragment (a caption, one FAQ answer). */
const MIN_ARTICLE_CHARS = 200;

/**
 * Readability re-reads the text of every ancestor of every element, so its time grows with
 * their sum: about 10 µs per ancestor on linkedom, and ordinary pages stay below 5,000. Above
 * this budget (a second or more of synchronous work) the cleaned body is read instead.
 */
const READABILITY_ANCESTOR_BUDGET = 200_000;

/** Far beyond any real page; deeper nesting would overflow the serializer's recursion. */
const MAX_NESTING_DEPTH = 1_000;

/** An HTML page's title and its article as Markdown. */
export interface HtmlConversion {
  title: string | null;
  markdown: string;
}

/** Throws UnreadableContentError for HTML nested too deeply to read. */
export function htmlToMarkdown(html: string, pageUrl: string): HtmlConversion {
  const nesting = measureNesting(html);
  if (nesting.maxDepth > MAX_NESTING_DEPTH) {
    throw new UnreadableContentError(
      `the page's HTML is nested ${nesting.maxDepth} elements deep, ` +
        `more than the ${MAX_NESTING_DEPTH.toLocaleString("en-US")} web_url_read can read`,
    );
  }
  const document = parseHtmlDocument(html);
  const baseUrl = documentBaseUrl(document, pageUrl);
  const pageTitle = titleOf(document);
  removeBoilerplate(document);
  const headline = soleHeadline(document);
  let article = null;
  let markdown: string;
  if (nesting.ancestorCount > READABILITY_ANCESTOR_BUDGET) {
    markdown = elementToMarkdown(document.body, baseUrl);
  } else {
    article = readArticle(document);
    markdown = article ? elementToMarkdown(article.content, baseUrl) : "";
    if (markdown.length < MIN_ARTICLE_CHARS) {
      // Readability rearranged the document, so the fallback starts from a fresh parse.
      const fallback = cleanedBodyMarkdown(html, baseUrl);
      if (fallback.length > markdown.length) markdown = fallback;
    }
  }
  const title = preferHeadline([article?.title?.trim() || null, pageTitle], headline);
  return {
    title,
    markdown: markdown === "" ? "" : withTitleHeading(markdown, [title, headline]),
  };
}

function readArticle(document: DomDocument): { title: string | null; content: DomElement } | null {
  let article;
  try {
    article = new Readability<DomElement>(document as never, {
      // Classes carry the language of code blocks.
      keepClasses: true,
      serializer: (node) => node as unknown as DomElement,
    }).parse();
  } catch {
    // Readability was written for browser DOMs; where linkedom differs, the fallback still reads.
    return null;
  }
  return article?.content ? { title: article.title ?? null, content: article.content } : null;
}

function cleanedBodyMarkdown(html: string, baseUrl: string): string {
  const document = parseHtmlDocument(html);
  removeBoilerplate(document);
  return elementToMarkdown(document.body, baseUrl);
}

/** The text of the page's only <h1>, read before Readability turns headings into <h2>s. */
function soleHeadline(document: DomDocument): string | null {
  const headlines = document.body.querySelectorAll("h1");
  return headlines.length === 1 ? collapseWhitespace(headlines[0].textContent ?? "") || null : null;
}

/**
 * "Headline | Site name" titles shrink to the headline; other titles stay as they are. Both
 * Readability's title and the page's <title> are checked, as Readability sometimes keeps only
 * the part after a colon.
 */
function preferHeadline(titles: (string | null)[], headline: string | null): string | null {
  const [title = null] = titles.filter((candidate) => candidate !== null);
  const containsHeadline = (candidate: string | null) =>
    candidate !== null && headline !== null &&
    candidate.toLowerCase().includes(headline.toLowerCase());
  return titles.some(containsHeadline) ? headline : title;
}

function documentBaseUrl(document: DomDocument, pageUrl: string): string {
  const base = document.querySelector("base[href]")?.getAttribute("href") ?? "";
  return base !== "" && URL.canParse(base, pageUrl) ? new URL(base, pageUrl).href : pageUrl;
}

function titleOf(document: DomDocument): string | null {
  const title = collapseWhitespace(document.title) ||
    collapseWhitespace(document.querySelector("h1")?.textContent ?? "");
  return title === "" ? null : title;
}

/**
 * The title appears once, as the top heading. Readability strips a leading heading that repeats
 * the title and turns <h1>s into <h2>s; pages without headings set their title in a plain block.
 * So a first line that is the title or the page's headline becomes the top heading, and a title
 * found nowhere is added.
 */
function withTitleHeading(markdown: string, names: (string | null)[]): string {
  const [title] = names;
  if (title === null) return markdown;
  const first = /^(?:#{1,6} +)?(.*)(?=\n\n|$)/.exec(markdown);
  const firstLine = first?.[1] ?? "";
  if (first && names.some((name) => name !== null && sameText(firstLine, name))) {
    return `# ${firstLine.replace(/^\*\*(.*)\*\*$/, "$1")}${markdown.slice(first[0].length)}`;
  }
  if (findHeadings(markdown).some((heading) => sameText(heading.text, title))) return markdown;
  return `# ${title}\n\n${markdown}`;
}

function sameText(a: string, b: string): boolean {
  const normalize = (text: string) => text.replace(/[*_`\s]+/g, " ").trim().toLowerCase();
  return normalize(a) === normalize(b);
}
