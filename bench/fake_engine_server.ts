// An instant SearXNG-shaped engine for the MCP benchmark, in a process of its own: /search answers
// the same ten results (about 4 KB, encoded once) to every query. Prints its origin, runs until
// killed.
const results = Array.from({ length: 10 }, (_, i) => ({
  url: `https://example.org/article/${i}`,
  title: `Result ${i}: a page about the query`,
  content: "A snippet of about two hundred characters that describes what the page is about, " +
    "as search engines show under each title, so that formatting costs what it costs for real.",
  engine: "brave",
  engines: ["brave", "duckduckgo"],
  score: 2 - i / 10,
  category: "general",
  publishedDate: null,
}));
const body = new TextEncoder().encode(JSON.stringify({
  query: "benchmark",
  number_of_results: 0,
  results,
  answers: [],
  corrections: [],
  infoboxes: [],
  suggestions: ["benchmark tools"],
  unresponsive_engines: [],
}));

Deno.serve({
  hostname: "127.0.0.1",
  port: 0,
  onListen: ({ port }) => console.log(`fake engine on http://127.0.0.1:${port}`),
}, (request) => {
  const { pathname } = new URL(request.url);
  if (pathname === "/search") {
    return new Response(body, { headers: { "Content-Type": "application/json" } });
  }
  return new Response("OK");
});
