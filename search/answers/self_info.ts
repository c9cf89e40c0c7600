// The `self_info` plugin: "ip" and "user agent" answer what this instance saw of the request.
// Unlike SearXNG (any query starting "ip", "iphone 15" included) only these phrasings answer.
import type { AnswerContext } from "./answerer.ts";

const IP = new Set(["ip", "my ip", "ip address", "my ip address", "what is my ip"]);
const USER_AGENT = new Set([
  "user-agent",
  "user agent",
  "useragent",
  "my user-agent",
  "my user agent",
  "what is my user agent",
]);

export function selfInfo(query: string, context: AnswerContext): string | null {
  const asked = query.trim().toLowerCase().replace(/\?$/, "");
  if (IP.has(asked)) {
    return context.clientAddress === "unknown" ? null : `Your IP is: ${context.clientAddress}`;
  }
  if (USER_AGENT.has(asked)) {
    return context.userAgent === "" ? null : `Your user-agent is: ${context.userAgent}`;
  }
  return null;
}
