// The system Chromium for browser tests; tests never download a browser.
import { type Browser, chromium } from "playwright-core";

const CHROMIUM_FLAGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  // The rest keep Chromium from phoning home: tests must see only their own loopback traffic.
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

/** Headless Chromium from `CHROMIUM_PATH`, else the distribution's `/usr/bin/chromium`. */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: Deno.env.get("CHROMIUM_PATH") || "/usr/bin/chromium",
    args: CHROMIUM_FLAGS,
  });
}
