// Answers the browser saves instead of showing: exports, and images, which opened directly would
// otherwise be documents of our origin (an SVG one can hold script).

/** RFC 6266: an ASCII fallback name plus the exact name in UTF-8. */
export function attachment(fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]|["\\]/g, "_");
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}
