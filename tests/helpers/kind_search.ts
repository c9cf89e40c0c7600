// A search service whose engines answer one kind each (web pages, images, videos, papers,
// packages), with sample results that do not depend on any provider's page: for the pages' and
// routes' tests, the browser test and the screenshots, while real providers of each kind come and
// go. Their images (thumbnails, files) are small PNGs on the same fake upstream; the image proxy
// fetches them from loopback, as tests allow it to.
import { createTokenStore } from "../../search/core/token_store.ts";
import {
  emptyResults,
  type EngineModule,
  type EngineResult,
  HttpStatusError,
} from "../../search/core/engine.ts";
import { createSearchInstance } from "../../search/instance.ts";
import type { ConfiguredEngine, Searcher } from "../../search/service/searcher.ts";
import { listen } from "../../runtime/serve.ts";
import { ENGINE_MODULES } from "../../search/engines/mod.ts";
import { parseSettings } from "../../search/settings/load.ts";
import { encodePng } from "../../diagram/drawing/png/encode_png.ts";
import { type FakeUpstream, startFakeUpstream } from "./fake_upstream.ts";
import { TEST_SECRET } from "./search_instance.ts";

/** A query containing this finds nothing in any engine (the empty state). */
export const NOTHING = "nothing at all";

// ── Pictures ────────────────────────────────────────────────────────────────────────────────

/**
 * A width × height PNG (written by the diagram service's own encoder): a diagonal blend of two
 * colours with a round "sun" of the third, so each picture is told apart from the others in a
 * screenshot.
 */
export async function samplePng(
  width: number,
  height: number,
  [from, to, sun]: [number, number, number][],
): Promise<Uint8Array<ArrayBuffer>> {
  const pixels = new Uint8Array(width * height * 4);
  const radius = Math.min(width, height) / 4;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const t = (x / width + y / height) / 2;
      const inSun = (x - width * 0.65) ** 2 + (y - height * 0.4) ** 2 < radius ** 2;
      const colour = inSun ? sun : from.map((f, i) => Math.round(f + (to[i] - f) * t));
      pixels.set([...colour, 255], (y * width + x) * 4);
    }
  }
  return new Uint8Array(await encodePng(pixels, width, height));
}

const PALETTES: [number, number, number][][] = [
  [[255, 138, 76], [196, 48, 43], [255, 230, 140]],
  [[70, 130, 180], [20, 40, 90], [250, 250, 210]],
  [[120, 200, 120], [20, 90, 60], [255, 240, 120]],
  [[200, 160, 230], [80, 40, 120], [255, 200, 220]],
  [[240, 210, 150], [150, 100, 50], [255, 255, 255]],
  [[90, 90, 90], [20, 20, 20], [230, 80, 60]],
];

/** Each picture's size: landscape, portrait and square, as image searches give them. */
const SIZES: [number, number][] = [[240, 160], [160, 240], [200, 200], [300, 150], [180, 240], [
  240,
  180,
]];

// ── Sample results ──────────────────────────────────────────────────────────────────────────

function images(origin: string): EngineResult[] {
  const titles = [
    "Ferris the crab, Rust's unofficial mascot",
    "Red rock crab on a beach",
    "Hermit crab in its shell",
    "Crab illustration (vector)",
    "Coconut crab climbing a palm tree",
    "Crab rangoon on a plate",
  ];
  const sources = [
    "rustacean.net",
    "Wikimedia Commons",
    "flickr.com",
    "openclipart.org",
    "Wikimedia Commons",
    "recipes.example",
  ];
  return titles.map((title, i) => {
    const [width, height] = SIZES[i];
    return {
      template: "images.html" as const,
      url: `https://${["rustacean.net", "commons.wikimedia.org", "flickr.com"][i % 3]}/crab/${i}`,
      title,
      content: "",
      img_src: `${origin}/pictures/full-${i}.png`,
      thumbnail_src: `${origin}/pictures/thumb-${i}.png`,
      resolution: `${width * 8} x ${height * 8}`,
      img_format: "png",
      source: sources[i],
      filesize: `${(width * height * 0.03).toFixed(0)} KB`,
    };
  });
}

function videos(origin: string): EngineResult[] {
  return [
    {
      template: "videos.html",
      url: "https://www.youtube.com/watch?v=5C_HPTJg5ek",
      title: "Rust in 100 Seconds",
      content:
        "Rust is a memory-safe compiled programming language for building high-performance " +
        "systems. It has the simplicity of high-level languages, but the speed of C.",
      thumbnail: `${origin}/pictures/thumb-0.png`,
      iframe_src: "https://www.youtube-nocookie.com/embed/5C_HPTJg5ek",
      length: "2:29",
      author: "Fireship",
      publishedDate: new Date("2021-09-16T00:00:00Z"),
    },
    {
      template: "videos.html",
      url: "https://peertube.example/w/9fR3x",
      title: "Crabs of the Pacific coast — a field guide",
      content: "A walk along the tide pools, naming the crabs we meet.",
      thumbnail: `${origin}/pictures/thumb-2.png`,
      iframe_src: "https://peertube.example/videos/embed/9fR3x",
      length: "1:04:12",
      author: "Coastal Naturalists",
      publishedDate: new Date("2024-06-02T00:00:00Z"),
    },
    {
      template: "videos.html",
      url: "https://www.dailymotion.com/video/x8abc",
      title: "How crabs molt",
      content: "",
      thumbnail: null,
      iframe_src: null,
      length: "4:51",
      author: null,
    },
  ];
}

function papers(): EngineResult[] {
  return [
    {
      template: "paper.html",
      url: "https://arxiv.org/abs/1903.00982",
      title: "Oxide: The Essence of Rust",
      content: "Rust claims to advance industrial programming by bridging the gap between " +
        "low-level systems programming and high-level application programming. At the heart of " +
        "the argument that this enables programmers to build more reliable and efficient " +
        "software is the borrow checker.",
      authors: ["Aaron Weiss", "Olek Gierczak", "Daniel Patterson", "Amal Ahmed"],
      journal: "arXiv",
      doi: "10.48550/arXiv.1903.00982",
      pdf_url: "https://arxiv.org/pdf/1903.00982",
      type: "preprint",
      publishedDate: new Date("2019-03-03T00:00:00Z"),
    },
    {
      template: "paper.html",
      url: "https://dl.acm.org/doi/10.1145/3158154",
      title: "RustBelt: securing the foundations of the Rust programming language",
      content: "We present the first formal (and machine-checked) safety proof for a language " +
        "representing a realistic subset of Rust.",
      authors: ["Ralf Jung", "Jacques-Henri Jourdan", "Robbert Krebbers", "Derek Dreyer"],
      journal: "Proceedings of the ACM on Programming Languages",
      publisher: "ACM",
      volume: "2",
      pages: "1-34",
      doi: "10.1145/3158154",
      type: "journal-article",
      publishedDate: new Date("2017-12-27T00:00:00Z"),
    },
  ];
}

function packages(): EngineResult[] {
  return [
    {
      template: "packages.html",
      url: "https://crates.io/crates/serde",
      title: "serde",
      content: "A generic serialization/deserialization framework",
      package_name: "serde",
      version: "1.0.228",
      maintainer: "dtolnay",
      homepage: "https://serde.rs",
      source_code_url: "https://github.com/serde-rs/serde",
      tags: ["serde", "serialization", "no_std"],
      popularity: "720M downloads",
      license_name: "MIT OR Apache-2.0",
      publishedDate: new Date("2025-09-27T00:00:00Z"),
    },
    {
      template: "packages.html",
      url: "https://www.npmjs.com/package/crab-utils",
      title: "crab-utils",
      content: "Small helpers for sideways walking.",
      package_name: "crab-utils",
      version: "0.3.1",
      maintainer: "shellfish",
      homepage: null,
      source_code_url: "https://github.com/shellfish/crab-utils",
      tags: [],
      popularity: "1.2k downloads",
      license_name: "ISC",
    },
  ];
}

function webPages(): EngineResult[] {
  return [
    {
      url: "https://www.rust-lang.org/",
      title: "Rust Programming Language",
      content: "A language empowering everyone to build reliable and efficient software.",
    },
    {
      url: "https://en.wikipedia.org/wiki/Crab",
      title: "Crab - Wikipedia",
      content: "Crabs are decapod crustaceans of the infraorder Brachyura.",
    },
  ];
}

// ── The engines ─────────────────────────────────────────────────────────────────────────────

function sampleModule(id: string, categories: string[], results: EngineResult[]): EngineModule {
  return {
    id,
    website: "https://sample.example",
    defaultBaseUrl: "http://127.0.0.1:9",
    categories,
    paging: true,
    maxPage: 0,
    timeRange: true,
    safesearch: true,
    language: true,
    request: (query, context) => ({
      url: `${context.baseUrl}/${id}?q=${encodeURIComponent(query.query)}`,
    }),
    parse: (response) => {
      const query = new URL(response.url).searchParams.get("q") ?? "";
      if (response.status >= 400) throw new HttpStatusError(response.status);
      return { ...emptyResults(), results: query.includes(NOTHING) ? [] : results };
    },
  };
}

/** The sample engines: name, categories, on or off by default, results. */
function sampleEngines(origin: string): [string, string[], boolean, EngineResult[]][] {
  return [
    ["sample web", ["general"], true, webPages()],
    ["sample images", ["images"], true, images(origin)],
    [
      "more images",
      ["images"],
      false,
      images(origin).slice(0, 2).map((image) => ({
        ...image,
        url: `${image.url}/more`,
        img_src: `${(image as { img_src: string }).img_src}?more`,
      })),
    ],
    ["sample videos", ["videos"], true, videos(origin)],
    ["sample papers", ["science"], true, papers()],
    ["sample packages", ["it"], true, packages()],
  ];
}

export interface KindSearch {
  url: URL;
  upstream: FakeUpstream;
  searcher: Searcher;
  get(path: string, init?: RequestInit): Promise<Response>;
  [Symbol.asyncDispose](): Promise<void>;
}

/**
 * The service with the sample engines; `server` adds settings lines under `server:` (e.g.
 * `  image_proxy: true`).
 */
export async function startKindSearch({ server = "" }: { server?: string } = {}): Promise<
  KindSearch
> {
  const pictures = new Map<string, Uint8Array<ArrayBuffer>>();
  for (const [i, palette] of PALETTES.entries()) {
    const [width, height] = SIZES[i];
    pictures.set(`thumb-${i}.png`, await samplePng(width, height, palette));
    pictures.set(`full-${i}.png`, await samplePng(width * 2, height * 2, palette));
  }
  const upstream = await startFakeUpstream({
    "/pictures/": (request) => {
      const picture = pictures.get(request.url.pathname.split("/").pop()!);
      return picture
        ? new Response(picture, { headers: { "Content-Type": "image/png" } })
        : new Response("no such picture", { status: 404 });
    },
    "/sample": () => Response.json({}),
    "/more": () => Response.json({}),
  });
  const settings = parseSettings({
    defaultsText: Deno.readTextFileSync(new URL("../../search/settings.yml", import.meta.url)),
    userText: `use_default_settings: true\nserver:\n  secret_key: "${TEST_SECRET}"\n${server}\n`,
    modules: ENGINE_MODULES,
    env: {},
  }).settings;
  const engines: ConfiguredEngine[] = sampleEngines(upstream.origin).map(
    ([name, categories, on, results]) => ({
      name,
      module: sampleModule(name.replace(" ", "-"), categories, results),
      shortcut: name.split(" ").map((word) => word[0]).join(""),
      disabled: !on,
      timeoutMs: 3000,
      weight: 1,
      baseUrl: upstream.origin,
      apiKey: null,
      categories,
      tokens: createTokenStore(),
    }),
  );
  const instance = createSearchInstance(settings, {
    secret: TEST_SECRET,
    imageProxyAllowsPrivate: true,
    engines,
    log: () => {},
  });
  const listening = await listen(instance.app.fetch, { hostname: "127.0.0.1", port: 0 });
  return {
    url: listening.url,
    upstream,
    searcher: instance.searcher,
    get: (path, init) => fetch(new URL(path, listening.url), init),
    async [Symbol.asyncDispose]() {
      await listening.stop();
      instance.close();
      await upstream.stop();
    },
  };
}

/** Makes every sample engine fail with HTTP 503 (the "engines could not be reached" state). */
export function failEveryEngine(search: KindSearch): void {
  for (const prefix of ["/sample", "/more"]) {
    search.upstream.route(prefix, () => new Response("busy", { status: 503 }));
  }
}
