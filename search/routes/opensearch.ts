// /opensearch.xml lets browsers add this instance as a search engine.
import { Hono } from "hono";
import { escapeXml } from "../../shared/xml.ts";
import { publicOrigin, type SearchDeps } from "./site.ts";

/** GET /opensearch.xml: the OpenSearch description browsers add. */
export function opensearchRoutes(deps: SearchDeps): Hono {
  const app = new Hono();
  app.get("/opensearch.xml", (c) => {
    const { settings } = deps;
    const origin = publicOrigin(c, settings);
    const name = escapeXml(settings.general.instance_name);
    const post = settings.server.method === "POST";
    const results = post
      ? `<Url type="text/html" method="post" template="${escapeXml(origin)}/search">
    <Param name="q" value="{searchTerms}"/>
  </Url>`
      : `<Url type="text/html" method="get" template="${
        escapeXml(origin)
      }/search?q={searchTerms}"/>`;
    const suggestions = settings.search.autocomplete === "" ? "" : `
  <Url type="application/x-suggestions+json" method="get" template="${
      escapeXml(origin)
    }/autocompleter?q={searchTerms}"/>`;
    const body = `<?xml version="1.0" encoding="utf-8"?>
<OpenSearchDescription xmlns="http://a9.com/-/spec/opensearch/1.1/">
  <ShortName>${name}</ShortName>
  <LongName>${name} metasearch</LongName>
  <Description>Private metasearch: several web search providers and Wikipedia, merged.</Description>
  <InputEncoding>UTF-8</InputEncoding>
  <Image height="16" width="16" type="image/svg+xml">${escapeXml(origin)}/favicon.svg</Image>
  ${results}${suggestions}
  <Url type="application/opensearchdescription+xml" rel="self" template="${
      escapeXml(origin)
    }/opensearch.xml"/>
</OpenSearchDescription>
`;
    return c.body(body, 200, {
      "Content-Type": "application/opensearchdescription+xml; charset=utf-8",
    });
  });
  return app;
}
