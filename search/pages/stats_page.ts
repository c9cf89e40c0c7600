// Per-engine reliability and speed, so users can see why an engine gave no results.
import { renderPage, type SiteView } from "./layout.ts";
import { type Html, html } from "../../runtime/markup.ts";
import type { Preferences } from "../core/preferences.ts";
import type { EngineSummary } from "../core/engine_stats.ts";

/** One engine's figures and, when suspended, until when and why. */
export interface EngineStats extends EngineSummary {
  name: string;
  /** ISO timestamp. */
  suspended_until: string | null;
  suspended_because: string | null;
}

/** One engine's stats with the settings it runs with. */
export interface EngineDetail extends EngineStats {
  shortcut: string;
  categories: string[];
  disabled: boolean;
  timeout_ms: number;
  weight: number;
  paging: boolean;
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
      <th scope="row"><a href="/stats?engine=${encodeURIComponent(stats.name)}">${stats
        .name}</a></th>
      <td>${stats.searches}</td>
      <td>${stats.errors}</td>
      <td>${percent(stats.error_rate)}</td>
      <td>${milliseconds(stats.median_ms)}</td>
      <td>${milliseconds(stats.p95_ms)}</td>
      <td>${suspendedUntil(stats.suspended_until)}</td>
    </tr>
  `;
}

/** The stats page: every engine's timings and reliability. */
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

/** One engine's stats page: its settings, failures and suspension. */
export function renderEngineStatsPage(
  site: SiteView,
  prefs: Preferences,
  engine: EngineDetail,
): string {
  const reasons = Object.entries(engine.errors_by_reason).sort(([, a], [, b]) => b - a);
  return renderPage(site, prefs, {
    kind: "stats",
    title: `${engine.name} – engine statistics`,
    main: html`
      <p><a href="/stats">← All engines</a></p>
      <h1>${engine.name}</h1>
      <dl class="engine-facts">
        <dt>Shortcut</dt>
        <dd><code>!${engine.shortcut}</code></dd>
        <dt>Categories</dt>
        <dd>${engine.categories.join(", ")}</dd>
        <dt>Enabled</dt>
        <dd>${engine.disabled ? "no (only when named with its shortcut)" : "yes"}</dd>
        <dt>Timeout</dt>
        <dd>${milliseconds(engine.timeout_ms)}</dd>
        <dt>Weight</dt>
        <dd>${engine.weight}</dd>
        <dt>Pages</dt>
        <dd>${engine.paging ? "yes" : "first page only"}</dd>
        <dt>Searches</dt>
        <dd>${engine.searches}</dd>
        <dt>Errors</dt>
        <dd>${engine.errors} (${percent(engine.error_rate)})</dd>
        <dt>Median time</dt>
        <dd>${milliseconds(engine.median_ms)}</dd>
        <dt>95th percentile</dt>
        <dd>${milliseconds(engine.p95_ms)}</dd>
        <dt>Suspended until</dt>
        <dd>${suspendedUntil(engine.suspended_until)}${engine.suspended_because
          ? html`
            (${engine.suspended_because})
          `
          : ""}</dd>
      </dl>
      <h2>Why it failed</h2>
      ${reasons.length === 0
        ? html`<p>It has not failed since the service started.</p>`
        : html`<ul>${reasons.map(([reason, count]) => html`<li>${reason}: ${count}</li>`)}</ul>
<h2>Latest failures</h2>
<ol class="recent-errors">${
          engine.recent_errors.map(({ at, reason }) =>
            html`<li><time datetime="${at}">${
              at.slice(0, 19).replace("T", " ")
            } UTC</time>: ${reason}</li>`
          )
        }</ol>`}
    `,
  });
}
