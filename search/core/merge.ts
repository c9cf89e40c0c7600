// Fuses what the engines of one search returned into SearXNG's result lists: one result per page
// (by `dedupKey`), ranked by how many engines found it, how high and how much they are trusted.
// Results of one kind merge with their own kind only: an image with the same image (by its file's
// address, whichever page showed it), a paper with the same paper (by DOI when it has one), the
// rest by their page's address.
import type { EngineInfobox, EngineResult, EngineResults } from "./engine.ts";
import { collapseWhitespace } from "../../shared/collapse_whitespace.ts";
import type { Answer, Infobox, SearchOutcome, SearchResult } from "./types.ts";
import { resultKey, typedFields } from "./result_kinds.ts";
import { cleanedUrl, cleanUrl, dedupKey, parsedUrl } from "./url.ts";
import { applyRules, NO_RULES, type ResultRules, ruledLink } from "../plugins/result_rules.ts";
import { DATE_UNIT_MS, DATE_UNITS } from "../../shared/approximate_date.ts";

export interface EngineOutput {
  /** The configured engine name. */
  engine: string;
  weight: number;
  category: string;
  results: EngineResults;
}

export type MergedResults = Omit<SearchOutcome, "query" | "unresponsive_engines">;

/**
 * `outputs` in configured engine order, which makes ties and "first engine" deterministic. The
 * plugins' `rules` apply to each result before it is merged, as SearXNG's `on_result` hooks do.
 */
export function mergeResults(outputs: EngineOutput[], rules = NO_RULES): MergedResults {
  const weights = new Map(outputs.map((output) => [output.engine, output.weight]));
  return {
    results: mergeMainResults(outputs, weights, rules),
    answers: mergeAnswers(outputs, rules),
    corrections: uniqueStrings(outputs.flatMap((output) => output.results.corrections)),
    infoboxes: mergeInfoboxes(outputs, weights, rules),
    suggestions: uniqueStrings(outputs.flatMap((output) => output.results.suggestions)),
  };
}

function mergeMainResults(
  outputs: EngineOutput[],
  weights: Map<string, number>,
  rules: ResultRules,
): SearchResult[] {
  const byKey = new Map<string, SearchResult>();
  for (const output of outputs) {
    let position = 0;
    for (const raw of output.results.results) {
      const url = cleanedUrl(raw.url);
      if (!url) continue;
      const normalised = normalise(raw, url, output);
      const result = normalised && applyRules(normalised, rules);
      // A result a plugin removed takes no place in the engine's list (SearXNG counts after them).
      if (normalised !== null && result === null) continue;
      position++;
      if (result === null) continue;
      const key = resultKey(result);
      const existing = byKey.get(key);
      if (existing) {
        mergeDuplicate(existing, result, position);
      } else {
        result.positions.push(position);
        byKey.set(key, result);
      }
    }
  }
  const results = [...byKey.values()];
  for (const result of results) result.score = score(result, weights);
  // Array.prototype.sort is stable, so equal scores keep the order they were first seen in.
  return results.sort((a, b) => b.score - a.score);
}

/**
 * A result in its final shape (its field order is the JSON order), at its cleaned URL; null for
 * a result of a kind whose own address (an image's file) is not a usable http(s) URL.
 */
function normalise(raw: EngineResult, url: URL, output: EngineOutput): SearchResult | null {
  const title = collapseWhitespace(raw.title);
  const common = {
    url: url.href,
    title,
    content: contentBesideTitle(collapseWhitespace(raw.content), title),
    engine: output.engine,
    engines: [output.engine],
    positions: [],
    score: 0,
    category: output.category,
    parsed_url: parsedUrl(url),
    ...publishedFields(raw),
    thumbnail: optionalUrl(
      raw.template === undefined || raw.template === "videos.html"
        ? raw.thumbnail
        : raw.template === "images.html"
        ? raw.thumbnail_src ?? raw.img_src
        : null,
    ),
    img_src: optionalUrl(
      raw.template === undefined || raw.template === "images.html" ? raw.img_src : null,
    ),
    priority: "" as const,
  };
  return typedFields(raw, common);
}

function mergeDuplicate(existing: SearchResult, newcomer: SearchResult, position: number): void {
  if (newcomer.title.length > existing.title.length) existing.title = newcomer.title;
  if (newcomer.content.length > existing.content.length) existing.content = newcomer.content;
  // A longer title from one engine may now repeat the content of another.
  existing.content = contentBesideTitle(existing.content, existing.title);
  existing.thumbnail ??= newcomer.thumbnail;
  existing.img_src ??= newcomer.img_src;
  if (dateRank(newcomer) < dateRank(existing)) {
    existing.publishedDate = newcomer.publishedDate;
    existing.publishedDatePrecision = newcomer.publishedDatePrecision;
  }
  fillMissing(existing, newcomer);
  if (!existing.engines.includes(newcomer.engine)) existing.engines.push(newcomer.engine);
  existing.positions.push(position);
  // The newcomer's own URL rather than a rewritten scheme: it is a link an upstream really served.
  if (existing.parsed_url[0] === "http" && newcomer.parsed_url[0] === "https") {
    existing.url = newcomer.url;
    existing.parsed_url = newcomer.parsed_url;
  }
}

/** A kind's own fields one engine left empty and another filled (an image's size, a DOI …). */
function fillMissing(existing: SearchResult, newcomer: SearchResult): void {
  const target = existing as unknown as Record<string, unknown>;
  for (const [field, value] of Object.entries(newcomer)) {
    const current = target[field];
    if (current === null && value !== null) target[field] = value;
    else if (Array.isArray(current) && Array.isArray(value) && value.length > current.length) {
      target[field] = value;
    }
  }
}

/**
 * SearXNG's ranking: (Π engine weights) × hits × Σ 1/position; a "high" priority counts every hit
 * as a first place (Σ 1), a "low" one scores 0.
 */
function score(result: SearchResult, weights: Map<string, number>): number {
  if (result.priority === "low") return 0;
  const weight = result.engines.reduce(
    (product, engine) => product * (weights.get(engine) ?? 1),
    1,
  );
  const closeness = result.positions.reduce(
    (sum, position) => sum + (result.priority === "high" ? 1 : 1 / position),
    0,
  );
  return weight * result.positions.length * closeness;
}

function contentBesideTitle(content: string, title: string): string {
  return content === title ? "" : content;
}

type DateFields = Pick<SearchResult, "publishedDate" | "publishedDatePrecision">;

/**
 * The date in ISO form; one counted back from "2 years ago" with its unit, and cut to the day (to
 * its unit when finer): the search's own time of day, two years back, is no fact about the page.
 * Dates before 1900 are upstream placeholders (SearXNG drops them too). The unit's key is always
 * there, after the date, so that a unit a duplicate brings later keeps that place; JSON leaves it
 * out while it is undefined.
 */
function publishedFields(raw: EngineResult): DateFields {
  const date = raw.publishedDate;
  if (!date || Number.isNaN(date.getTime()) || date.getUTCFullYear() < 1900) {
    return { publishedDate: null, publishedDatePrecision: undefined };
  }
  const unit = raw.publishedDatePrecision;
  if (!unit) return { publishedDate: date.toISOString(), publishedDatePrecision: undefined };
  const step = unit === "month" || unit === "year"
    ? DATE_UNIT_MS.day
    : Math.min(DATE_UNIT_MS[unit], DATE_UNIT_MS.day);
  const cut = new Date(Math.floor(date.getTime() / step) * step);
  return { publishedDate: cut.toISOString(), publishedDatePrecision: unit };
}

/** Lower is better: an engine's own date, then counted-back ones by unit, finest first; none. */
function dateRank(result: DateFields): number {
  if (result.publishedDate === null) return Infinity;
  const unit = result.publishedDatePrecision;
  return unit ? 1 + DATE_UNITS.indexOf(unit) : 0;
}

function optionalUrl(raw: string | null | undefined): string | null {
  return raw ? cleanUrl(raw) : null;
}

function mergeAnswers(outputs: EngineOutput[], rules: ResultRules): Answer[] {
  const answers = new Map<string, Answer>();
  for (const output of outputs) {
    for (const { answer, url } of output.results.answers) {
      if (answers.has(answer)) continue;
      const link = ruledLink(optionalUrl(url), rules);
      answers.set(answer, {
        url: link,
        engine: output.engine,
        parsed_url: link === null ? null : parsedUrl(link),
        template: "answer/legacy.html",
        answer,
      });
    }
  }
  return [...answers.values()];
}

function mergeInfoboxes(
  outputs: EngineOutput[],
  weights: Map<string, number>,
  rules: ResultRules,
): Infobox[] {
  const infoboxes: Infobox[] = [];
  const byId = new Map<string, Infobox>();
  for (const output of outputs) {
    for (const raw of output.results.infoboxes) {
      const box = cleanInfobox(raw, output.engine, rules);
      // Boxes without an id cannot be told apart from unrelated ones, so they are never merged.
      const key = raw.id === "" ? null : dedupKey(raw.id);
      const existing = key === null ? undefined : byId.get(key);
      if (existing) {
        mergeInfobox(existing, box, weights);
        continue;
      }
      infoboxes.push(box);
      if (key !== null) byId.set(key, box);
    }
  }
  return infoboxes;
}

/** The box in its final shape, keeping only links that can be rendered safely, after the rules. */
function cleanInfobox(raw: EngineInfobox, engine: string, rules: ResultRules): Infobox {
  const urls: Infobox["urls"] = [];
  for (const link of raw.urls) {
    const url = ruledLink(cleanUrl(link.url), rules);
    if (url) addUrl(urls, { title: link.title, url });
  }
  const attributes: Infobox["attributes"] = [];
  for (const attribute of raw.attributes) addAttribute(attributes, attribute);
  return {
    infobox: raw.infobox,
    id: raw.id,
    content: raw.content,
    img_src: ruledLink(optionalUrl(raw.img_src), rules),
    urls,
    attributes,
    engine,
    engines: [engine],
  };
}

function mergeInfobox(existing: Infobox, newcomer: Infobox, weights: Map<string, number>): void {
  const outweighs = (weights.get(newcomer.engine) ?? 1) > (weights.get(existing.engine) ?? 1);
  if (newcomer.content.length > existing.content.length) existing.content = newcomer.content;
  if (newcomer.img_src && (!existing.img_src || outweighs)) existing.img_src = newcomer.img_src;
  for (const link of newcomer.urls) addUrl(existing.urls, link);
  for (const attribute of newcomer.attributes) addAttribute(existing.attributes, attribute);
  if (!existing.engines.includes(newcomer.engine)) existing.engines.push(newcomer.engine);
  if (outweighs) existing.engine = newcomer.engine;
}

function addUrl(urls: Infobox["urls"], link: Infobox["urls"][number]): void {
  const key = dedupKey(link.url);
  if (!urls.some((known) => dedupKey(known.url) === key)) urls.push(link);
}

function addAttribute(
  attributes: Infobox["attributes"],
  attribute: Infobox["attributes"][number],
): void {
  if (!attributes.some((known) => known.label === attribute.label)) attributes.push(attribute);
}

/** Trimmed, non-empty, each once, in the order the engines gave them. */
function uniqueStrings(values: string[]): string[] {
  return [...new Set(values.map((value) => value.trim()).filter((value) => value !== ""))];
}
