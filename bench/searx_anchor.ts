// The anchor of the search benchmark: searx 1.1 as Debian packages it (`apt-get install -y searx`),
// run as its own webapp process against the same fake providers. Its generic engines are pointed
// at the same fixture pages (xpath for the HTML result pages, its own wikipedia engine for the
// summary API); Startpage's results live in a script's JSON, which no generic engine can reach
// inside a page, so searx reads that same JSON from /startpage-props/ (bench/fake_providers_server.ts).
// Settings are Debian's example file with only the engines, port, keep-alive and the outgoing pool
// and timeout changed.
import { parse, stringify } from "yaml";
import { command, freePort, RunningProcess } from "../tests/helpers/process.ts";

const SEARX_RUN = "/usr/bin/searx-run";
const EXAMPLE_SETTINGS = "/usr/share/doc/searx/examples/settings.yml";

export const SEARX_INSTALL_HINT = "searx 1.1 is not installed: `apt-get install -y searx` " +
  "(Debian's searx 1.1.0+dfsg1-1) adds it as the benchmark's anchor";

export async function searxInstalled(): Promise<boolean> {
  try {
    await Deno.stat(SEARX_RUN);
    await Deno.stat(EXAMPLE_SETTINGS);
    return true;
  } catch {
    return false;
  }
}

/** An xpath engine over one provider's fixture page; each xpath takes the first match, as ours. */
function xpathEngine(
  name: string,
  searchUrl: string,
  xpaths: { results: string; url: string; title: string; content: string },
) {
  return {
    name,
    engine: "xpath",
    categories: "general",
    shortcut: name.slice(0, 3),
    enable_http: true,
    search_url: searchUrl,
    results_xpath: xpaths.results,
    url_xpath: xpaths.url,
    title_xpath: xpaths.title,
    content_xpath: xpaths.content,
  };
}

/** A class token test (XPath 1.0 has no `.class`). */
const hasClass = (name: string) =>
  `contains(concat(" ", normalize-space(@class), " "), " ${name} ")`;

function searxEngines(origin: string) {
  return [
    xpathEngine("duckduckgo", `${origin}/duckduckgo/html/?q={query}`, {
      results: `//div[@id="links"]/div[${hasClass("web-result")} and not(${
        hasClass("result--ad")
      })]`,
      url: "(.//h2/a/@href)[1]",
      title: "(.//h2/a)[1]",
      content: `(.//a[${hasClass("result__snippet")}])[1]`,
    }),
    xpathEngine("brave", `${origin}/brave/search?q={query}&source=web`, {
      results: `//div[@id="results"]//div[${hasClass("snippet")} and not(@data-type="ad")]`,
      url: "(.//a/@href)[1]",
      title: `(.//div[contains(@class, "title")])[1]`,
      content: `(.//div[${hasClass("content")}])[1]`,
    }),
    xpathEngine("bing", `${origin}/bing/search?q={query}`, {
      results: `//ol[@id="b_results"]/li[${hasClass("b_algo")}]`,
      url: "(.//h2/a/@href)[1]",
      title: "(.//h2/a)[1]",
      content: ".//p",
    }),
    xpathEngine("mojeek", `${origin}/mojeek/search?q={query}`, {
      results: `//ul[${hasClass("results-standard")}]/li`,
      url: `(.//a[${hasClass("ob")}]/@href)[1]`,
      title: "(.//h2/a)[1]",
      content: `(.//p[${hasClass("s")}])[1]`,
    }),
    {
      name: "startpage",
      engine: "json_engine",
      categories: "general",
      shortcut: "sp",
      enable_http: true,
      search_url: `${origin}/startpage-props/?q={query}`,
      // The second block of the page's mainline is the web results (the first is ads).
      results_query: "render/presenter/regions/mainline/1/results",
      url_query: "clickUrl",
      title_query: "title",
      content_query: "description",
      title_html_to_text: true,
      content_html_to_text: true,
    },
    {
      name: "wikipedia",
      engine: "wikipedia",
      categories: "general",
      shortcut: "wp",
      enable_http: true,
      search_url: `${origin}/wikipedia/api/rest_v1/page/summary/{title}`,
    },
  ];
}

/** Debian's example settings with our engines, a free port, and searx's own defaults otherwise. */
async function searxSettings(origin: string, port: number): Promise<string> {
  const settings = parse(await Deno.readTextFile(EXAMPLE_SETTINGS));
  settings.server.port = port;
  settings.server.bind_address = "127.0.0.1";
  settings.server.secret_key = "a-bench-secret-of-sufficient-length";
  // Keep-alive, as our service has it (Debian's example says 1.0; searx supports both).
  settings.server.http_protocol_version = "1.1";
  // The same engine deadline as ours (search/settings.yml).
  settings.outgoing.request_timeout = 3.0;
  // Six providers share one fake host here; searx keeps at most pool_maxsize connections per
  // host, which real providers (six hosts) would not run into at 16 concurrent searches.
  settings.outgoing.pool_maxsize = 100;
  settings.engines = searxEngines(origin);
  return stringify(settings);
}

/** Starts searx's webapp on a free port and waits until it answers. */
export async function startSearx(
  origin: string,
  dataDir: string,
): Promise<{ process: RunningProcess; url: URL }> {
  const port = freePort();
  const settingsPath = `${dataDir}/searx_settings.yml`;
  await Deno.writeTextFile(settingsPath, await searxSettings(origin, port));
  const process = new RunningProcess(
    command(SEARX_RUN, [], { SEARX_SETTINGS_PATH: settingsPath }),
  );
  const url = new URL(`http://127.0.0.1:${port}/`);
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    try {
      const response = await fetch(new URL("/healthz", url));
      await response.body?.cancel();
      if (response.ok) return { process, url };
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  await process.stop();
  throw new Error(`searx did not start:\n${process.output}`);
}
