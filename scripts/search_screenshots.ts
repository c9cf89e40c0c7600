// Screenshots of the search pages in headless Chromium, for people to look at: every category tab
// with sample results (tests/helpers/kind_search.ts), the empty and the failed search, the start,
// preferences and player pages, each at 1280 and 420 px wide, light and dark (the system's dark
// and the theme preference). Nothing leaves loopback: other requests are refused.
//
//   deno run -A scripts/search_screenshots.ts [folder]   (default /tmp/search-shots)
//   deno run -A scripts/search_screenshots.ts --real [folder]
//
// --real: the real engine modules reading the providers' test fixtures (tests/helpers/
// fake_providers.ts) instead of the sample engines, every tab the settings offer; their pictures
// live on the providers' hosts, which the browser is not allowed to reach, so they show as missing.
import type { Browser, Page } from "playwright-core";
import { launchChromium } from "../tests/helpers/browser.ts";
import { startSearch } from "../tests/helpers/search_instance.ts";
import {
  failEveryEngine,
  type KindSearch,
  NOTHING,
  startKindSearch,
} from "../tests/helpers/kind_search.ts";

const real = Deno.args.includes("--real");
const folder = Deno.args.filter((arg) => arg !== "--real")[0] ?? "/tmp/search-shots";
await Deno.mkdir(folder, { recursive: true });

const VIEWPORTS = { wide: { width: 1280, height: 900 }, narrow: { width: 420, height: 900 } };
type Look = "light" | "dark-system" | "dark-pref";
const LOOKS: Look[] = ["light", "dark-system", "dark-pref"];

async function shoot(
  browser: Browser,
  search: Pick<KindSearch, "url">,
  name: string,
  path: string,
  { looks = LOOKS, cookie = "" }: { looks?: Look[]; cookie?: string } = {},
): Promise<void> {
  for (const [size, viewport] of Object.entries(VIEWPORTS)) {
    for (const look of looks) {
      const context = await browser.newContext({
        viewport,
        colorScheme: look === "dark-system" ? "dark" : "light",
      });
      const cookies = [cookie, look === "dark-pref" ? "theme=dark" : ""].filter(Boolean).join("; ");
      if (cookies) {
        await context.addCookies(
          cookies.split("; ").map((pair) => {
            const [key, value] = pair.split("=");
            return { name: key, value, url: search.url.origin };
          }),
        );
      }
      const page: Page = await context.newPage();
      await page.route("**/*", (route) => {
        const url = new URL(route.request().url());
        return url.hostname === "127.0.0.1" ? route.continue() : route.abort();
      });
      await page.goto(new URL(path, search.url).href, { waitUntil: "load" });
      const file = `${folder}/${name}-${size}-${look}.png`;
      await page.screenshot({ path: file, fullPage: true });
      console.log(file);
      await context.close();
    }
  }
}

const browser = await launchChromium();
try {
  if (real) {
    await using search = await startSearch();
    for (const category of search.searcher.categories()) {
      const name = `real-${category.replace(/\W+/g, "-")}`;
      const query = new URLSearchParams({ q: "rust", categories: category });
      await shoot(browser, search, name, `/search?${query}`, { looks: ["light", "dark-pref"] });
    }
  } else {
    await using search = await startKindSearch({ server: "  image_proxy: true" });
    await shoot(browser, search, "start", "/");
    for (const category of ["general", "images", "videos", "science", "it"]) {
      await shoot(browser, search, `tab-${category}`, `/search?q=crab&categories=${category}`);
    }
    await shoot(browser, search, "empty", `/search?q=${encodeURIComponent(NOTHING)}`);
    await shoot(browser, search, "preferences", "/preferences", {
      cookie: "disabled_engines=sample%20papers__science; enabled_engines=more%20images__images",
    });
    await shoot(browser, search, "tabs-post", "/search?q=crab&categories=images", {
      looks: ["light"],
      cookie: "method=POST",
    });
    const page = await (await search.get("/search?q=crab&categories=videos")).text();
    const embed = page.match(/href="(\/embed\?[^"]+)"/)![1].replaceAll("&amp;", "&");
    await shoot(browser, search, "player", embed);
    failEveryEngine(search);
    await shoot(browser, search, "error", "/search?q=crab&categories=images");
  }
} finally {
  await browser.close();
}
