// A video's player, shown on a page of ours only when a person follows the link to it: the results
// page loads no third-party frame at all. The link is signed like the image proxy's, so that the
// page frames only players our results named (never an address someone else made up), and it names
// the video's page and title so the player page can say what it shows and where it comes from.
import { Buffer } from "node:buffer";
import { createHmac, timingSafeEqual } from "node:crypto";
import { httpUrl } from "../core/url.ts";

export interface EmbeddedVideo {
  /** The provider's player (`iframe_src`), https only. */
  src: string;
  /** The video's own page. */
  url: string;
  title: string;
}

function signature(secret: string, video: EmbeddedVideo): string {
  // Its own prefix: an image proxy signature (the HMAC of a bare URL) never fits here.
  const message = ["embed", video.src, video.url, video.title].join("\u0000");
  return createHmac("sha256", secret).update(message).digest("hex");
}

/** `/embed?…` for a video whose player is an https address; null for any other player. */
export function embedPageUrl(secret: string, video: EmbeddedVideo): string | null {
  if (playerOrigin(video.src) === null || httpUrl(video.url) === null) return null;
  const { src, url, title } = video;
  const query = new URLSearchParams({ src, url, title, h: signature(secret, video) });
  return `/embed?${query}`;
}

/** The video a signed `/embed` link names, or null when the link is not one we made. */
export function readEmbedLink(
  secret: string,
  param: (name: string) => string | undefined,
): EmbeddedVideo | null {
  const video = { src: param("src") ?? "", url: param("url") ?? "", title: param("title") ?? "" };
  const given = param("h") ?? "";
  if (!/^[0-9a-f]{64}$/i.test(given)) return null;
  const expected = Buffer.from(signature(secret, video), "hex");
  if (!timingSafeEqual(expected, Buffer.from(given, "hex"))) return null;
  return playerOrigin(video.src) === null || httpUrl(video.url) === null ? null : video;
}

/** The origin a player is framed from (what the player page's CSP allows), for https only. */
export function playerOrigin(src: string): string | null {
  const url = URL.parse(src);
  return url?.protocol === "https:" && url.username === "" && url.password === ""
    ? url.origin
    : null;
}
