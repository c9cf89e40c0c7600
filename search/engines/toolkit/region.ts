// The language a user asked for ("all", "de", "en-GB", "zh-TW") as the language and country that
// providers build their region, market and UI-language parameters from.

export interface Locale {
  /** Lower-case ISO 639 code, e.g. "en". */
  language: string;
  /** Upper-case ISO 3166 code, e.g. "GB"; null when the tag names none and none is likely. */
  country: string | null;
}

// A bare language still needs a country for region parameters. This is the country CLDR's
// "likely subtags" give for it, so "de" searches the German market rather than the whole world.
const LIKELY_COUNTRY: Record<string, string> = {
  ar: "EG",
  bg: "BG",
  ca: "ES",
  cs: "CZ",
  da: "DK",
  de: "DE",
  el: "GR",
  en: "US",
  es: "ES",
  et: "EE",
  fa: "IR",
  fi: "FI",
  fr: "FR",
  he: "IL",
  hi: "IN",
  hr: "HR",
  hu: "HU",
  id: "ID",
  it: "IT",
  ja: "JP",
  ko: "KR",
  lt: "LT",
  lv: "LV",
  ms: "MY",
  nb: "NO",
  nl: "NL",
  no: "NO",
  pl: "PL",
  pt: "BR",
  ro: "RO",
  ru: "RU",
  sk: "SK",
  sl: "SI",
  sr: "RS",
  sv: "SE",
  th: "TH",
  tr: "TR",
  uk: "UA",
  vi: "VN",
  zh: "CN",
};

const LANGUAGE_TAG = /^([a-z]{2,3})(?:-([a-z]{2}))?$/i;

/**
 * null for "all" and for anything that is not `language[-COUNTRY]` (e.g. script subtags): such
 * searches go to the provider's worldwide setting.
 */
export function localeOf(tag: string): Locale | null {
  if (tag.toLowerCase() === "all") return null;
  const match = LANGUAGE_TAG.exec(tag);
  if (!match) return null;
  const language = match[1].toLowerCase();
  return { language, country: match[2]?.toUpperCase() ?? LIKELY_COUNTRY[language] ?? null };
}
