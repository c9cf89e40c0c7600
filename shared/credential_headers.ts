// Request headers that say who the sender is (lower case). A redirect to another origin goes on
// without them, as browsers do: a credential meant for one host never reaches a host it redirects
// to.
export const CREDENTIAL_HEADERS: readonly string[] = [
  "authorization",
  "proxy-authorization",
  "cookie",
];
