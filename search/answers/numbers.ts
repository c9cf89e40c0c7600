// Numbers as people type and read them in their language: "2,5" is two and a half in German,
// "1,000" a thousand in English. Reading is a hand-written scanner (no regular expression on the
// query), writing rounds away binary float noise (0.1 + 0.2 is 0.3) and switches to exponent form
// where a plain number would be longer than it is precise.

export interface NumberStyle {
  /** A BCP 47 tag Intl accepts ("en" when the search has no language). */
  locale: string;
  decimal: string;
  /** "" when the language groups with a space, which a query cannot tell from a separator. */
  group: string;
}

const styles = new Map<string, NumberStyle>();

/** The number style of a search language ("all" and "auto" read and write English numbers). */
export function numberStyle(language: string): NumberStyle {
  const cached = styles.get(language);
  if (cached) return cached;
  let locale = "en";
  try {
    locale = Intl.NumberFormat.supportedLocalesOf([language])[0] ?? "en";
  } catch {
    // "all", "auto" and malformed tags are not locales: English.
  }
  const parts = new Intl.NumberFormat(locale).formatToParts(12345.6);
  const decimal = parts.find((part) => part.type === "decimal")?.value ?? ".";
  const group = parts.find((part) => part.type === "group")?.value ?? "";
  const style = { locale, decimal, group: group.trim() === "" ? "" : group };
  styles.set(language, style);
  return style;
}

const isDigit = (char: string | undefined) => char !== undefined && char >= "0" && char <= "9";

/** How many digits start at `from`. */
function digitsAt(text: string, from: number): number {
  let end = from;
  while (isDigit(text[end])) end++;
  return end - from;
}

/**
 * The number that starts at `start` (digits with the style's groups of three and decimal
 * separator, or a leading decimal separator, and an optional exponent `e±N`), as its value and
 * where it ends; null when no number starts there.
 */
export function readNumber(
  text: string,
  start: number,
  style: NumberStyle,
): { value: number; end: number } | null {
  let at = start;
  let plain = "";
  const lead = digitsAt(text, at);
  plain += text.slice(at, at + lead);
  at += lead;
  // Groups only after one to three leading digits, and only of exactly three digits: "1,000"
  // is a thousand in English, "1,5" is not a number there.
  if (style.group && lead >= 1 && lead <= 3) {
    while (
      text[at] === style.group && digitsAt(text, at + 1) === 3
    ) {
      plain += text.slice(at + 1, at + 4);
      at += 4;
    }
  }
  if (text[at] === style.decimal && isDigit(text[at + 1])) {
    const fraction = digitsAt(text, at + 1);
    plain += "." + text.slice(at + 1, at + 1 + fraction);
    at += 1 + fraction;
  }
  if (plain === "") return null;
  if (text[at] === "e" || text[at] === "E") {
    const sign = text[at + 1] === "-" || text[at + 1] === "+" ? 1 : 0;
    const exponent = digitsAt(text, at + 1 + sign);
    if (exponent > 0) {
      plain += text.slice(at, at + 1 + sign + exponent);
      at += 1 + sign + exponent;
    }
  }
  const value = Number(plain);
  return Number.isFinite(value) ? { value, end: at } : null;
}

/** The whole of `text` as one number (a leading minus allowed), or null. */
export function parseNumber(text: string, style: NumberStyle): number | null {
  const negative = text.startsWith("-") || text.startsWith("\u2212");
  const read = readNumber(text, negative ? 1 : 0, style);
  if (!read || read.end !== text.length) return null;
  return negative ? -read.value : read.value;
}

/** Significant digits kept: enough for any answer, few enough to hide binary float noise. */
const SIGNIFICANT = 12;
const formats = new Map<string, { exact: Intl.NumberFormat; rounded: Intl.NumberFormat }>();

function formatsOf(locale: string) {
  let found = formats.get(locale);
  if (!found) {
    found = {
      exact: new Intl.NumberFormat(locale, { maximumFractionDigits: 0 }),
      rounded: new Intl.NumberFormat(locale, { maximumSignificantDigits: SIGNIFICANT }),
    };
    formats.set(locale, found);
  }
  return found;
}

/**
 * `value` written in the style's language: integers exactly, other numbers to 12 significant
 * digits; exponent form (`1.5e+21`) from 1e15 on when not an exact integer, and below 1e-6; null
 * for a value that is not finite.
 */
export function formatNumber(value: number, style: NumberStyle): string | null {
  if (!Number.isFinite(value)) return null;
  if (value === 0) return "0";
  if (Number.isSafeInteger(value)) return formatsOf(style.locale).exact.format(value);
  const magnitude = Math.abs(value);
  if (magnitude >= 1e15 || magnitude < 1e-6) {
    const [mantissa, exponent] = value.toExponential(SIGNIFICANT - 1).split("e");
    const trimmed = mantissa.replace(/0+$/, "").replace(/\.$/, "");
    return `${trimmed.replace(".", style.decimal)}e${exponent}`;
  }
  return formatsOf(style.locale).rounded.format(value);
}
