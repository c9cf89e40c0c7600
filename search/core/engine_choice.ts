// Which engines a person asks, category by category, with SearXNG's preference semantics: an
// engine is switched per category, named "<engine name>__<category>"; `disabled_engines` lists the
// switches a person turned off among those the settings turn on, `enabled_engines` the ones they
// turned on among those the settings leave off (`disabled: true`).

/** What the choice needs to know of a configured engine. */
export interface EngineChoice {
  name: string;
  categories: readonly string[];
  /** Off unless a person turns it on (settings' `disabled: true`). */
  disabled: boolean;
}

/** A person's switches, as the preference cookies and request parameters carry them. */
export interface EngineSwitches {
  disabled_engines: readonly string[];
  enabled_engines: readonly string[];
}

/** SearXNG's tab order (`categories_as_tabs`); other categories follow in the order given. */
const TAB_ORDER = [
  "general",
  "images",
  "videos",
  "news",
  "map",
  "music",
  "it",
  "science",
  "files",
  "social media",
];

/** The switch of `engine` in `category`: "brave__general", "bing images__images". */
export function engineKey(engine: string, category: string): string {
  return `${engine}__${category}`;
}

/** Whether `engine` is asked in `category` for a person with these switches. */
export function engineIsOn(
  engine: EngineChoice,
  category: string,
  switches: EngineSwitches,
): boolean {
  if (!engine.categories.includes(category)) return false;
  const key = engineKey(engine.name, category);
  if (switches.disabled_engines.includes(key)) return false;
  return !engine.disabled || switches.enabled_engines.includes(key);
}

/**
 * The switches named in a comma-separated list that exist among `engines`, in engine and category
 * order, each once. A bare engine name (what this instance's cookies held before engines were
 * switched per category) stands for every category of that engine.
 */
export function readEngineList(
  value: string,
  engines: readonly EngineChoice[],
): string[] {
  const named = new Set(value.split(",").map((item) => item.trim()).filter(Boolean));
  const keys: string[] = [];
  for (const engine of engines) {
    for (const category of engine.categories) {
      const key = engineKey(engine.name, category);
      if (named.has(key) || named.has(engine.name)) keys.push(key);
    }
  }
  return [...new Set(keys)];
}

/** Categories in SearXNG's tab order, the others after them in their own order. */
export function orderCategories(categories: Iterable<string>): string[] {
  const unique = [...new Set(categories)];
  const rank = (category: string) => {
    const at = TAB_ORDER.indexOf(category);
    return at < 0 ? TAB_ORDER.length + unique.indexOf(category) : at;
  };
  return unique.sort((a, b) => rank(a) - rank(b));
}

/** Every category in which at least one engine is on for this person, in tab order. */
export function enabledCategories(
  engines: readonly EngineChoice[],
  switches: EngineSwitches,
): string[] {
  const categories = engines.flatMap((engine) =>
    engine.categories.filter((category) => engineIsOn(engine, category, switches))
  );
  return orderCategories(categories);
}

/** Every category any engine serves, on or off, in tab order. */
export function allCategories(engines: readonly EngineChoice[]): string[] {
  return orderCategories(engines.flatMap((engine) => engine.categories));
}
