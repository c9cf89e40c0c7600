// The answers of the active plugins and of the answerers for one query, in SearXNG's answer
// shape (`engine` names the plugin). Every answerer is pure and bounded, so this runs inline in
// the request, before the engines' answers are merged after these.
import type { Answer } from "../core/types.ts";
import type { AnswerContext } from "./answerer.ts";
import { ANSWER_PLUGINS, ANSWERERS } from "./answer_plugins.ts";

export function answerQuery(
  query: string,
  context: AnswerContext,
  activePlugins: ReadonlySet<string>,
): Answer[] {
  const text = query.trim();
  if (text === "") return [];
  const asked = [...ANSWER_PLUGINS.filter((plugin) => activePlugins.has(plugin.id)), ...ANSWERERS];
  const answers: Answer[] = [];
  for (const { id, answer } of asked) {
    const written = answer(text, context);
    if (written !== null) {
      answers.push({
        url: null,
        engine: id,
        parsed_url: null,
        template: "answer/legacy.html",
        answer: written,
      });
    }
  }
  return answers;
}

/**
 * Loads what the answerers load on first use (ICU's number and date data, the time zone index,
 * the hash functions: tens of milliseconds once) at start, so that the first person to ask pays
 * nothing for it.
 */
export function prepareAnswerers(): void {
  const context = { clientAddress: "", userAgent: "", language: "en", now: new Date() };
  for (const query of ["1+1", "1 km to m", "time UTC", "time Tokyo", "sha512 x", "random uuid"]) {
    answerQuery(query, context, new Set(ANSWER_PLUGINS.map((plugin) => plugin.id)));
  }
}
