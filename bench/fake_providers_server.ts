// The fake providers in a process of their own, so the benchmark's upstream load does not share
// an event loop with the search service. Prints its origin, runs until killed.
import { providerFixture, startFakeProviders } from "../tests/helpers/fake_providers.ts";
import { delayed } from "../tests/helpers/fake_upstream.ts";

const delayMs = Number(Deno.args[0] ?? 0);
const upstream = await startFakeProviders({ record: false, delayMs });

// For the searx anchor (bench/searx_anchor.ts): the JSON that Startpage's results page hands to
// its script, the same bytes our engine finds inside that page, served alone so that searx's
// generic JSON engine can read them.
const page = providerFixture("startpage", "results_web.html");
const line = page.split("\n").find((text) => text.includes("React.createElement(UIStartpage."))!;
const props = line.slice(line.indexOf("{"), line.lastIndexOf(")"));
JSON.parse(props); // fails loudly if the fixture's shape changed
const propsBytes = new TextEncoder().encode(props);
const answer = () =>
  new Response(propsBytes, { headers: { "Content-Type": "application/json; charset=utf-8" } });
upstream.route(
  "/startpage-props/",
  delayMs > 0 ? (request) => delayed(delayMs, request, answer) : answer,
);

console.log(`fake providers on ${upstream.origin}`);
