// Per-engine reliability and speed, so users can see why an engine gave no results.
import { renderPage, type SiteView } from "./layout.ts";
import { type Html, html } from "../../runtime/markup.ts";
import type { Preferences } from "./preferences.ts";

export interface EngineStats {
  name: string;
  searches: number;
  errors: number;
  /** 0..1 */
  error_rate: number;
  median_ms: number | null;
  p95_ms: number | null;
  /** ISO timestamp. */
  suspended_until: string | null;
}

const NONE = "–";

function milliseconds(value: number | null): string {
  return value === null ? NONE : `${Math.round(value)} ms`;
}

function percent(rate: number): string {
  return `${(rate * 100).toFixed(1)} %`;
}

function suspendedUntil(iso: string | null): Html | string {
  if (!iso) return NONE;
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  const utc = date.toISOString();
  return html`<time datetime="${utc}">${utc.slice(0, 16).replace("T", " ")} UTC</time>`;
}

function row(stats: EngineStats): Html {
  return html`
    <tr>
      <th scope="row">${stats.name}</th>
      <td>${stats.searches}</td>
      <td>${stats.errors}</td>
      <td>${percent(stats.error_rate)}</td>
      <td>${milliseconds(stats.median_ms)}</td>
      <td>${milliseconds(stats.p95_ms)}</td>
      <td>${suspendedUntil(stats.suspended_until)}</td>
    </tr>
  `;
}

export function renderStatsPage(site: SiteView, prefs: Preferences, stats: EngineStats[]): string {
  const table = html`
    <div class="table-wrap">
      <table class="stats">
        <caption>Reliability and speed of each engine</caption>
        <thead>
          <tr>
            <th scope="col">Engine</th>
            <th scope="col">Searches</th>
            <th scope="col">Errors</th>
            <th scope="col">Error rate</th>
            <th scope="col">Median time</th>
            <th scope="col">95th percentile</th>
            <th scope="col">Suspended until</th>
          </tr>
        </thead>
        <tbody>
    ${stats.map(row)}
        </tbody>
      </table>
    </div>
  `;
  return renderPage(site, prefs, {
    kind: "stats",
    title: "Engine statistics",
    main: html`<h1>Engine statistics</h1>
${stats.length ? table : html`<p>No engine has searched yet.</p>`}`,
  });
}
