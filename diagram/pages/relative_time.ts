// "3 min ago" for a card, with the exact time kept for its tooltip.
import { type Html, html } from "../../runtime/markup.ts";

const UNITS: [limitSeconds: number, seconds: number, name: string][] = [
  [60, 1, "s"],
  [3600, 60, "min"],
  [86_400, 3600, "h"],
  [30 * 86_400, 86_400, "d"],
  [365 * 86_400, 30 * 86_400, "mo"],
  [Infinity, 365 * 86_400, "y"],
];

/** `iso` relative to `now`: "just now", "5 min ago", "3 d ago"; a future time reads "just now". */
export function relativeTime(iso: string, now: number): string {
  const seconds = Math.max(0, Math.floor((now - Date.parse(iso)) / 1000));
  if (seconds < 10) return "just now";
  const [, size, name] = UNITS.find(([limit]) => seconds < limit)!;
  return `${Math.floor(seconds / size)} ${name} ago`;
}

/** A `<time>` reading `words` and how long ago `iso` was, the exact time in its tooltip. */
export function timeAgo(iso: string, now: number, words = ""): Html {
  return html`<time datetime="${iso}" title="${new Date(iso).toUTCString()}">${words}${
    relativeTime(iso, now)
  }</time>`;
}
