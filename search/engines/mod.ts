// Every provider module, by the id that settings use in `engine:`.
import type { EngineModule } from "../core/engine.ts";
import { arxiv } from "./arxiv.ts";
import { bing } from "./bing.ts";
import { bingImages } from "./bing_images.ts";
import { bingNews } from "./bing_news.ts";
import { brave } from "./brave.ts";
import { crates } from "./crates.ts";
import { crossref } from "./crossref.ts";
import { dailymotion } from "./dailymotion.ts";
import { duckduckgo } from "./duckduckgo.ts";
import { duckduckgoImages } from "./duckduckgo_images.ts";
import { github } from "./github.ts";
import { mdn } from "./mdn.ts";
import { mojeek } from "./mojeek.ts";
import { npm } from "./npm.ts";
import { openalex } from "./openalex.ts";
import { peertube } from "./peertube.ts";
import { pubmed } from "./pubmed.ts";
import { pypi } from "./pypi.ts";
import { qwant } from "./qwant.ts";
import { reddit } from "./reddit.ts";
import { stackexchange } from "./stackexchange.ts";
import { startpage } from "./startpage.ts";
import { wikicommons } from "./wikicommons.ts";
import { wikipedia } from "./wikipedia.ts";
import { youtube } from "./youtube.ts";

export const ENGINE_MODULES: Readonly<Record<string, EngineModule>> = Object.fromEntries(
  [
    arxiv,
    bing,
    bingImages,
    bingNews,
    brave,
    crates,
    crossref,
    dailymotion,
    duckduckgo,
    duckduckgoImages,
    github,
    mdn,
    mojeek,
    npm,
    openalex,
    peertube,
    pubmed,
    pypi,
    qwant,
    reddit,
    stackexchange,
    startpage,
    wikicommons,
    wikipedia,
    youtube,
  ].map((module) => [module.id, module]),
);
