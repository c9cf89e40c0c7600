// What every DuckDuckGo vertical shares: its region codes, safe search values, the longest query
// it takes, its bot challenge, and the vqd token (a digest of the query and our browser identity
// that DDG wants before it serves a further page or a JSON vertical), cached per region and query.
import type { EngineContext, EngineQuery } from "../core/engine.ts";
import { type Document, first } from "./toolkit/html.ts";
import { localeOf } from "./toolkit/region.ts";

export const DDG_WORLDWIDE = "wt-wt";

// DDG names its regions "<country>-<language>", except for these.
const REGION_EXCEPTIONS: Record<string, string> = {
  "ar-SA": "xa-ar",
  "ca-ES": "es-ca",
  "en-GB": "uk-en",
  "id-ID": "id-en",
  "ja-JP": "jp-jp",
  "ko-KR": "kr-kr",
  "nb-NO": "no-no",
  "sl-SI": "sl-sl",
  "th-TH": "th-en",
  "vi-VN": "vn-en",
  "zh-HK": "hk-tzh",
  "zh-TW": "tw-tzh",
};

/** DDG's safe search values (`kp`, `p`): off -2, moderate -1, strict 1. */
export const DDG_SAFESEARCH = { 0: "-2", 1: "-1", 2: "1" } as const;

/** DDG refuses queries of 500 characters or more. */
export const DDG_MAX_QUERY_LENGTH = 499;

const VQD_TTL_MS = 60 * 60 * 1000;

/** DDG's region code for a language ("de" is de-de, "en-GB" uk-en), worldwide for "all". */
export function ddgRegion(language: string): string {
  const locale = localeOf(language);
  if (!locale?.country) return DDG_WORLDWIDE;
  return REGION_EXCEPTIONS[`${locale.language}-${locale.country}`] ??
    `${locale.country}-${locale.language}`.toLowerCase();
}

function vqdKey(query: EngineQuery): string {
  return `vqd:${ddgRegion(query.language)}:${query.query}`;
}

/** The vqd this engine last got for the query in its region, if it is still fresh. */
export function cachedVqd(query: EngineQuery, context: EngineContext): string | null {
  return context.tokens.get(vqdKey(query)) ?? null;
}

/** Keeps a vqd for an hour, for the next page or the next search of the same query. */
export function storeVqd(query: EngineQuery, context: EngineContext, vqd: string): void {
  context.tokens.set(vqdKey(query), vqd, VQD_TTL_MS);
}

/** DDG's bot challenge (a form to solve, or the "anomaly" modal). */
export function isDdgChallenge(doc: Document): boolean {
  return first(doc, "form#challenge-form, div.anomaly-modal__modal") !== null;
}

/** Drops a vqd DDG no longer takes, so the next search asks for a fresh one. */
export function forgetVqd(query: EngineQuery, context: EngineContext): void {
  context.tokens.set(vqdKey(query), "", 0);
}
