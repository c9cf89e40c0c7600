// The Mermaid corpus (diagram/drawing/mermaid/corpus/*.mmd): real-world-style flowcharts that the
// parser, the drawing and Excalidraw's restore() tests all go through.
const CORPUS = new URL("../../diagram/drawing/mermaid/corpus/", import.meta.url);

export interface CorpusChart {
  /** The file's name, e.g. "microservices.mmd". */
  name: string;
  text: string;
}

/** Every chart, by name. */
export async function mermaidCorpus(): Promise<CorpusChart[]> {
  const charts: CorpusChart[] = [];
  for await (const entry of Deno.readDir(CORPUS)) {
    if (entry.isFile && entry.name.endsWith(".mmd")) {
      charts.push({ name: entry.name, text: await Deno.readTextFile(new URL(entry.name, CORPUS)) });
    }
  }
  return charts.sort((a, b) => a.name.localeCompare(b.name));
}

/** A file of the corpus folder other than a chart, e.g. "expected.json". */
export function corpusFile(name: string): Promise<string> {
  return Deno.readTextFile(new URL(name, CORPUS));
}
