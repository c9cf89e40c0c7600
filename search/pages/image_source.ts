// Where a page loads an upstream image from: through the instance's image proxy when the user
// wants it (the upstream then never sees the user's address), directly otherwise.
import type { SiteView } from "./layout.ts";
import { httpUrl } from "../core/url.ts";
import type { Preferences } from "../core/preferences.ts";

/** The `src` for an upstream image, or null when the URL is not one we would ever load. */
export function imageSource(
  site: SiteView,
  prefs: Preferences,
  url: string | null | undefined,
): string | null {
  const original = httpUrl(url);
  if (!original || !prefs.image_proxy) return original;
  const proxied = site.imageProxy(original);
  // The proxy answers from our own origin ("/image_proxy?…") or hands back an http(s) URL.
  const sameOrigin = proxied.startsWith("/") && !proxied.startsWith("//");
  return sameOrigin ? proxied : httpUrl(proxied);
}
