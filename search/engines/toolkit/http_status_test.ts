import assert from "node:assert/strict";
import {
  AccessDeniedError,
  CaptchaError,
  HttpStatusError,
  TooManyRequestsError,
} from "../../core/engine.ts";
import { errorForStatus } from "./http_status.ts";

const plain = new Headers({ "content-type": "text/html" });
const cloudflare = new Headers({ server: "cloudflare", "cf-ray": "8f1c2a3b4c5d6e7f-FRA" });
const challengePage = `<!DOCTYPE html><html><head><title>Just a moment...</title></head><body>
<div id="challenge-stage"></div>
<script src="/cdn-cgi/challenge-platform/h/g/orchestrate/chl_page/v1?ray=8f1c2a3b4c5d6e7f"></script>
<script>window._cf_chl_opt={cvId:'3',cZone:'example.com',cType:'managed'};</script>
</body></html>`;

Deno.test("answers below 400 are not errors", () => {
  for (const status of [200, 204, 301, 302, 303, 399]) {
    assert.equal(errorForStatus(status, plain, "whatever"), null);
  }
});

Deno.test("402 and 403 mean access denied", () => {
  for (const status of [402, 403]) {
    const error = errorForStatus(status, plain, "<h1>Forbidden</h1>");
    assert.ok(error instanceof AccessDeniedError);
    assert.equal(error.reason, "access denied");
  }
});

Deno.test("429 means too many requests", () => {
  const error = errorForStatus(429, plain, "Too Many Requests");
  assert.ok(error instanceof TooManyRequestsError);
  assert.equal(error.suspendSeconds, 180);
});

Deno.test("other error statuses become an HTTP error carrying the status", () => {
  for (const status of [400, 404, 500, 502, 503]) {
    const error = errorForStatus(status, plain, "oops");
    assert.ok(error instanceof HttpStatusError);
    assert.equal(error.status, status);
  }
});

Deno.test("a Cloudflare challenge page on 403, 429 or 503 is a CAPTCHA", () => {
  for (const status of [403, 429, 503]) {
    const error = errorForStatus(status, cloudflare, challengePage);
    assert.ok(error instanceof CaptchaError, `status ${status}`);
    assert.equal(error.reason, "CAPTCHA");
  }
});

Deno.test("a challenge page from a server that is not Cloudflare keeps the status meaning", () => {
  assert.ok(errorForStatus(403, plain, challengePage) instanceof AccessDeniedError);
});

Deno.test("Cloudflare's firewall block 1020 is access denied, not a CAPTCHA", () => {
  const body = "<html><body><h1>Access denied</h1><p>error code: 1020</p></body></html>";
  const error = errorForStatus(403, cloudflare, body);
  assert.ok(error instanceof AccessDeniedError);
  assert.match(error.message, /1020/);
});

Deno.test("a Cloudflare 500 without a challenge is a plain HTTP error", () => {
  const error = errorForStatus(500, cloudflare, challengePage);
  assert.ok(error instanceof HttpStatusError);
  assert.equal(error.status, 500);
});

Deno.test("a 503 carrying Google's reCAPTCHA is a CAPTCHA", () => {
  const body = `<html><body><form id="captcha-form" action="index" method="post">
<script src="https://www.google.com/recaptcha/api.js" async defer></script>
<div id="recaptcha" class="g-recaptcha" data-sitekey="6LfwuyUTAAAAAOAmoS0fdqijC2PbbdH4kjq62Y1b"></div>
</form></body></html>`;
  assert.ok(errorForStatus(503, plain, body) instanceof CaptchaError);
  assert.ok(errorForStatus(503, plain, "Service Unavailable") instanceof HttpStatusError);
});
