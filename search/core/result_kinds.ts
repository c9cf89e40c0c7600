// The kinds of result beside web pages (SearXNG's templates images.html, videos.html, paper.html,
// packages.html): each kind's own fields in their JSON order, cleaned, and the key that tells when
// two engines found the same thing.
import type { EngineResult } from "./engine.ts";
import { collapseWhitespace } from "../../shared/collapse_whitespace.ts";
import type { SearchResult, WebSearchResult } from "./types.ts";
import { cleanUrl, dedupKey } from "./url.ts";

type CommonFields = Omit<WebSearchResult, "template">;

/**
 * The merged result of `raw`'s kind: the common fields with the template in SearXNG's place
 * (after `category`), then the kind's fields, addresses cleaned (http(s) only; an embed https
 * only) and text on one line. Null when an image has no usable address of its own.
 */
export function typedFields(raw: EngineResult, common: CommonFields): SearchResult | null {
  const kind = kindFields(raw);
  if (kind === null) return null;
  const { template, ...extras } = kind;
  const { url, title, content, engine, engines, positions, score, category, ...rest } = common;
  return {
    url,
    title,
    content,
    engine,
    engines,
    positions,
    score,
    category,
    template,
    ...rest,
    ...extras,
  } as SearchResult;
}

type KindFields = Omit<SearchResult, keyof CommonFields> & Partial<SearchResult>;

function kindFields(raw: EngineResult): KindFields | null {
  switch (raw.template) {
    case undefined:
      return { template: "default.html" };
    case "images.html": {
      const img_src = url(raw.img_src);
      if (img_src === null) return null;
      return {
        template: "images.html",
        img_src,
        thumbnail_src: url(raw.thumbnail_src) ?? img_src,
        resolution: text(raw.resolution),
        img_format: text(raw.img_format),
        source: text(raw.source),
        filesize: text(raw.filesize),
      };
    }
    case "videos.html":
      return {
        template: "videos.html",
        iframe_src: httpsUrl(raw.iframe_src),
        length: text(raw.length),
        author: text(raw.author),
      };
    case "paper.html":
      return {
        template: "paper.html",
        authors: texts(raw.authors),
        journal: text(raw.journal),
        publisher: text(raw.publisher),
        doi: doi(raw.doi),
        pdf_url: url(raw.pdf_url),
        type: text(raw.type),
        volume: text(raw.volume),
        pages: text(raw.pages),
      };
    case "packages.html":
      return {
        template: "packages.html",
        package_name: collapseWhitespace(raw.package_name),
        version: text(raw.version),
        maintainer: text(raw.maintainer),
        homepage: url(raw.homepage),
        source_code_url: url(raw.source_code_url),
        tags: texts(raw.tags),
        popularity: text(raw.popularity),
        license_name: text(raw.license_name),
      };
  }
}

/**
 * When two engines found the same thing: an image by its file (two pages may show one image), a
 * paper by its DOI when it has one, everything else by its page; never across kinds.
 */
export function resultKey(result: SearchResult): string {
  switch (result.template) {
    case "images.html":
      return `image ${dedupKey(result.img_src)}`;
    case "paper.html":
      return result.doi === null ? `paper ${dedupKey(result.url)}` : `doi ${result.doi}`;
    default:
      return `${result.template} ${dedupKey(result.url)}`;
  }
}

/**
 * A DOI without its resolver ("https://doi.org/10.1/x" and "doi:10.1/x" are "10.1/x"), in lower
 * case: DOIs are case-insensitive, so two engines' spellings of one match.
 */
export function doi(raw: string | null | undefined): string | null {
  if (!raw) return null;
  let value = raw.trim();
  for (const prefix of ["https://doi.org/", "http://doi.org/", "https://dx.doi.org/", "doi:"]) {
    if (value.toLowerCase().startsWith(prefix)) value = value.slice(prefix.length);
  }
  return value.startsWith("10.") && value.includes("/") ? value.toLowerCase() : null;
}

function url(raw: string | null | undefined): string | null {
  return raw ? cleanUrl(raw) : null;
}

function httpsUrl(raw: string | null | undefined): string | null {
  const cleaned = url(raw);
  return cleaned?.startsWith("https://") ? cleaned : null;
}

function text(raw: string | null | undefined): string | null {
  const value = raw ? collapseWhitespace(raw) : "";
  return value === "" ? null : value;
}

function texts(raw: string[] | undefined): string[] {
  return (raw ?? []).map((value) => collapseWhitespace(value)).filter((value) => value !== "");
}
