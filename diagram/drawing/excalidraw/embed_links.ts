// Which web pages a drawing may show inside itself. An `iframe` element none: Excalidraw shows its
// customData.generationData.html as a page of its own with scripts and forms allowed, so a drawing
// could carry a sign-in form that is not ours. An `embeddable` element the sites Excalidraw's editor embeds by
// default (its ALLOWED_DOMAINS, matched as its matchHostname does: a leading `www.` is ignored and
// `*.` stands for one first label). The server stores no such element (validate.ts), the
// editor shows none that a peer sends, and the editor is given the same list of sites.

const EMBED_SITES = new Set([
  "youtube.com",
  "youtu.be",
  "vimeo.com",
  "player.vimeo.com",
  "figma.com",
  "link.excalidraw.com",
  "gist.github.com",
  "twitter.com",
  "x.com",
  "*.simplepdf.eu",
  "stackblitz.com",
  "val.town",
  "giphy.com",
  "reddit.com",
]);

/** Whether `link` is an http(s) address on one of the sites above. */
export function isAllowedEmbedLink(link: string): boolean {
  const url = URL.parse(link);
  if (url === null || (url.protocol !== "https:" && url.protocol !== "http:")) return false;
  const host = url.hostname.startsWith("www.") ? url.hostname.slice(4) : url.hostname;
  const dot = host.indexOf(".");
  return EMBED_SITES.has(host) || (dot > 0 && EMBED_SITES.has(`*${host.slice(dot)}`));
}

/** Why `element` would show a web page that a drawing must not hold; null when it shows none. */
export function framedPageProblem(element: Record<string, unknown>): string | null {
  if (element.type === "iframe") {
    return 'type "iframe" is not accepted: it holds a web page the editor would show inside the ' +
      "drawing; remove the element or draw it as an image";
  }
  if (element.type !== "embeddable") return null;
  const link = element.link;
  if (link == null || link === "" || (typeof link === "string" && isAllowedEmbedLink(link))) {
    return null;
  }
  return "link of an embeddable must be empty or an http(s) address on a site the editor " +
    "embeds (YouTube, Vimeo, Figma, GitHub Gist, X, Reddit…)";
}
