// The system Chromium for browser tests; tests never download a browser.
import { type Browser, type BrowserContextOptions, chromium } from "playwright-core";

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

/**
 * `url` in a new context of `browser` that may load nothing but loopback addresses, with the
 * console's Content-Security-Policy refusals collected in `refused`; disposing closes the context.
 */
export async function openLoopbackPage(
  browser: Browser,
  url: URL,
  options: BrowserContextOptions = {},
) {
  const context = await browser.newContext(options);
  const page = await context.newPage();
  const refused: string[] = [];
  page.on("console", (message) => {
    if (/Content Security Policy|Refused to/i.test(message.text())) refused.push(message.text());
  });
  await page.route(
    "**/*",
    (route) =>
      new URL(route.request().url()).hostname === "127.0.0.1" ? route.continue() : route.abort(),
  );
  await page.goto(url.href);
  return { context, page, refused, [Symbol.asyncDispose]: () => context.close() };
}
