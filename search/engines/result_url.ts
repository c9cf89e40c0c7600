// A result must send the user somewhere real: relative ad links, javascript: and data: links, and
// host-less stubs are dropped by every provider module through this one check.

/** The URL in its normalised form, or null unless `value` is an absolute http(s) URL with a host. */
export function httpUrl(value: string | null | undefined): string | null {
  if (!value) return null;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return null;
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") return null;
  return url.hostname ? url.href : null;
}
