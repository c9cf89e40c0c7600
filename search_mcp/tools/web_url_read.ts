// web_url_read: a page as Markdown for the model, with mcp-searxng's parameters. The fetch refuses
// internal addresses (see runtime/public_fetch); the converted page is cached, so reading it in
// slices costs one fetch.
import type { McpServer } from "@modelcontextprotocol/server";
import { z } from "zod";
import { toolSchema } from "../../runtime/mcp/tool_schema.ts";
import { fetchPublic, PublicFetchError, readAll } from "../../runtime/public_fetch/mod.ts";
import { startDeadline } from "../../shared/deadline.ts";
import type { TtlCache } from "../../shared/ttl_cache.ts";
import { UnreadableContentError } from "../reader/unreadable_content_error.ts";
import { selectContent, SelectionError, truncationHint } from "../reader/paging.ts";
import { countArgument, flagArgument } from "./input.ts";
import { errorResult, textResult } from "../../runtime/mcp/results.ts";
import { failureResult } from "./results.ts";

/** web_url_read's arguments: the URL and which part of the page. */
export const inputSchema = z.object({
  url: z.string().trim().min(1, "url must not be empty").max(8192)
    .describe("The http:// or https:// address to read."),
  startChar: countArgument(0, Number.MAX_SAFE_INTEGER)
    .describe("Start at this character of the content (for reading in slices)."),
  maxLength: countArgument(1, Number.MAX_SAFE_INTEGER)
    .describe("Return at most this many characters."),
  section: z.string().max(500).nullish()
    .describe("Only the section under the first heading containing this text."),
  paragraphRange: z.string().max(50).nullish()
    .describe('Only these paragraphs, 1-based: "3", "2-5" or "10-".'),
  readHeadings: flagArgument.describe("Only the headings, as a table of contents."),
});

/** The arguments as validated. */
export type UrlReadInput = z.output<typeof inputSchema>;

/** The page cache and the limits of fetching a page. */
export interface UrlReadDeps {
  cache: TtlCache<string>;
  cacheTtlMs: number;
  fetchTimeoutMs: number;
  maxBytes: number;
  allowPrivate: boolean;
  userAgent: string;
  /** fetchPublic; tests swap in its address policy and resolver to play the internet. */
  fetch?: typeof fetchPublic;
  /** Each page fetch's outcome, for /metrics. */
  countFetch?: (outcome: string) => void;
}

/**
 * The converters (a DOM, Readability, pdf.js) add about 25 MiB to the process: a server that only
 * searches should not carry them, so they load with the first page read.
 */
const converter = () => import("../reader/document.ts");

const ACCEPT =
  "text/html,application/xhtml+xml,application/json;q=0.9,application/pdf;q=0.9,text/*;q=0.8,*/*;q=0.5";

const publishedInput = toolSchema(inputSchema);

/** Registers web_url_read: a page fetched (SSRF-safe) and read as Markdown, in slices. */
export function registerUrlRead(server: McpServer, deps: UrlReadDeps): void {
  server.registerTool("web_url_read", {
    title: "Read a web page",
    description:
      "Fetch a URL and return its main content as Markdown (headings, lists, links, code and " +
      "tables kept; menus, banners and footers dropped). Reads HTML, PDF text, JSON, XML and " +
      "plain text; refuses binary and media files. Long pages come in slices: the answer ends " +
      "with the startChar to continue from. section, paragraphRange and readHeadings select " +
      "parts of the page.",
    inputSchema: publishedInput,
    annotations: { readOnlyHint: true, openWorldHint: true },
  }, async (input: UrlReadInput, ctx) => {
    let url: URL;
    try {
      url = new URL(input.url);
    } catch {
      return errorResult(`Invalid URL "${input.url}": give an absolute http:// or https:// URL.`);
    }
    if (url.protocol !== "http:" && url.protocol !== "https:") {
      return errorResult(`Cannot read ${url.protocol} URLs: only http:// and https:// are read.`);
    }
    url.hash = "";
    try {
      let markdown = deps.cache.get(url.href);
      if (markdown === undefined) {
        const page = await readPage(url, deps, ctx.mcpReq.signal);
        if (typeof page !== "string") return page;
        markdown = page;
        deps.cache.set(url.href, markdown, deps.cacheTtlMs);
      }
      if (markdown === "") {
        return textResult(
          `The page at ${url.href} appears empty after conversion: it may consist of media ` +
            "only or need JavaScript to show its content.",
        );
      }
      const slice = selectContent(markdown, {
        startChar: input.startChar ?? undefined,
        maxLength: input.maxLength ?? undefined,
        section: input.section || undefined,
        paragraphRange: input.paragraphRange || undefined,
        readHeadings: input.readHeadings ?? undefined,
      });
      const hint = slice.nextStart === null
        ? ""
        : `\n\n${truncationHint(slice.nextStart, slice.total)}`;
      return textResult(slice.text + hint);
    } catch (error) {
      if (error instanceof SelectionError) return errorResult(error.message);
      return failureResult("web_url_read", error, ctx.mcpReq.signal);
    }
  });
}

/** The page converted to Markdown, or an error result that says why it could not be read. */
async function readPage(url: URL, deps: UrlReadDeps, signal: AbortSignal) {
  const deadline = startDeadline(deps.fetchTimeoutMs, signal);
  try {
    const response = await (deps.fetch ?? fetchPublic)(url, {
      signal: deadline.signal,
      maxBytes: deps.maxBytes,
      allowPrivate: deps.allowPrivate,
      headers: {
        "User-Agent": deps.userAgent,
        "Accept": ACCEPT,
        "Accept-Language": "en-US,en;q=0.9",
      },
    });
    if (response.status >= 400) {
      await response.body.cancel();
      deps.countFetch?.("http_error");
      return errorResult(pageStatusAdvice(response.status, response.url));
    }
    const bytes = await readAll(response);
    const { convertDocument } = await converter();
    const document = await convertDocument({
      bytes,
      contentType: response.headers.get("content-type"),
      url: response.url.href,
    });
    deps.countFetch?.("ok");
    return document.markdown;
  } catch (error) {
    if (error instanceof PublicFetchError) {
      deps.countFetch?.(error.kind);
      return errorResult(fetchAdvice(error, deps, deadline.expired));
    }
    if (error instanceof UnreadableContentError) {
      deps.countFetch?.("unreadable");
      return errorResult(error.message);
    }
    deps.countFetch?.("failed");
    throw error;
  } finally {
    deadline.clear();
  }
}

function fetchAdvice(error: PublicFetchError, deps: UrlReadDeps, timedOut: boolean): string {
  switch (error.kind) {
    case "blocked":
      return `URL blocked by security policy: ${error.message}. Private, loopback, link-local ` +
        "and other internal addresses are not read.";
    case "timeout":
      return timedOut
        ? `Timeout: ${error.message}. The page took longer than ${deps.fetchTimeoutMs} ms ` +
          "(FETCH_TIMEOUT_MS); retry later."
        : `Cancelled: ${error.message}.`;
    case "too_large":
      return `Content too large: ${error.message}. Pages over ${deps.maxBytes} bytes ` +
        "(URL_READ_MAX_CONTENT_LENGTH_BYTES) are not read.";
    case "dns":
      return `DNS error: ${error.message}. Check the spelling of the host name.`;
    case "tls":
      return `TLS error: ${error.message}. The site's certificate could not be verified.`;
    case "too_many_redirects":
      return `Too many redirects: ${error.message}.`;
    case "invalid_url":
      return `Invalid URL: ${error.message}.`;
    default:
      return `Connection error: ${error.message}. The site did not answer properly; retry later.`;
  }
}

/** A page's error status as what the agent can do: look elsewhere, or retry later. */
function pageStatusAdvice(status: number, url: URL): string {
  const prefix = `${url.host} answered HTTP ${status} for ${url.href}`;
  if (status === 401 || status === 403) {
    return `${prefix}: access denied (login, bot detection or geo-restriction). ` +
      "Try another source for the same content.";
  }
  if (status === 404 || status === 410) return `${prefix}: the page does not exist.`;
  if (status === 429) return `${prefix}: too many requests; retry later.`;
  return status >= 500 ? `${prefix}: the site failed; retry later.` : `${prefix}.`;
}
