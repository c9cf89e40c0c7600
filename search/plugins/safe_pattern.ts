// The operator's host patterns (hostnames plugin) run against hosts that upstream pages chose, so a
// pattern that backtracks catastrophically would let any result stall a search. JavaScript's
// RegExp has no linear-time mode, so each pattern is checked by its structure at start, and the
// host it runs on is bounded in length (MAX_HOST_LENGTH):
//   - a repeated group (`*`, `+`, `{2,}` …) may hold no repetition and no alternation at any depth:
//     `(a+)+`, `(a*)*`, `(a|a)*`, `(.*a){20}` are the exponential cases (the engine can split the
//     same text among the repetitions in exponentially many ways);
//   - two unbounded repetitions (or long ones such as `{1,100}`, which backtrack as much) may not
//     follow one another without a required atom between them (`.*.*`, `\w+\w*`; `a+b+` is
//     refused too, since whether two sets overlap is not checked): each such pair multiplies the
//     work by the text's length;
//   - at most one unbounded (or long) repetition may have more of the pattern after it than its end
//     (`.*a.*b$` is refused, `(.*\.)?google(\..*)?$` is not): each one more multiplies the work
//     by the host's length;
//   - no backreferences (`\1`, `\k<n>`, `(?P=n)`), which no regular-expression engine bounds.
// What is left takes at most O(n²) steps on a host of n characters (one scan per start
// position), and a host is at most MAX_HOST_LENGTH characters. Most hosts do not even reach the
// engine: a host lacking one of the pattern's required literals cannot match (requiredLiterals).
// bench/plugins_bench.ts measures the rules over 1,000 results, hostile hosts included.

/** DNS's limit for a host name; longer hosts are not resolvable, and no rule is run on them. */
export const MAX_HOST_LENGTH = 253;

/**
 * A repetition allowed more times than this (`{1,100}`) can backtrack as much as an unbounded one
 * on a host, and counts as one.
 */
const MAX_SHORT_REPEAT = 16;

/** Longest pattern accepted: host rules are short, and a bound keeps compiling cheap. */
const MAX_PATTERN_LENGTH = 500;

interface Frame {
  /** The group (at any depth) holds a repetition. */
  repeats: boolean;
  /** The group (at any depth) holds an alternation. */
  alternates: boolean;
  /** The last atom of the current branch was unboundedly repeated, and nothing required since. */
  pendingUnbounded: boolean;
}

interface Quantifier {
  /** Characters the quantifier takes, lazy/possessive suffix included. */
  length: number;
  min: number;
  /** Infinity when unbounded. */
  max: number;
}

/** The quantifier at `at`, or null when there is none. */
function quantifierAt(pattern: string, at: number): Quantifier | null {
  const char = pattern[at];
  let quantifier: Quantifier | null = null;
  if (char === "*") quantifier = { length: 1, min: 0, max: Infinity };
  else if (char === "+") quantifier = { length: 1, min: 1, max: Infinity };
  else if (char === "?") quantifier = { length: 1, min: 0, max: 1 };
  else if (char === "{") {
    const braces = /^\{(\d*)(,?)(\d*)\}/.exec(pattern.slice(at));
    if (braces === null || (braces[1] === "" && braces[3] === "")) return null;
    const min = braces[1] === "" ? 0 : Number(braces[1]);
    const max = braces[2] === "" ? min : braces[3] === "" ? Infinity : Number(braces[3]);
    quantifier = { length: braces[0].length, min, max };
  }
  if (quantifier === null) return null;
  // A lazy (`*?`) or possessive (`*+`) form is the same repetition for this check.
  const next = pattern[at + quantifier.length];
  if (next === "?" || next === "+") quantifier.length++;
  return quantifier;
}

/** Index just after the character class opening at `at` (`[` … `]`). */
function classEnd(pattern: string, at: number): number {
  let index = at + 1;
  if (pattern[index] === "^") index++;
  // A `]` first in the class is a literal one (Python).
  if (pattern[index] === "]") index++;
  while (index < pattern.length && pattern[index] !== "]") {
    index += pattern[index] === "\\" ? 2 : 1;
  }
  return index + 1;
}

/**
 * Why `pattern` is refused as a host rule, or null when it is safe to run on any host of at most
 * MAX_HOST_LENGTH characters.
 */
export function unsafePatternReason(pattern: string): string | null {
  if (pattern.length > MAX_PATTERN_LENGTH) {
    return `longer than ${MAX_PATTERN_LENGTH} characters`;
  }
  const stack: Frame[] = [{ repeats: false, alternates: false, pendingUnbounded: false }];
  let unboundedBeforeEnd = 0;
  let index = 0;
  while (index < pattern.length) {
    const frame = stack[stack.length - 1];
    const char = pattern[index];
    let atom: Frame | null = null;
    if (char === "\\") {
      const escaped = pattern[index + 1] ?? "";
      if (/[1-9]/.test(escaped) || escaped === "k") return "it uses a backreference";
      index += 2;
    } else if (char === "[") {
      index = classEnd(pattern, index);
    } else if (char === "(") {
      if (pattern.startsWith("(?P=", index)) return "it uses a backreference";
      stack.push({ repeats: false, alternates: false, pendingUnbounded: false });
      index++;
      continue;
    } else if (char === ")") {
      if (stack.length === 1) return null; // unbalanced: the RegExp compiler says so
      atom = stack.pop()!;
      index++;
    } else if (char === "|") {
      frame.alternates = true;
      frame.pendingUnbounded = false;
      index++;
      continue;
    } else if (char === "^" || char === "$") {
      index++;
      continue;
    } else {
      index++;
    }
    const owner = stack[stack.length - 1];
    if (atom !== null) {
      owner.repeats ||= atom.repeats;
      owner.alternates ||= atom.alternates;
    }
    const quantifier = quantifierAt(pattern, index);
    if (quantifier === null) {
      owner.pendingUnbounded = false;
      continue;
    }
    index += quantifier.length;
    if (quantifier.max > 1) {
      if (atom !== null && atom.repeats) {
        return "a repeated group holds another repetition (nested quantifiers)";
      }
      if (atom !== null && atom.alternates) {
        return "a repeated group holds alternatives (`|` under a quantifier)";
      }
      owner.repeats = true;
    }
    if (quantifier.max > MAX_SHORT_REPEAT) {
      if (owner.pendingUnbounded) {
        return "two unbounded repetitions follow one another with nothing required between them";
      }
      owner.pendingUnbounded = true;
      // One that only the end of the pattern follows (`(\..*)?$`) always matches what is left.
      if (!/^[)?$]*$/.test(pattern.slice(index)) && ++unboundedBeforeEnd > 1) {
        return "more than one unbounded repetition before the end of the pattern";
      }
    } else if (quantifier.min > 0) {
      owner.pendingUnbounded = false;
    }
  }
  return null;
}

/**
 * The literal runs every match of `pattern` contains (outside groups, classes and optional or
 * repeated atoms; none when the pattern has a top-level `|`). A host lacking one cannot match, and
 * checking that takes linear time, so most hosts never reach the regular-expression engine.
 */
export function requiredLiterals(pattern: string): string[] {
  const runs: string[] = [];
  let run = "";
  let depth = 0;
  let index = 0;
  const end = () => {
    if (run !== "") runs.push(run);
    run = "";
  };
  while (index < pattern.length) {
    const char = pattern[index];
    let literal: string | null = null;
    if (char === "\\") {
      const escaped = pattern[index + 1] ?? "";
      // `\.`, `\-` …: the character itself; `\d`, `\w`, `\b` …: a class or an assertion.
      literal = /[A-Za-z0-9]/.test(escaped) ? null : escaped;
      index += 2;
    } else if (char === "[") {
      index = classEnd(pattern, index);
    } else if (char === "(" || char === ")") {
      depth += char === "(" ? 1 : -1;
      index++;
    } else if (char === "|") {
      if (depth === 0) return [];
      index++;
    } else {
      literal = /[A-Za-z0-9_-]/.test(char) ? char : null;
      index++;
    }
    const quantifier = quantifierAt(pattern, index);
    if (quantifier !== null) index += quantifier.length;
    if (
      depth > 0 || char === ")" || literal === null || (quantifier !== null && quantifier.min === 0)
    ) {
      end();
      continue;
    }
    run += literal;
    // A repeated literal is required once, but what follows it need not be adjacent.
    if (quantifier !== null) end();
  }
  end();
  return runs;
}
