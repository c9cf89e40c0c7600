// One mapping from an upstream's HTTP error answer to the typed engine error, shared by the caller
// and by modules that see error answers themselves (`handlesHttpErrors`), so a 429 means the same
// suspension whoever reads it.
import {
  AccessDeniedError,
  CaptchaError,
  type EngineError,
  HttpStatusError,
  TooManyRequestsError,
} from "../../core/engine.ts";

// Cloudflare's interactive challenge ("Just a moment...") carries one of these in its page.
const CLOUDFLARE_CHALLENGE = /cf-chl|challenge-platform|__cf_chl_/;
const GOOGLE_RECAPTCHA = /g-recaptcha|google\.com\/recaptcha|recaptcha\/api\.js/;

/** The error an answer with this status stands for; null below 400 (not an error). */
export function errorForStatus(status: number, headers: Headers, body: string): EngineError | null {
  if (status < 400) return null;
  if (/cloudflare/i.test(headers.get("server") ?? "")) {
    if ([403, 429, 503].includes(status) && CLOUDFLARE_CHALLENGE.test(body)) {
      return new CaptchaError("Cloudflare challenge");
    }
    // 1020 is Cloudflare's "a firewall rule blocked you": no challenge will let us through.
    if (status === 403 && body.includes("error code: 1020")) {
      return new AccessDeniedError("Cloudflare firewall rule (1020)");
    }
  }
  if (status === 503 && GOOGLE_RECAPTCHA.test(body)) return new CaptchaError("reCAPTCHA");
  if (status === 402 || status === 403) return new AccessDeniedError(`status ${status}`);
  if (status === 429) return new TooManyRequestsError(`status ${status}`);
  return new HttpStatusError(status);
}
