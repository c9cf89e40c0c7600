// A request context for the answerers' tests.
import type { AnswerContext } from "./answerer.ts";

export function testContext(overrides: Partial<AnswerContext> = {}): AnswerContext {
  return {
    clientAddress: "203.0.113.7",
    userAgent: "Mozilla/5.0 (X11; Linux x86_64) TestBrowser/1.0",
    language: "en",
    now: new Date("2026-11-28T21:05:00Z"),
    ...overrides,
  };
}
