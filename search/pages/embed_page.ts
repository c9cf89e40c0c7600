// The page that plays one video in its provider's player, reached only from the "Play here" link
// of a result: the results page itself frames nothing. It says whose player it loads and links the
// video's own page. The route's Content-Security-Policy lets it frame that player's origin only.
import { renderPage, type SiteView } from "./layout.ts";
import { attrs, html } from "../../runtime/markup.ts";
import type { Preferences } from "../core/preferences.ts";
import type { EmbeddedVideo } from "../service/video_embed.ts";
import { externalLink } from "./result_item.ts";

/** The page that plays one video's player, with a link to the video's own page. */
export function renderEmbedPage(site: SiteView, prefs: Preferences, video: EmbeddedVideo): string {
  const player = new URL(video.src).host;
  const page = new URL(video.url).host;
  const title = video.title || "Video";
  return renderPage(site, prefs, {
    kind: "embed",
    title: "Video",
    main: html`
      <h1>${title}</h1>
      <div class="player">
        <iframe${attrs({
          src: video.src,
          title: `${title} (player from ${player})`,
          // The player sees which site embeds it (some refuse to play otherwise), never this page's
          // address; it may run its own scripts, not move or script this page.
          referrerpolicy: "strict-origin",
          sandbox:
            "allow-scripts allow-same-origin allow-presentation allow-popups allow-popups-to-escape-sandbox",
          allow: "fullscreen; picture-in-picture; encrypted-media",
          allowfullscreen: true,
        })}>
          </iframe>
          </div>
          <p class="note">This player is loaded from ${player}, which sees your address.</p>
          <p>${externalLink(video.url, `Watch on ${page}`)}</p>
    `,
  });
}
