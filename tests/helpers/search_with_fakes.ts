// Reading a search service that runs against the fake providers (helpers/search_instance.ts):
// its JSON answers and the providers it asked, as the category and media end-to-end tests check
// them.
import assert from "node:assert/strict";

export interface Result {
  url: string;
  title: string;
  engine: string;
  engines: string[];
  category: string;
  template: string;
  [field: string]: unknown;
}

export interface Answer {
  results: Result[];
  unresponsive_engines: [string, string][];
}

/** The service's JSON answer to `/search?format=json&<query>`, asserted to be a 200. */
export async function searchJson(
  search: { get(path: string): Promise<Response> },
  query: string,
): Promise<Answer> {
  const response = await search.get(`/search?format=json&${query}`);
  assert.equal(response.status, 200);
  return await response.json();
}

/** The providers asked, by the first segment of each request's path (their fake prefix). */
export function askedProviders(requests: { url: URL }[]): Set<string> {
  return new Set(requests.map((request) => request.url.pathname.split("/")[1]));
}

/** POSTs the preferences form as a browser on the same site does; the answer is not followed. */
export function postPreferences(
  search: { get(path: string, init?: RequestInit): Promise<Response> },
  form: URLSearchParams,
): Promise<Response> {
  return search.get("/preferences", {
    method: "POST",
    headers: {
      "Content-Type": "application/x-www-form-urlencoded",
      "Sec-Fetch-Site": "same-origin",
    },
    body: form,
    redirect: "manual",
  });
}
