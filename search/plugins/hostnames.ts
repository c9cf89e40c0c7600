// The hostnames plugin (SearXNG's `hostnames:` settings): regular expressions searched (not
// full-matched, as SearXNG's `pattern.search`) in a link's host. `replace` rewrites the matches in
// the host of every link of a result, `remove` drops results (and links) on matching hosts,
// `low_priority` / `high_priority` move results down or up the ranking (high wins when both match).
import { MAX_HOST_LENGTH, requiredLiterals, unsafePatternReason } from "./safe_pattern.ts";

/** The `hostnames:` settings, validated: patterns as the operator wrote them. */
export interface HostnameSettings {
  /** [pattern, new host] in the order written: the first matching pattern rewrites. */
  replace: [string, string][];
  remove: string[];
  low_priority: string[];
  high_priority: string[];
}

export const NO_HOSTNAME_RULES: HostnameSettings = {
  replace: [],
  remove: [],
  low_priority: [],
  high_priority: [],
};

export type Priority = "" | "high" | "low";

/**
 * The pattern compiled as JavaScript, after checking its structure. Python's named groups
 * `(?P<name>…)` are written the JavaScript way; anything else must be valid in both. Throws an
 * Error saying why a pattern is refused.
 */
export function compileHostPattern(pattern: string, flags = ""): RegExp {
  const unsafe = unsafePatternReason(pattern);
  if (unsafe !== null) {
    throw new Error(`refused: ${unsafe}; it could take exponential time on a crafted host`);
  }
  try {
    return new RegExp(pattern.replaceAll("(?P<", "(?<"), flags);
  } catch (error) {
    throw new Error(`not a valid regular expression (${(error as Error).message})`);
  }
}

/** A host rule's pattern, and the literals a host must contain for it to be worth running. */
class HostPattern {
  readonly #regex: RegExp;
  readonly #literals: string[];

  constructor(pattern: string, flags = "") {
    this.#regex = compileHostPattern(pattern, flags);
    this.#literals = requiredLiterals(pattern);
  }

  /** The pattern, when it is found in `host`; hosts longer than DNS allows never match. */
  search(host: string): RegExp | null {
    if (host.length > MAX_HOST_LENGTH) return null;
    if (!this.#literals.every((literal) => host.includes(literal))) return null;
    this.#regex.lastIndex = 0;
    return this.#regex.test(host) ? this.#regex : null;
  }
}

export class HostnameRules {
  readonly #replace: { pattern: HostPattern; host: string }[];
  readonly #remove: HostPattern[];
  readonly #low: HostPattern[];
  readonly #high: HostPattern[];

  constructor(settings: HostnameSettings) {
    // `g`: every match in the host is replaced, as Python's `pattern.sub` does.
    this.#replace = settings.replace.map(([pattern, host]) => ({
      pattern: new HostPattern(pattern, "g"),
      host,
    }));
    this.#remove = settings.remove.map((pattern) => new HostPattern(pattern));
    this.#low = settings.low_priority.map((pattern) => new HostPattern(pattern));
    this.#high = settings.high_priority.map((pattern) => new HostPattern(pattern));
  }

  get empty(): boolean {
    return this.#replace.length + this.#remove.length + this.#low.length + this.#high.length === 0;
  }

  removes(url: URL): boolean {
    return matchesAny(this.#remove, url.host);
  }

  /** The link with its host rewritten by the first matching `replace` rule, or as it was. */
  replaced(url: URL): URL {
    const host = url.host;
    for (const { pattern, host: replacement } of this.#replace) {
      const regex = pattern.search(host);
      if (regex === null) continue;
      // A function, so that the new host is taken literally (settings allow host characters only).
      const rewritten = new URL(url);
      rewritten.host = host.replace(regex, () => replacement);
      return rewritten;
    }
    return url;
  }

  priority(url: URL): Priority {
    if (matchesAny(this.#high, url.host)) return "high";
    if (matchesAny(this.#low, url.host)) return "low";
    return "";
  }
}

function matchesAny(patterns: HostPattern[], host: string): boolean {
  return patterns.some((pattern) => pattern.search(host) !== null);
}
