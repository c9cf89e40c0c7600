// The name a diagram's downloads are saved under, the same whether the server sends the file
// (export, export.svg, export.mmd) or the editor makes it in the browser (its on-screen .svg and
// .png): the diagram's name, with what file systems refuse taken out.

/** Characters file systems refuse become "-"; an empty result becomes "diagram". */
export function fileNameOf(name: string): string {
  const safe = name.replace(/[\\/:*?"<>|\p{Cc}]+/gu, "-").trim().replace(/^\.+/, "");
  return safe.length > 0 ? safe.slice(0, 100) : "diagram";
}
