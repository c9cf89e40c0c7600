// The answer plugins by SearXNG's ids, with SearXNG's default (settings.yml `plugins:`
// `searx.plugins.<id>.SXNGPlugin: active:`), and the answerers that are always on. Preferences and
// settings choose among PLUGINS; what is chosen is passed to answerQuery as a set of ids.
import type { Answerer } from "./answerer.ts";
import { calculator } from "./calculator.ts";
import { hashPlugin } from "./hash_plugin.ts";
import { randomAnswer } from "./random.ts";
import { selfInfo } from "./self_info.ts";
import { statistics } from "./statistics.ts";
import { timeZone } from "./time_zone.ts";
import { unitConverter } from "./unit_converter.ts";

export interface AnswerPlugin {
  id: string;
  /** On unless settings or the person's preferences turn it off (SearXNG's `active`). */
  defaultActive: boolean;
  answer: Answerer;
}

/** In the order their answers are shown. */
export const ANSWER_PLUGINS: readonly AnswerPlugin[] = [
  { id: "calculator", defaultActive: true, answer: calculator },
  { id: "unit_converter", defaultActive: true, answer: unitConverter },
  { id: "hash_plugin", defaultActive: true, answer: hashPlugin },
  { id: "self_info", defaultActive: true, answer: selfInfo },
  { id: "time_zone", defaultActive: true, answer: timeZone },
];

/** SearXNG's answerers (`searx/answerers/`): not plugins, no switch, always asked. */
export const ANSWERERS: readonly { id: string; answer: Answerer }[] = [
  { id: "random", answer: randomAnswer },
  { id: "statistics", answer: statistics },
];

/** The ids of the plugins that are on by default. */
export const DEFAULT_ACTIVE_PLUGINS: ReadonlySet<string> = new Set(
  ANSWER_PLUGINS.filter((plugin) => plugin.defaultActive).map((plugin) => plugin.id),
);
