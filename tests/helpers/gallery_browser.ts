// Browser scenarios against the diagram service's pages: each scenario opens its own browser
// contexts, every one watched for requests that leave loopback, CSP refusals and script errors;
// a scenario that fails leaves a screenshot of each page it had open in tests/.failures/.
import assert from "node:assert/strict";
import { fileURLToPath } from "node:url";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { launchChromium } from "./browser.ts";
import { type DiagramInstance, startDiagram } from "./diagram_instance.ts";
import { freePorts } from "./process.ts";

/** Screenshots of failed scenarios (git-ignored). */
export const FAILURES_DIR = fileURLToPath(new URL("../.failures/", import.meta.url));

/** How long one Playwright action or wait may take before the scenario fails. */
const ACTION_TIMEOUT_MS = 10_000;

/** One browser context (a separate person with their own cookies) and its first page. */
export interface Watched {
  context: BrowserContext;
  page: Page;
  /** Every URL the context asked for, in order. */
  requests: string[];
  /** Console messages that say the Content Security Policy refused something. */
  cspRefusals: string[];
  /** Requests the browser blocked for the CSP. */
  blockedByCsp: string[];
  /** Uncaught errors in the pages' scripts. */
  pageErrors: string[];
  /** Console messages of level error (a failed load, a script's console.error). */
  consoleErrors: string[];
}

export class Scenario {
  readonly #browser: Browser;
  readonly #sessions: Watched[] = [];
  readonly #contexts: BrowserContext[] = [];
  readonly #expectedConsoleErrors: RegExp[] = [];
  readonly base: string;

  constructor(browser: Browser, base: string) {
    this.#browser = browser;
    this.base = base;
  }

  /** A fresh browser context on the service's origin (relative `goto` paths resolve there). */
  async open(): Promise<Watched> {
    const context = await this.#browser.newContext({
      baseURL: this.base,
      viewport: { width: 1280, height: 900 },
      acceptDownloads: true,
    });
    this.#contexts.push(context);
    context.setDefaultTimeout(ACTION_TIMEOUT_MS);
    context.setDefaultNavigationTimeout(ACTION_TIMEOUT_MS);
    const watched = {
      context,
      requests: [] as string[],
      cspRefusals: [] as string[],
      blockedByCsp: [] as string[],
      pageErrors: [] as string[],
      consoleErrors: [] as string[],
    };
    context.on("request", (request) => watched.requests.push(request.url()));
    context.on("requestfailed", (request) => {
      const failure = request.failure()?.errorText ?? "";
      if (/csp/i.test(failure)) watched.blockedByCsp.push(`${request.url()}: ${failure}`);
    });
    context.on("console", (message) => {
      if (/Content Security Policy/i.test(message.text())) watched.cspRefusals.push(message.text());
      else if (message.type() === "error") {
        watched.consoleErrors.push(`${message.text()} (${message.location().url})`);
      }
    });
    context.on("weberror", (error) => watched.pageErrors.push(String(error.error())));
    const page = await context.newPage();
    // WebSockets are not requests to the context: the page reports them.
    page.on("websocket", (socket) => watched.requests.push(socket.url()));
    const session = { ...watched, page };
    this.#sessions.push(session);
    return session;
  }

  /** Console errors matching `pattern` are part of the scenario (a server it stops on purpose). */
  expectConsoleErrors(pattern: RegExp): void {
    this.#expectedConsoleErrors.push(pattern);
  }

  /**
   * Every context asked only loopback for its pages, and nothing was refused, threw or logged an
   * error the scenario did not expect.
   */
  assertStayedOnLoopback(): void {
    for (const [index, session] of this.#sessions.entries()) {
      const who = `browser context ${index + 1}`;
      assert.ok(session.requests.length > 0, `${who} made no requests at all`);
      const away = session.requests.filter((url) => {
        const parsed = new URL(url);
        // data: and blob: URLs are the page's own memory, not the network.
        const inPage = parsed.protocol === "data:" || parsed.protocol === "blob:";
        return !inPage && parsed.hostname !== "127.0.0.1";
      });
      assert.deepEqual(away, [], `${who} asked for something off loopback`);
      assert.deepEqual(session.cspRefusals, [], `${who} had CSP refusals`);
      assert.deepEqual(session.blockedByCsp, [], `${who} had requests blocked by the CSP`);
      assert.deepEqual(session.pageErrors, [], `${who} had script errors`);
      const unexpected = session.consoleErrors.filter((text) =>
        !this.#expectedConsoleErrors.some((pattern) => pattern.test(text))
      );
      assert.deepEqual(unexpected, [], `${who} logged errors to the console`);
    }
  }

  /** A picture of each page still open: `<name>.png`, then `<name> (2).png` for a second context. */
  async screenshot(name: string): Promise<string[]> {
    await Deno.mkdir(FAILURES_DIR, { recursive: true });
    const file = name.replace(/[^\p{L}\p{N} ._,()=-]+/gu, "_").slice(0, 150);
    const written: string[] = [];
    for (const [index, session] of this.#sessions.entries()) {
      if (session.page.isClosed()) continue;
      const path = `${FAILURES_DIR}${file}${index === 0 ? "" : ` (${index + 1})`}.png`;
      try {
        await session.page.screenshot({ path, fullPage: true, timeout: 5_000 });
        written.push(path);
      } catch {
        // A page that cannot be drawn any more must not hide the failure itself.
      }
    }
    return written;
  }

  async close(): Promise<void> {
    for (const context of this.#contexts) await context.close();
  }
}

/**
 * Runs `body` with a fresh scenario; on failure screenshots its pages into tests/.failures/
 * before rethrowing; on success checks every request stayed on loopback. Contexts always close.
 */
export async function runScenario(
  browser: Browser,
  base: string,
  name: string,
  body: (scenario: Scenario) => Promise<void>,
): Promise<void> {
  const scenario = new Scenario(browser, base);
  try {
    await body(scenario);
    scenario.assertStayedOnLoopback();
  } catch (error) {
    const shots = await scenario.screenshot(name);
    if (shots.length > 0) console.error(`screenshot of the failure: ${shots.join(", ")}`);
    throw error;
  } finally {
    await scenario.close();
  }
}

/** Fills the sign-in form as a person does; the caller waits for where it should land. */
export async function fillSignIn(page: Page, email: string, password: string): Promise<void> {
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign in" }).click();
}

/** Opens the login page and signs in; resolves once the gallery (or `next`) has loaded. */
export async function signIn(page: Page, email: string, password: string): Promise<void> {
  await page.goto("/login");
  await fillSignIn(page, email, password);
  await page.waitForURL((url) => url.pathname !== "/login");
}

/** The path (and query) of the page now shown. */
export function pathOf(page: Page): string {
  const url = new URL(page.url());
  return url.pathname + url.search;
}

/** Runs `action` (a click, a key press) and waits for the page it leads to; returns its path. */
export async function navigates(page: Page, action: () => Promise<unknown>): Promise<string> {
  const loaded = page.waitForEvent("load");
  try {
    await action();
  } catch (error) {
    // No page is coming: the wait must not fail later, on its own, with nobody listening.
    loaded.catch(() => {});
    throw error;
  }
  await loaded;
  return pathOf(page);
}

/** A diagram service on loopback and Chromium, with every page scenario a step of the test. */
export interface PageScenarios extends AsyncDisposable {
  instance: DiagramInstance;
  base: string;
  /** Runs `body` as step `name` of the test, in a fresh scenario. */
  scenario(name: string, body: (scenario: Scenario) => Promise<void>): Promise<boolean>;
}

/**
 * The diagram service with no collab server (the editor browser test has one): the editor page's
 * attempts to join a room reach a closed port on loopback, and Chromium says so in the console,
 * which every scenario expects.
 */
export async function pageScenariosWithoutCollab(t: Deno.TestContext): Promise<PageScenarios> {
  const [port, closedPort] = freePorts(2);
  const base = `http://127.0.0.1:${port}`;
  const instance = await startDiagram({
    DIAGRAM_PORT: String(port),
    BASE_URL: base,
    COLLAB_PUBLIC_URL: `ws://127.0.0.1:${closedPort}`,
  });
  const browser = await launchChromium().catch(async (error) => {
    await instance[Symbol.asyncDispose]();
    throw error;
  });
  const noCollab = new RegExp(`WebSocket connection to 'ws://127\\.0\\.0\\.1:${closedPort}/`);
  return {
    instance,
    base,
    scenario: (name, body) =>
      t.step(name, () =>
        runScenario(browser, base, name, (s) => {
          s.expectConsoleErrors(noCollab);
          return body(s);
        })),
    async [Symbol.asyncDispose]() {
      await browser.close();
      await instance[Symbol.asyncDispose]();
    },
  };
}
