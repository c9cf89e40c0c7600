// The four services by name, in a module of their own that imports no npm package: `deno task
// start` reads it before it has installed any (runtime/http.ts re-exports it for the services).
export const SERVICE_NAMES = ["search", "search_mcp", "diagram", "collab"] as const;
export type ServiceName = typeof SERVICE_NAMES[number];
