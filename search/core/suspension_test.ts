import assert from "node:assert/strict";
import { AccessDeniedError, CaptchaError, NetworkError, TooManyRequestsError } from "./engine.ts";
import { Suspensions } from "./suspension.ts";

Deno.test("blocks suspend for SearXNG's times: 403 and 429 for 180 s, CAPTCHA for an hour", () => {
  let clock = 0;
  const suspensions = new Suspensions(() => clock);
  suspensions.failed("brave", new TooManyRequestsError());
  suspensions.failed("mojeek", new AccessDeniedError());
  suspensions.failed("startpage", new CaptchaError());
  suspensions.failed("bing", new NetworkError("reset"));
  clock = 4_999;
  assert.equal(suspensions.get("bing")?.reason, "network error");
  clock = 5_000;
  assert.equal(suspensions.get("bing"), undefined);
  clock = 179_999;
  assert.equal(suspensions.get("brave")?.reason, "too many requests");
  assert.equal(suspensions.get("mojeek")?.reason, "access denied");
  clock = 180_000;
  assert.equal(suspensions.get("brave"), undefined);
  assert.equal(suspensions.get("mojeek"), undefined);
  clock = 3_599_999;
  assert.equal(suspensions.get("startpage")?.reason, "CAPTCHA");
  clock = 3_600_000;
  assert.equal(suspensions.get("startpage"), undefined);
});

Deno.test("a success lifts a suspension at once", () => {
  const suspensions = new Suspensions(() => 0);
  suspensions.failed("brave", new TooManyRequestsError());
  suspensions.succeeded("brave");
  assert.equal(suspensions.get("brave"), undefined);
});
