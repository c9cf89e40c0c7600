// The `time_zone` plugin: "time in Tokyo", "clock Berlin" → "Asia/Tokyo: Sunday, 29 November
// 2026 at 06:05 (GMT+9)". SearXNG asks a place database; we look the place up among the runtime's
// own IANA zones (their city part, case and accents ignored, spaces for underscores) and a few
// names that are no zone's city, so there is no network and no data file.
import type { AnswerContext } from "./answerer.ts";

/** SearXNG's keywords: the query's first word must be one of them. */
const KEYWORDS = new Set(["time", "timezone", "now", "clock", "timezones"]);
/** "time in Tokyo", "time at the office"… */
const LINKS = new Set(["in", "at", "for"]);
const MAX_QUERY_LENGTH = 100;

/** Places people ask for that no zone is named after (and the runtime's old spellings). */
const ALIASES: Record<string, string> = {
  "san francisco": "America/Los_Angeles",
  "seattle": "America/Los_Angeles",
  "california": "America/Los_Angeles",
  "washington": "America/New_York",
  "boston": "America/New_York",
  "miami": "America/New_York",
  "atlanta": "America/New_York",
  "dallas": "America/Chicago",
  "houston": "America/Chicago",
  "beijing": "Asia/Shanghai",
  "china": "Asia/Shanghai",
  "india": "Asia/Kolkata",
  "kolkata": "Asia/Kolkata",
  "delhi": "Asia/Kolkata",
  "new delhi": "Asia/Kolkata",
  "mumbai": "Asia/Kolkata",
  "bangalore": "Asia/Kolkata",
  "kyiv": "Europe/Kyiv",
  "ho chi minh city": "Asia/Ho_Chi_Minh",
  "japan": "Asia/Tokyo",
  "germany": "Europe/Berlin",
  "munich": "Europe/Berlin",
  "france": "Europe/Paris",
  "uk": "Europe/London",
  "england": "Europe/London",
  "utc": "UTC",
  "gmt": "UTC",
};

/** A place name as it is compared: lower case, no accents, underscores as spaces. */
function folded(name: string): string {
  return name.normalize("NFD").replace(/\p{M}/gu, "").toLowerCase().replaceAll("_", " ");
}

let zonesByPlace: Map<string, string> | null = null;

/** Built at the first time question: "tokyo" → Asia/Tokyo, "asia/tokyo" too. */
function zoneIndex(): Map<string, string> {
  if (zonesByPlace) return zonesByPlace;
  const index = new Map<string, string>();
  for (const zone of Intl.supportedValuesOf("timeZone")) {
    index.set(folded(zone), zone);
    const city = folded(zone.slice(zone.lastIndexOf("/") + 1));
    if (!index.has(city)) index.set(city, zone);
  }
  // An alias whose zone this runtime's ICU does not know would throw when formatting: left out.
  for (const [place, zone] of Object.entries(ALIASES)) {
    if (knownZone(zone)) index.set(place, zone);
  }
  zonesByPlace = index;
  return index;
}

function knownZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat("en", { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/** Formatters by locale and zone: building one costs more than the rest of an answer. */
const formatters = new Map<string, { when: Intl.DateTimeFormat; zone: Intl.DateTimeFormat }>();
const MAX_FORMATTERS = 64;

function formattersFor(locale: string, zone: string) {
  const key = `${locale} ${zone}`;
  let found = formatters.get(key);
  if (!found) {
    if (formatters.size >= MAX_FORMATTERS) formatters.clear();
    found = {
      when: new Intl.DateTimeFormat(locale, {
        timeZone: zone,
        dateStyle: "full",
        timeStyle: "short",
      }),
      zone: new Intl.DateTimeFormat(locale, { timeZone: zone, timeZoneName: "short" }),
    };
    formatters.set(key, found);
  }
  return found;
}

function localTime(zone: string, context: AnswerContext): string {
  let locale = "en";
  try {
    locale = Intl.DateTimeFormat.supportedLocalesOf([context.language])[0] ?? "en";
  } catch {
    // "all" and "auto" are not locales.
  }
  const format = formattersFor(locale, zone);
  const name = format.zone.formatToParts(context.now)
    .find((part) => part.type === "timeZoneName")?.value;
  return `${zone.replaceAll("_", " ")}: ${format.when.format(context.now)}${
    name ? ` (${name})` : ""
  }`;
}

export function timeZone(query: string, context: AnswerContext): string | null {
  if (query.length > MAX_QUERY_LENGTH) return null;
  const words = query.trim().split(" ");
  if (!KEYWORDS.has(words[0].toLowerCase())) return null;
  const rest = words.slice(1).filter((word) => !KEYWORDS.has(word.toLowerCase()));
  if (rest.length > 0 && LINKS.has(rest[0].toLowerCase())) rest.shift();
  // "time" alone: the instance knows no place of the person's, so it says UTC, by name.
  if (rest.length === 0) return localTime("UTC", context);
  const zone = zoneIndex().get(folded(rest.join(" ")));
  return zone ? localTime(zone, context) : null;
}
