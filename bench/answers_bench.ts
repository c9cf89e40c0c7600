// How long the answer plugins take on hostile queries: `deno run bench/answers_bench.ts`. Each
// query runs through every answerer (all plugins on), first once just after the service's own
// preparation at start (prepareAnswerers), then 200 times; the bound is 5 ms a query. The unit tests assert what each query gets; this measures it.
import { answerQuery, prepareAnswerers } from "../search/answers/answer_query.ts";
import { ALL_ANSWER_PLUGINS } from "../search/answers/answer_plugins.ts";

const context = {
  clientAddress: "203.0.113.7",
  userAgent: "bench",
  language: "en",
  now: new Date(),
};

const HOSTILE: [string, string][] = [
  ["2,000 characters of digits and operators", "9*".repeat(999) + "9+"],
  ["a 2,000-character sum (each operand 1)", "1+".repeat(999) + "1+"],
  ["10,000-deep parentheses", "(".repeat(10_000) + "1" + ")".repeat(10_000)],
  ["10^10^10^10", "10^10^10^10"],
  ["9**9**9**9**9**9 (power tower)", "9**9**9**9**9**9"],
  ["45-deep parentheses (under the depth limit)", "(".repeat(45) + "2*3" + ")".repeat(45)],
  ["2^1023*2 (overflow)", "2^1023*2"],
  ["unit names in Cyrillic", "10 километров to миль"],
  ["unit names in CJK", "10 公里 to 英里"],
  ["a 2,000-character unit name", "10 km to " + "ж".repeat(2_000)],
  ["statistics over 1,000 numbers", "sum " + "12345.678 ".repeat(1_000)],
  ["sha512 of 2,000 characters", "sha512 " + "x".repeat(2_000)],
  ["time in a 2,000-character place", "time in " + "é".repeat(2_000)],
  ["time in Tokyo", "time in Tokyo"],
];

function measure(query: string): { cold: number; median: number; p99: number; answers: number } {
  let started = performance.now();
  const answers = answerQuery(query, context, ALL_ANSWER_PLUGINS).length;
  const cold = performance.now() - started;
  const times: number[] = [];
  for (let round = 0; round < 200; round++) {
    started = performance.now();
    answerQuery(query, context, ALL_ANSWER_PLUGINS);
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  return { cold, median: times[100], p99: times[198], answers };
}

let prepared = performance.now();
prepareAnswerers();
prepared = performance.now() - prepared;
console.log(`prepareAnswerers (once, at the service's start): ${prepared.toFixed(1)} ms`);
// p99, not the maximum: on a busy machine the slowest of 200 is a garbage collection or another
// process's time slice, whatever the query.
console.log("query | answers | first run ms | median ms | p99 ms (of 200)");
for (const [name, query] of HOSTILE) {
  const { cold, median, p99, answers } = measure(query);
  console.log(
    `${name} | ${answers} | ${cold.toFixed(3)} | ${median.toFixed(4)} | ${p99.toFixed(3)}`,
  );
}
