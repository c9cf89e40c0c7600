// A small Prometheus registry of our own: counters, gauges and histograms with fixed label names,
// plus families whose samples are read when scraped (a pool's queue, a database's size). It
// writes the text exposition format 0.0.4. Label values must be bounded by the caller (route
// templates, engine names, outcomes), never user input or ids: each value set is a series kept
// for the life of the process.

export const CONTENT_TYPE = "text/plain; version=0.0.4; charset=utf-8";

export type Labels = Readonly<Record<string, string>>;
export type MetricType = "counter" | "gauge" | "histogram";
/** Samples read at scrape time: one value, or one per label set. */
export type Collected = number | readonly (readonly [Labels, number])[];

/** Request latency, in seconds: 5 ms to 10 s. */
export const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

const NAME = /^[a-zA-Z_:][a-zA-Z0-9_:]*$/;
const LABEL_NAME = /^[a-zA-Z_][a-zA-Z0-9_]*$/;

interface Family {
  name: string;
  help: string;
  type: MetricType;
  /** Sample lines, without the HELP and TYPE lines. */
  lines(): string[] | Promise<string[]>;
}

export interface Counter {
  inc(labels?: Labels, by?: number): void;
}

export interface Gauge {
  set(value: number, labels?: Labels): void;
  inc(labels?: Labels, by?: number): void;
  dec(labels?: Labels, by?: number): void;
}

export interface Histogram {
  observe(value: number, labels?: Labels): void;
}

export class Registry {
  readonly #families = new Map<string, Family>();

  counter(name: string, help: string, labelNames: readonly string[] = []): Counter {
    if (!name.endsWith("_total")) throw new Error(`counter ${name} must end in _total`);
    const values = this.#series(name, help, "counter", labelNames);
    return {
      inc(labels = {}, by = 1) {
        if (by < 0) throw new Error(`counter ${name} cannot go down`);
        values.add(labels, by);
      },
    };
  }

  gauge(name: string, help: string, labelNames: readonly string[] = []): Gauge {
    const values = this.#series(name, help, "gauge", labelNames);
    return {
      set: (value, labels = {}) => values.put(labels, value),
      inc: (labels = {}, by = 1) => values.add(labels, by),
      dec: (labels = {}, by = 1) => values.add(labels, -by),
    };
  }

  /** A family whose value is read when scraped; `collect` may be async (a database query). */
  collected(
    name: string,
    help: string,
    type: "counter" | "gauge",
    collect: () => Collected | Promise<Collected>,
  ): void {
    this.#add({
      name,
      help,
      type,
      async lines() {
        const collected = await collect();
        const samples = typeof collected === "number" ? [[{}, collected] as const] : collected;
        return samples.map(([labels, value]) => sampleLine(name, labels, value));
      },
    });
  }

  histogram(
    name: string,
    help: string,
    buckets: readonly number[],
    labelNames: readonly string[] = [],
  ): Histogram {
    checkNames(name, labelNames);
    if (labelNames.includes("le")) throw new Error(`histogram ${name} cannot use the label le`);
    const bounds = [...buckets].sort((a, b) => a - b);
    const series = new Map<string, { labels: Labels; counts: number[]; sum: number }>();
    this.#add({
      name,
      help,
      type: "histogram",
      lines: () =>
        [...series.values()].flatMap(({ labels, counts, sum }) => {
          let cumulative = 0;
          const lines = bounds.map((bound, i) => {
            cumulative += counts[i];
            return sampleLine(`${name}_bucket`, { ...labels, le: formatValue(bound) }, cumulative);
          });
          const count = cumulative + counts[bounds.length];
          lines.push(sampleLine(`${name}_bucket`, { ...labels, le: "+Inf" }, count));
          lines.push(sampleLine(`${name}_sum`, labels, sum));
          lines.push(sampleLine(`${name}_count`, labels, count));
          return lines;
        }),
    });
    return {
      observe(value, labels = {}) {
        const key = seriesKey(name, labelNames, labels);
        let entry = series.get(key);
        if (!entry) {
          entry = { labels: { ...labels }, counts: new Array(bounds.length + 1).fill(0), sum: 0 };
          series.set(key, entry);
        }
        const slot = bounds.findIndex((bound) => value <= bound);
        entry.counts[slot === -1 ? bounds.length : slot]++;
        entry.sum += value;
      },
    };
  }

  /** The exposition text of every family, in the order they were registered. */
  async expose(): Promise<string> {
    const parts: string[] = [];
    for (const family of this.#families.values()) {
      parts.push(`# HELP ${family.name} ${escapeHelp(family.help)}`);
      parts.push(`# TYPE ${family.name} ${family.type}`);
      parts.push(...await family.lines());
    }
    return parts.join("\n") + "\n";
  }

  #series(name: string, help: string, type: MetricType, labelNames: readonly string[]) {
    checkNames(name, labelNames);
    const series = new Map<string, { labels: Labels; value: number }>();
    this.#add({
      name,
      help,
      type,
      lines: () => [...series.values()].map(({ labels, value }) => sampleLine(name, labels, value)),
    });
    const labelled = (labels: Labels) => {
      const key = seriesKey(name, labelNames, labels);
      let found = series.get(key);
      if (!found) {
        found = { labels: { ...labels }, value: 0 };
        series.set(key, found);
      }
      return found;
    };
    // A family without labels has one series: no key to build on every count (collab counts
    // every frame it sends).
    let only: { labels: Labels; value: number } | undefined;
    const unlabelled = (labels: Labels) => {
      for (const label in labels) throw new Error(`${name} takes no labels, got ${label}`);
      if (only === undefined) series.set("[]", only = { labels: {}, value: 0 });
      return only;
    };
    const entry = labelNames.length === 0 ? unlabelled : labelled;
    return {
      add: (labels: Labels, by: number) => void (entry(labels).value += by),
      put: (labels: Labels, value: number) => void (entry(labels).value = value),
    };
  }

  #add(family: Family): void {
    if (!NAME.test(family.name)) throw new Error(`bad metric name ${family.name}`);
    if (this.#families.has(family.name)) throw new Error(`metric ${family.name} registered twice`);
    this.#families.set(family.name, family);
  }
}

function checkNames(name: string, labelNames: readonly string[]): void {
  for (const label of labelNames) {
    if (!LABEL_NAME.test(label) || label.startsWith("__")) {
      throw new Error(`bad label name ${label} on ${name}`);
    }
  }
}

/** The key of a label set; exactly the declared names, so a typo fails loudly at once. */
function seriesKey(name: string, labelNames: readonly string[], labels: Labels): string {
  const given = Object.keys(labels);
  if (given.length !== labelNames.length || !labelNames.every((label) => label in labels)) {
    throw new Error(`${name} takes labels [${labelNames}], got [${given}]`);
  }
  return JSON.stringify(labelNames.map((label) => labels[label]));
}

function sampleLine(name: string, labels: Labels, value: number): string {
  const pairs = Object.entries(labels).map(([key, text]) => `${key}="${escapeLabel(text)}"`);
  return `${name}${pairs.length ? `{${pairs.join(",")}}` : ""} ${formatValue(value)}`;
}

/** Label values escape backslash, double quote and line feed (format 0.0.4). */
export function escapeLabel(text: string): string {
  return text.replaceAll("\\", "\\\\").replaceAll('"', '\\"').replaceAll("\n", "\\n");
}

/** HELP text escapes backslash and line feed only. */
export function escapeHelp(text: string): string {
  return text.replaceAll("\\", "\\\\").replaceAll("\n", "\\n");
}

export function formatValue(value: number): string {
  if (Number.isNaN(value)) return "NaN";
  if (value === Infinity) return "+Inf";
  if (value === -Infinity) return "-Inf";
  return String(value);
}
