// Fenced code blocks whose fence can never be closed early by the code inside them.

/** `code` in a fence longer than any backtick run inside it, tagged `language` when it is a name. */
export function fencedCodeBlock(code: string, language: string): string {
  const longestRun = Math.max(0, ...Array.from(code.matchAll(/`{3,}/g), ([run]) => run.length));
  const fence = "`".repeat(Math.max(3, longestRun + 1));
  const tag = /^[\w+#.-]+$/.test(language) ? language : "";
  return `${fence}${tag}\n${code}\n${fence}`;
}
