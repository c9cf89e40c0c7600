// The tracker_url_remover plugin: query parameters that only identify the click or the campaign
// leave result links. They never change the page, and leaving them in would both leak them to the
// person's next visit and keep duplicates apart.
//
// The list is ClearURLs' rule set (github.com/ClearURLs/Rules, data.min.json at commit 9317c06,
// 2025-07-29), which SearXNG's plugin downloads at start: its "globalRules" `rules` and
// `exceptions` (whole hosts only), and the `rules` of the providers most results come from
// (YouTube, Twitter/X, Instagram). SearXNG reads the rules but not ClearURLs' `referralMarketing`
// (`ref`, `referrer`), and neither do we. Names are compared whole and case-sensitively (SearXNG
// compares from the start, so it also strips `gclid_x`), after percent-decoding.

import { percentDecode } from "../core/url.ts";

/** Parameters removed from every link. */
const GLOBAL_NAMES: ReadonlySet<string> = new Set([
  "utm",
  "mtm",
  "yclid",
  "_openstat",
  "fb_action_ids",
  "fb_action_types",
  "fb_source",
  "fb_ref",
  "fbclid",
  "action_object_map",
  "action_type_map",
  "action_ref_map",
  "gs_l",
  "mkt_tok",
  "hmb_campaign",
  "hmb_medium",
  "hmb_source",
  "gclid",
  "srsltid",
  "cmpid",
  "os_ehash",
  "_ga",
  "_gl",
  "__twitter_impression",
  "wt_mc",
  "wtmc",
  "wt_zmc",
  "wtzmc",
  "wtrid",
  "dclid",
  "Echobox",
  "spm",
  "tracking_source",
  "ceneo_spo",
  "itm_campaign",
  "itm_medium",
  "itm_source",
  "__hsfp",
  "__hssc",
  "__hstc",
  "_hsenc",
  "__s",
  "hsCtaTracking",
  "mc_eid",
  "mc_cid",
  "mc_tc",
  "ml_subscriber",
  "ml_subscriber_hash",
  "msclkid",
  "oly_anon_id",
  "oly_enc_id",
  "rb_clickid",
  "s_cid",
  "vero_conv",
  "vero_id",
  "wickedid",
  "twclid",
  // Older ClearURLs and this instance's earlier list: Google Ads' source, HubSpot's mail id.
  "gclsrc",
  "_hsmi",
]);

/** Removed from every link by prefix: `utm_source`, `ga_term`, `otm_…`, `vn_…`. */
const GLOBAL_PREFIXES = ["utm_", "mtm_", "ga_", "otm_", "vn_"];

/** `mc` with at most one letter before it (ClearURLs' `[a-z]?mc`). */
const MC_NAME = /^[a-z]?mc$/;

/** Hosts (and their subdomains) whose links keep every parameter (ClearURLs' exceptions). */
const EXCEPTION_HOSTS = [
  "github.com",
  "gitlab.com",
  "cloudflare.com",
  "prismic.io",
  "tangerine.ca",
  "irs.gov",
  "youtrack.cloud",
  "ieeexplore.ieee.org",
  "api.bilibili.com",
  "api.taiga.io",
];

/** Parameters removed from the links of one provider's hosts (and their subdomains). */
const PROVIDERS: { hosts: string[]; names: ReadonlySet<string> }[] = [
  { hosts: ["youtube.com", "youtu.be"], names: new Set(["feature", "gclid", "kw", "si", "pp"]) },
  {
    hosts: ["twitter.com", "x.com"],
    names: new Set(["src", "ref_src", "s", "cn", "ref_url", "t"]),
  },
  { hosts: ["instagram.com"], names: new Set(["igshid", "igsh"]) },
];

function onHost(hostname: string, domains: readonly string[]): boolean {
  return domains.some((domain) => hostname === domain || hostname.endsWith(`.${domain}`));
}

function isGlobalTracker(name: string): boolean {
  return GLOBAL_NAMES.has(name) || MC_NAME.test(name) ||
    GLOBAL_PREFIXES.some((prefix) => name.startsWith(prefix));
}

/**
 * The link without tracking parameters; the same object when it has none. The query is rebuilt
 * from its original pieces (URLSearchParams would re-encode the rest): the other parameters keep
 * their order and spelling, separators left dangling go, and so does a `?` left with nothing.
 */
export function withoutTrackers(url: URL): URL {
  if (url.search === "" || onHost(url.hostname, EXCEPTION_HOSTS)) return url;
  const provider = PROVIDERS.find(({ hosts }) => onHost(url.hostname, hosts));
  const tracks = (name: string) => isGlobalTracker(name) || (provider?.names.has(name) ?? false);
  const pairs = url.search.slice(1).split("&");
  const kept = pairs.filter((pair) => !tracks(percentDecode(pair.split("=")[0])));
  if (kept.length === pairs.length) return url;
  const query = kept.filter((pair) => pair !== "").join("&");
  const cleaned = new URL(url);
  cleaned.search = query === "" ? "" : `?${query}`;
  return cleaned;
}
