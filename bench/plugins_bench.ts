// What the result-rewriting plugins cost, run by hand: `deno run bench/plugins_bench.ts [rounds]`.
// Merges 1,000 results from 10 engines (links with trackers, hosts the rules rewrite, remove and
// re-rank, and hostile hosts of up to 253 characters built to make the accepted patterns
// backtrack) without plugins, with tracker_url_remover, and with tracker_url_remover + hostnames
// (SearXNG's example rules, then the costliest patterns the start-up check accepts). Prints the
// median and worst time per merge of the 1,000 results.
import { emptyResults, type WebResult } from "../search/core/engine.ts";
import { type EngineOutput, mergeResults } from "../search/core/merge.ts";
import type { HostnameSettings } from "../search/plugins/hostnames.ts";
import { NO_RULES, type ResultRules } from "../search/plugins/result_rules.ts";
import { unsafePatternReason } from "../search/plugins/safe_pattern.ts";
import { rulesOf } from "../search/plugins/plugins_testing.ts";

const ROUNDS = Number(Deno.args[0] ?? 50);
const ENGINES = 10;
const PER_ENGINE = 100;

const SEARXNG_EXAMPLE: Partial<HostnameSettings> = {
  replace: [
    ["(.*\\.)?youtube\\.com$", "invidious.example.org"],
    ["(.*\\.)?youtu\\.be$", "invidious.example.org"],
    ["(.*\\.)?reddit\\.com$", "redlib.example.org"],
    ["(www\\.)?twitter\\.com$", "nitter.example.org"],
  ],
  remove: ["(.*\\.)?facebook.com$", "(.*\\.)?pinterest\\.com$"],
  low_priority: ["(.*\\.)?google(\\..*)?$"],
  high_priority: ["(.*\\.)?wikipedia.org$"],
};

// Accepted by the check, and as slow as accepted patterns get on the hostile hosts below: their
// literals are in those hosts (so the literal filter lets them through), and each scan from every
// start position runs to the host's end before failing.
const WORST_ACCEPTED: Partial<HostnameSettings> = {
  replace: [["(.*\\.)?a\\.a$", "x.example.org"]],
  remove: [".*ab-ab-$", "(.*\\.)?a\\.a\\.b"],
  low_priority: ["[a-z.]+a\\.a$"],
  high_priority: ["(.*-)?ab-ab-ab$"],
};

function link(engine: number, index: number): string {
  const n = engine * PER_ENGINE + index;
  switch (n % 8) {
    case 0:
      return `https://news.example.com/story/${n}?utm_source=feed&utm_medium=rss&id=${n}&fbclid=IwAR${n}`;
    case 1:
      return `https://www.youtube.com/watch?v=${n}&si=share${n}`;
    case 2:
      return `https://www.pinterest.com/pin/${n}/`;
    case 3:
      return `https://www.google.com/search/about/${n}`;
    case 4:
      return `https://en.wikipedia.org/wiki/Page_${n}?gclid=${n}`;
    case 5:
      // Hostile: 253 characters of labels that almost match every pattern above.
      return `https://${"a.".repeat(120)}${"a".repeat(12)}${n % 10}.com/p`;
    case 6:
      return `https://${"ab-".repeat(80)}${n}.org/p?mc_eid=${n}`;
    default:
      return `https://blog${n}.example.net/post?page=${n}&ref_src=x`;
  }
}

function outputs(): EngineOutput[] {
  return Array.from({ length: ENGINES }, (_, engine) => ({
    engine: `engine${engine}`,
    weight: 1,
    category: "general",
    results: {
      ...emptyResults(),
      results: Array.from({ length: PER_ENGINE }, (_, index): WebResult => ({
        url: link(engine, index),
        title: `Result ${index}`,
        content: `Content of result ${index} from engine ${engine}`,
      })),
    },
  }));
}

function measure(label: string, rules: ResultRules): void {
  const input = outputs();
  mergeResults(input, rules); // warm-up: compile and optimise
  const times: number[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    const started = performance.now();
    mergeResults(input, rules);
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  const median = times[Math.floor(times.length / 2)];
  const worst = times[times.length - 1];
  console.log(
    `${label.padEnd(52)} median ${median.toFixed(2).padStart(7)} ms, worst ${
      worst.toFixed(2).padStart(7)
    } ms per ${ENGINES * PER_ENGINE} results`,
  );
}

for (const settings of [SEARXNG_EXAMPLE, WORST_ACCEPTED]) {
  const patterns = [
    ...settings.replace!.map(([pattern]) => pattern),
    ...settings.remove!,
    ...settings.low_priority!,
    ...settings.high_priority!,
  ];
  for (const pattern of patterns) {
    const reason = unsafePatternReason(pattern);
    if (reason !== null) throw new Error(`the bench's pattern ${pattern} is refused: ${reason}`);
  }
}

console.log(`${ROUNDS} rounds, ${ENGINES * PER_ENGINE} results from ${ENGINES} engines`);
measure("merge, no plugin", NO_RULES);
measure("merge + tracker_url_remover", rulesOf(["tracker_url_remover"]));
measure(
  "merge + tracker_url_remover + hostnames (SearXNG's)",
  rulesOf(["tracker_url_remover", "hostnames"], SEARXNG_EXAMPLE),
);
measure(
  "merge + tracker_url_remover + hostnames (worst)",
  rulesOf(["tracker_url_remover", "hostnames"], WORST_ACCEPTED),
);
