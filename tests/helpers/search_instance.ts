// A search service on a real loopback socket, wired to the fake providers.
import { listen } from "../../runtime/serve.ts";
import { createSearchInstance } from "../../search/instance.ts";
import type { Searcher } from "../../search/service/searcher.ts";
import {
  fakeProviderSettings,
  fakeProviderSettingsYaml,
  startFakeProviders,
} from "./fake_providers.ts";
import type { FakeUpstream } from "./fake_upstream.ts";

export const TEST_SECRET = "a-test-secret-of-sufficient-length";

export interface RunningSearch {
  url: URL;
  upstream: FakeUpstream;
  searcher: Searcher;
  /** The lines the service logged (engine failures). */
  logged: string[];
  get(path: string, init?: RequestInit): Promise<Response>;
  [Symbol.asyncDispose](): Promise<void>;
}

export async function startSearch(
  extra?: Parameters<typeof fakeProviderSettingsYaml>[1],
): Promise<RunningSearch> {
  const upstream = await startFakeProviders();
  const settings = fakeProviderSettings(upstream.origin, extra);
  const logged: string[] = [];
  const instance = createSearchInstance(settings, {
    secret: TEST_SECRET,
    imageProxyAllowsPrivate: true,
    log: (line) => logged.push(line),
  });
  const server = await listen(instance.app.fetch, { hostname: "127.0.0.1", port: 0 });
  return {
    url: server.url,
    upstream,
    searcher: instance.searcher,
    logged,
    get: (path, init) => fetch(new URL(path, server.url), init),
    async [Symbol.asyncDispose]() {
      await server.stop();
      instance.close();
      await upstream.stop();
    },
  };
}
