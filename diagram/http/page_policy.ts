// The Content-Security-Policy of the diagram pages, written once: our own stylesheet, scripts and
// images only, nothing framed. A page that needs more (the editor) names only what it changes.
const PAGE_DIRECTIVES: Record<string, string> = {
  "default-src": "'none'",
  "script-src": "'self'",
  "style-src": "'self'",
  "img-src": "'self' data:",
  "connect-src": "'self'",
  "form-action": "'self'",
  "base-uri": "'none'",
  "frame-ancestors": "'none'",
};

/** The pages' directives, with `changes` replacing or adding some. */
export function pagePolicy(changes: Record<string, string> = {}): string[] {
  return Object.entries({ ...PAGE_DIRECTIVES, ...changes }).map(([name, value]) =>
    `${name} ${value}`
  );
}
