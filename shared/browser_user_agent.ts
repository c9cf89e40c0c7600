// A current desktop Firefox identity. Sites and providers answer it as they answer people;
// an honest bot string gets CAPTCHAs and 403s instead.

// One browser identity per process: some providers bind tokens (DuckDuckGo's vqd) to it.
const FIREFOX_VERSIONS = ["140.0", "143.0", "144.0", "145.0"];
const PLATFORMS = [
  "Windows NT 10.0; Win64; x64",
  "X11; Linux x86_64",
  "Macintosh; Intel Mac OS X 10.15",
];

export function browserUserAgent(random: () => number = Math.random): string {
  const version = FIREFOX_VERSIONS[Math.floor(random() * FIREFOX_VERSIONS.length)];
  const platform = PLATFORMS[Math.floor(random() * PLATFORMS.length)];
  return `Mozilla/5.0 (${platform}; rv:${version}) Gecko/20100101 Firefox/${version}`;
}
