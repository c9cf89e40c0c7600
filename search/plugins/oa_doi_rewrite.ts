// The oa_doi_rewrite plugin, as SearXNG's: a result whose own link carries a DOI (doi.org/<doi>,
// or a publisher's page with the DOI in its path or a query value) links to the resolver from
// settings (`doi_resolvers`, `default_doi_resolver`) instead, e.g. https://oadoi.org/<doi>, which
// sends readers to an open-access copy when there is one.

// SearXNG's pattern: the directory indicator `10.`, a registrant code, `/`, a suffix up to a space.
const DOI = /10\.\d{4,9}\/\S+/;

// DOIs longer than this are taken for something else (SearXNG's bound).
const MAX_DOI_LENGTH = 50;

// Endings publishers add after the DOI in their links, removed in this order (SearXNG's).
const SUFFIXES = ["/", ".pdf", ".xml", "/full", "/meta", "/abstract"];

function findDoi(url: URL): string | null {
  const inPath = DOI.exec(url.pathname)?.[0];
  if (inPath !== undefined) return inPath;
  for (const value of url.searchParams.values()) {
    const inQuery = DOI.exec(value)?.[0];
    if (inQuery !== undefined) return inQuery;
  }
  return null;
}

/** The resolver's link for the DOI in `url`, or null when it carries none. */
export function doiResolved(url: URL, resolver: string): URL | null {
  let doi = findDoi(url);
  if (doi === null || doi.length >= MAX_DOI_LENGTH) return null;
  for (const suffix of SUFFIXES) {
    if (doi.endsWith(suffix)) doi = doi.slice(0, -suffix.length);
  }
  return URL.parse(`${resolver}${doi}`);
}
