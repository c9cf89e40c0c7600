// The plugins that answer, by their ids in the plugin catalog (plugins/catalog.ts, which holds
// their defaults and names), and SearXNG's answerers, which are always on. Settings and
// preferences choose among the catalog; what is on reaches answerQuery as a set of ids.
import type { PluginId } from "../plugins/catalog.ts";
import type { Answerer } from "./answerer.ts";
import { calculator } from "./calculator.ts";
import { hashPlugin } from "./hash_plugin.ts";
import { randomAnswer } from "./random.ts";
import { selfInfo } from "./self_info.ts";
import { statistics } from "./statistics.ts";
import { timeZone } from "./time_zone.ts";
import { unitConverter } from "./unit_converter.ts";

export interface AnswerPlugin {
  id: PluginId;
  answer: Answerer;
}

/** In the order their answers are shown. */
export const ANSWER_PLUGINS: readonly AnswerPlugin[] = [
  { id: "calculator", answer: calculator },
  { id: "unit_converter", answer: unitConverter },
  { id: "hash_plugin", answer: hashPlugin },
  { id: "self_info", answer: selfInfo },
  { id: "time_zone", answer: timeZone },
];

/** SearXNG's answerers (`searx/answerers/`): not plugins, no switch, always asked. */
export const ANSWERERS: readonly { id: string; answer: Answerer }[] = [
  { id: "random", answer: randomAnswer },
  { id: "statistics", answer: statistics },
];

/** Every answer plugin on: what tests and the bench ask with. */
export const ALL_ANSWER_PLUGINS: ReadonlySet<PluginId> = new Set(
  ANSWER_PLUGINS.map((plugin) => plugin.id),
);
