// SearXNG's search syntax at the start of a query: `!name` or `!shortcut` picks engines,
// `!category` a category, `:lang` the language, `<N` a timeout (N < 100 seconds, else ms).
// Only leading tokens are syntax, so "css !important" stays a plain query.

export interface SyntaxTargets {
  /** Engine names and shortcuts, mapped to engine names. */
  engineByBang: ReadonlyMap<string, string>;
  categories: ReadonlySet<string>;
}

export interface ParsedQuery {
  /** What is sent to the providers. */
  query: string;
  engines: string[];
  categories: string[];
  language: string | null;
  timeoutLimit: number | null;
}

export const LANGUAGE_TAG = /^[a-z]{2,3}(-[a-zA-Z]{2})?$/;

/** The values SearXNG accepts for `language`: "all", "auto" or a tag such as "en" or "zh-TW". */
export function isLanguage(value: string): boolean {
  return value === "all" || value === "auto" || LANGUAGE_TAG.test(value);
}

export function parseQuerySyntax(raw: string, targets: SyntaxTargets): ParsedQuery {
  const tokens = raw.trim().split(/\s+/).filter((token) => token !== "");
  const parsed: ParsedQuery = {
    query: "",
    engines: [],
    categories: [],
    language: null,
    timeoutLimit: null,
  };
  let index = 0;
  while (index < tokens.length && applyToken(tokens[index], targets, parsed)) index++;
  parsed.query = tokens.slice(index).join(" ");
  // A query made only of syntax ("!wp") searches for its own text, as SearXNG does.
  if (parsed.query === "" && tokens.length > 0) {
    return {
      query: tokens.join(" "),
      engines: [],
      categories: [],
      language: null,
      timeoutLimit: null,
    };
  }
  return parsed;
}

function applyToken(token: string, targets: SyntaxTargets, parsed: ParsedQuery): boolean {
  if (token.startsWith("!") && !token.startsWith("!!")) {
    const name = token.slice(1).toLowerCase().replace(/[_-]/g, " ");
    const engine = targets.engineByBang.get(token.slice(1).toLowerCase()) ??
      targets.engineByBang.get(name);
    if (engine) {
      if (!parsed.engines.includes(engine)) parsed.engines.push(engine);
      return true;
    }
    if (targets.categories.has(name)) {
      if (!parsed.categories.includes(name)) parsed.categories.push(name);
      return true;
    }
    return false;
  }
  if (token.startsWith(":") && parsed.language === null) {
    const tag = token.slice(1);
    if (tag === "all" || LANGUAGE_TAG.test(tag)) {
      parsed.language = tag;
      return true;
    }
    return false;
  }
  if (/^<\d+$/.test(token) && parsed.timeoutLimit === null) {
    const value = Number(token.slice(1));
    if (value === 0) return false;
    parsed.timeoutLimit = value < 100 ? value : value / 1000;
    return true;
  }
  return false;
}
