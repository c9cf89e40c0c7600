// The fake providers in a process of their own, so the benchmark's upstream load does not share
// an event loop with the search service. Prints its origin, runs until killed.
import { startFakeProviders } from "../tests/helpers/fake_providers.ts";

const delayMs = Number(Deno.args[0] ?? 0);
const upstream = await startFakeProviders({ record: false, delayMs });
console.log(`fake providers on ${upstream.origin}`);
