import assert from "node:assert/strict";
import type { Element as DomElement } from "domhandler";
import { getElementsByTagName, textContent } from "domutils";
import { parseDocument } from "htmlparser2";
import { MAX_THUMBNAIL_BYTES, sanitizeSvg } from "./sanitize_svg.ts";
import { svgReferenceProblems } from "../../../tests/helpers/svg_references.ts";

const OPEN = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100">';

/** Sanitises `body` inside an svg root, insists on a result and re-parses it. */
function clean(body: string): { svg: string; root: DomElement } {
  const svg = sanitizeSvg(`${OPEN}${body}</svg>`);
  assert.ok(svg !== null, "expected the SVG to be accepted");
  const document = parseDocument(svg, { xmlMode: true, recognizeSelfClosing: true });
  const roots = document.children.filter((node): node is DomElement => node.type === "tag");
  assert.equal(roots.length, 1);
  assert.equal(roots[0].name, "svg");
  return { svg, root: roots[0] };
}

function names(root: DomElement): string[] {
  return getElementsByTagName(() => true, root.children).map((element) => element.name);
}

/** A hand-written sample shaped like Excalidraw 0.18's exportToSvg output. */
const EXCALIDRAW_EXPORT = [
  '<svg version="1.1" xmlns="http://www.w3.org/2000/svg" viewBox="0 0 240 120" width="240" ',
  'height="120"><!-- svg-source:excalidraw --><metadata></metadata><defs>',
  '<style class="style-fonts">\n      @font-face { font-family: Excalifont; ',
  "src: url(data:font/woff2;base64,d09GMgABAAAAAAXkAA4AAAAACpAAAAWQ); }\n    </style></defs>",
  '<rect x="0" y="0" width="240" height="120" fill="#ffffff"></rect>',
  '<g stroke-linecap="round" transform="translate(10 10) rotate(0 110 50)">',
  '<path d="M25 0 C78 1, 138 -1, 195 0 M25 0 C87 0, 149 1, 195 0" stroke="none" ',
  'stroke-width="0" fill="#a5d8ff"></path>',
  '<path d="M25 0 C78 1, 138 -1, 195 0 Q220 0, 220 25" stroke="#1e1e1e" stroke-width="2" ',
  'fill="none"></path></g>',
  '<g transform="translate(70 47.5) rotate(0 50 12.5)"><text x="50" y="17.62" ',
  'font-family="Excalifont, Xiaolai, Segoe UI Emoji" font-size="20px" fill="#1e1e1e" ',
  'text-anchor="middle" style="white-space: pre;" direction="ltr" ',
  'dominant-baseline="alphabetic">Service &amp; API</text></g><mask></mask></svg>',
].join("");

Deno.test("an Excalidraw export keeps its shapes and text and loses its embedded fonts", () => {
  const svg = sanitizeSvg(EXCALIDRAW_EXPORT);
  assert.ok(svg !== null);
  const root = parseDocument(svg, { xmlMode: true }).children[0] as DomElement;
  assert.equal(root.attribs.viewBox, "0 0 240 120");
  assert.equal(root.attribs.version, "1.1");
  assert.deepEqual(names(root), ["defs", "rect", "g", "path", "path", "g", "text", "mask"]);
  const [fill, outline] = getElementsByTagName("path", root);
  assert.equal(fill.attribs.fill, "#a5d8ff");
  assert.equal(outline.attribs.d, "M25 0 C78 1, 138 -1, 195 0 Q220 0, 220 25");
  assert.equal(getElementsByTagName("g", root)[0].attribs["stroke-linecap"], "round");
  const label = getElementsByTagName("text", root)[0];
  assert.equal(textContent(label), "Service & API");
  // Styles are re-written from their allowed declarations, not copied.
  assert.equal(label.attribs.style, "white-space: pre");
  assert.equal(label.attribs["font-size"], "20px");
  assert.doesNotMatch(svg, /font-face|data:font|metadata|svg-source/);
});

Deno.test("the output starts with a root carrying the SVG and XLink namespaces", () => {
  const { svg, root } = clean('<rect width="10" height="10"/>');
  assert.ok(svg.startsWith('<svg xmlns="http://www.w3.org/2000/svg"'));
  assert.equal(root.attribs["xmlns:xlink"], "http://www.w3.org/1999/xlink");
  const rewritten = sanitizeSvg('<svg xmlns="http://www.w3.org/1999/xhtml"><g/></svg>');
  assert.equal(
    rewritten,
    '<svg xmlns="http://www.w3.org/2000/svg" ' +
      'xmlns:xlink="http://www.w3.org/1999/xlink"><g/></svg>',
  );
});

Deno.test("script, foreignObject, links and animations are dropped with everything inside", () => {
  const { svg, root } = clean(
    "<script>alert(1)</script>" +
      "<script><![CDATA[ alert(2) ]]></script>" +
      '<foreignObject><div xmlns="http://www.w3.org/1999/xhtml"><iframe src="x"/></div></foreignObject>' +
      '<a href="https://example.test/"><text>link</text></a>' +
      '<rect width="5" height="5"><animate attributeName="x" to="1"/><set attributeName="y" to="2"/></rect>' +
      "<iframe/><metadata>secret</metadata>",
  );
  assert.deepEqual(names(root), ["rect"]);
  assert.doesNotMatch(svg, /alert|script|iframe|>link|animate|secret|example/);
});

Deno.test("event handlers are removed while their elements stay", () => {
  const svg = sanitizeSvg(
    `<svg onload="alert(1)" xmlns="http://www.w3.org/2000/svg"><rect onclick="alert(2)" ` +
      `onMouseOver="alert(3)" width="4" height="4"/></svg>`,
  );
  assert.equal(
    svg,
    '<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink">' +
      '<rect width="4" height="4"/></svg>',
  );
});

Deno.test("images keep only raster data URLs; external and SVG sources drop the image", () => {
  const png = "data:image/png;base64,iVBORw0KGgo=";
  const { root } = clean(
    [
      `<image href="${png}" width="4" height="4"/>`,
      '<image href="http://example.test/a.png"/>',
      '<image xlink:href="//example.test/a.png"/>',
      '<image href="file:///etc/passwd"/>',
      '<image href="data:image/svg+xml;base64,PHN2Zz48L3N2Zz4="/>',
      '<image href="data:image/png,not-base64"/>',
      "<image/>",
    ].join(""),
  );
  const images = getElementsByTagName("image", root);
  assert.equal(images.length, 1);
  assert.equal(images[0].attribs.href, png);
});

Deno.test("use and pattern may only point inside the document", () => {
  const { root } = clean(
    [
      '<defs><symbol id="s"><rect width="1" height="1"/></symbol>',
      '<pattern id="p" href="http://example.test/p.svg#x" width="4" height="4"/></defs>',
      '<use href="#s"/><use xlink:href="#s" x="5"/>',
      '<use href="http://example.test/sprite.svg#s"/><use xlink:href="//example.test/s.svg#s"/>',
      "<use/>",
    ].join(""),
  );
  const uses = getElementsByTagName("use", root);
  assert.deepEqual(uses.map((use) => use.attribs.href ?? use.attribs["xlink:href"]), ["#s", "#s"]);
  assert.deepEqual(getElementsByTagName("pattern", root)[0].attribs, {
    id: "p",
    width: "4",
    height: "4",
  });
});

Deno.test("javascript: is removed from any attribute, however it is spelled", () => {
  const { svg, root } = clean(
    [
      '<rect id="a" fill="javascript:alert(1)" width="1"/>',
      '<rect id="b" class="&#106;avascript:alert(1)"/>',
      '<rect id="c" stroke="java&#x09;script:alert(1)"/>',
      '<rect id="d" style="fill: red; x: JavaScript:alert(1)"/>',
      '<use id="e" href="#&#10;javascript:alert(1)"/>',
    ].join(""),
  );
  assert.doesNotMatch(svg.toLowerCase(), /script/);
  assert.deepEqual(getElementsByTagName("rect", root).map((rect) => rect.attribs), [
    { id: "a", width: "1" },
    { id: "b" },
    { id: "c" },
    { id: "d" },
  ]);
  assert.equal(getElementsByTagName("use", root).length, 0);
});

Deno.test("references in attributes must be url(#…)", () => {
  const { root } = clean(
    [
      '<path id="a" marker-end="url(#arrow)" clip-path="url( \'#clip\' )" fill="url(#g)"/>',
      '<path id="b" marker-start="url(http://example.test/m.svg#m)" mask="url(//example.test/x)"/>',
      '<path id="c" filter="url(data:image/svg+xml,x)" fill="url(#ok) url(http://example.test/)"/>',
    ].join(""),
  );
  assert.deepEqual(getElementsByTagName("path", root).map((path) => path.attribs), [
    { id: "a", "marker-end": "url(#arrow)", "clip-path": "url( '#clip' )", fill: "url(#g)" },
    { id: "b" },
    { id: "c" },
  ]);
});

Deno.test("style attributes that load or run anything are dropped", () => {
  const { root } = clean(
    [
      '<rect id="a" style="fill: url(#g); stroke: #000"/>',
      '<rect id="b" style="fill: url(http://example.test/x.png)"/>',
      '<rect id="c" style="width: expression(alert(1))"/>',
      '<rect id="d" style="fill: u\\72l(http://example.test/)"/>',
      '<rect id="e" style="fill: u&#1;rl(http://example.test/)"/>',
    ].join(""),
  );
  assert.deepEqual(
    getElementsByTagName("rect", root).map((rect) => rect.attribs.style ?? null),
    ["fill: url(#g); stroke: #000", null, null, null, null],
  );
});

Deno.test("style elements with imports, external URLs or script are dropped whole", () => {
  for (
    const css of [
      "@import url(https://example.test/a.css); rect { fill: red }",
      "@IMPORT 'https://example.test/a.css';",
      "rect { fill: url(http://example.test/x.png) }",
      "rect { background: url( 'https://example.test/x' ) }",
      "rect { width: expression(alert(1)) }",
      "rect { fill: red } a { x: javascript:alert(1) }",
      "@\\69mport 'https://example.test/a.css';",
    ]
  ) {
    const { root } = clean(`<style>${css}</style><rect/>`);
    assert.deepEqual(names(root), ["rect"], css);
  }
});

Deno.test("a style element keeps its rules, loses @font-face blocks and is written as escaped text", () => {
  const { svg, root } = clean(
    '<defs><style class="style-fonts"><![CDATA[ @font-face { font-family: "A}"; src: ' +
      "url(data:font/woff2;base64,AAAA); } .arrow > path { fill: url(#g) } " +
      "@font-face{src:url(https://example.test/f.woff2)} ]]></style></defs>",
  );
  const style = getElementsByTagName("style", root)[0];
  assert.equal(style.attribs.class, "style-fonts");
  assert.equal(textContent(style).trim(), ".arrow > path { fill: url(#g) }");
  assert.match(svg, /\.arrow &gt; path/);
  assert.doesNotMatch(svg, /CDATA|font-face|data:font|example/);
  assert.deepEqual(names(clean("<style>@font-face { src: url(x) }</style>").root), []);
});

Deno.test("style attributes keep only allowlisted properties with values of their grammar", () => {
  const { root } = clean(
    [
      '<rect id="a" style="FILL:#A5D8FF ;stroke-width: 2px; opacity: .5; stroke-dasharray: 8, 4"/>',
      '<rect id="b" style="fill: rgb(30, 30, 30); stroke: hsl(200deg 50% 40% / 0.5)"/>',
      `<text id="c" style="font-family: Excalifont, 'Segoe UI Emoji', sans-serif; font-weight: 700"/>`,
      '<rect id="d" style="fill: red; cursor: pointer; position: fixed; background: red"/>',
      '<rect id="e" style="fill: red green; stroke-width: 2 px; opacity: half; font-size: 12furlongs"/>',
      '<rect id="f" style="clip-path: circle(10px); filter: blur(2px); fill: url(#g) red"/>',
      '<rect id="g" style="font-family: &quot;a;b&quot;, x; marker-end: url(&quot;#m&quot;)"/>',
      '<rect id="h" style="color; : red; fill:; ;;"/>',
    ].join(""),
  );
  assert.deepEqual(
    Object.fromEntries(
      [...getElementsByTagName("rect", root), ...getElementsByTagName("text", root)]
        .map((element) => [element.attribs.id, element.attribs.style ?? null]),
    ),
    {
      a: "fill: #A5D8FF; stroke-width: 2px; opacity: .5; stroke-dasharray: 8, 4",
      b: "fill: rgb(30, 30, 30); stroke: hsl(200deg 50% 40% / 0.5)",
      c: "font-family: Excalifont, 'Segoe UI Emoji', sans-serif; font-weight: 700",
      d: "fill: red",
      e: null,
      f: "fill: url(#g) red",
      g: 'marker-end: url("#m")',
      h: null,
    },
  );
});

Deno.test("hostile CSS in a style attribute drops the whole attribute, however it is spelled", () => {
  const hostile = [
    "fill: red; background: image-set('https://example.test/x.png' 1x)",
    "fill: red; background: -webkit-image-set(url(https://example.test/x.png) 1x)",
    "fill: red; width: expression(alert(1))",
    "fill: red; width: EXPRESSION (alert(1))",
    "fill: red; stroke: j\\61vascript:alert(1)",
    "fill: r\\65d",
    "fill: red; -moz-binding: url(https://example.test/x.xml#x)",
    "fill: red; behavior: url(x.htc)",
    "fill: red; ur/**/l: x",
    "fill: red /* } @import 'https://example.test/a.css'; */",
    "fill: re/**/d",
    "fill: red; stroke: url( https://example.test/ )",
    "fill: red; stroke: url(&#9;'http://example.test/')",
    "fill: red; stroke: URL(data:image/svg+xml,x)",
    "fill: red; @import 'https://example.test/a.css'",
    "fill: red; x: JavaScript&#x3a;alert(1)",
  ];
  const { svg, root } = clean(
    hostile.map((style, index) => `<rect id="r${index}" style="${style}"/>`).join(""),
  );
  const rects = getElementsByTagName("rect", root);
  assert.equal(rects.length, hostile.length);
  for (const [index, rect] of rects.entries()) {
    assert.deepEqual(rect.attribs, { id: `r${index}` }, hostile[index]);
  }
  assert.doesNotMatch(svg, /style=/);
});

Deno.test("presentation attributes keep only values of their property's grammar", () => {
  const { root } = clean(
    [
      '<path id="ok" fill="#fff" stroke="currentColor" stroke-width="1.5" opacity="0.25" ' +
      'stroke-linecap="round" font-size="20px" font-family="Excalifont, Xiaolai" ' +
      'stroke-dasharray="8 9" fill-rule="evenodd" marker-end="url(#m)"/>',
      '<path id="bad" fill="red; background: blue" stroke="expression(alert(1))" ' +
      'stroke-width="calc(1px + 2px)" opacity="var(--x)" font-family="x, url(#y)" ' +
      'font-size="attr(data-size)" stroke-dasharray="1 2 env(x)" clip-path="inset(1px)" ' +
      'stroke-linecap="round !important" filter="url(#f) blur(1px)" stroke-dashoffset="1\\2"/>',
      '<path id="unknown" stroke-foo="1" stroke-="2" stroke-url="x" d="M0 0"/>',
    ].join(""),
  );
  const [ok, bad, unknown] = getElementsByTagName("path", root);
  assert.deepEqual(ok.attribs, {
    id: "ok",
    fill: "#fff",
    stroke: "currentColor",
    "stroke-width": "1.5",
    opacity: "0.25",
    "stroke-linecap": "round",
    "font-size": "20px",
    "font-family": "Excalifont, Xiaolai",
    "stroke-dasharray": "8 9",
    "fill-rule": "evenodd",
    "marker-end": "url(#m)",
  });
  assert.deepEqual(bad.attribs, { id: "bad" });
  assert.deepEqual(unknown.attribs, { id: "unknown", d: "M0 0" });
});

Deno.test("a style element keeps only allowed rules and declarations, re-written", () => {
  const css = [
    ".arrow > path, g.node { stroke: #1e1e1e; stroke-width: 2; cursor: pointer }",
    "text:first-child { font-family: Virgil, sans-serif }",
    "a[href^='x'] { fill: red }",
    "@media print { rect { fill: red } }",
    "@font-feature-values Font One { @styleset { nice-style: 12; } }",
    "rect { position: fixed; top: 0 }",
    "circle { fill: blue",
  ].join("\n");
  const { root } = clean(`<style>${css}</style>`);
  assert.equal(
    textContent(getElementsByTagName("style", root)[0]),
    [
      ".arrow > path, g.node { stroke: #1e1e1e; stroke-width: 2 }",
      "text:first-child { font-family: Virgil, sans-serif }",
      "circle { fill: blue }",
    ].join("\n"),
  );
  assert.deepEqual(names(clean("<style>rect { position: fixed }</style>").root), []);
});

Deno.test("hostile CSS in a style element drops the element whole", () => {
  for (
    const css of [
      "rect { fill: red } rect { background: image-set('https://example.test/x.png' 1x) }",
      "rect { fill: red } rect { background: -webkit-image-set(url(//example.test/x) 1x) }",
      "rect { fill: red } /* harmless? */",
      "rect { fill: red } @im/**/port 'https://example.test/a.css';",
      "rect { fill: red } rect { fill: \\75 rl(https://example.test/) }",
      "rect { fill: red } rect { width: expression(alert(1)) }",
      "rect { fill: red } rect { -moz-binding: url('https://example.test/x.xml#x') }",
      'rect { fill: red } rect { fill: url("https://example.test/") }',
      "rect { fill: red } </style><script>alert(1)</script>",
    ]
  ) {
    const { svg, root } = clean(`<defs><style>${css.replace("<", "&lt;")}</style></defs><rect/>`);
    assert.deepEqual(names(root), ["defs", "rect"], css);
    assert.doesNotMatch(svg, /fill: red/, css);
  }
});

Deno.test("text keeps its content, re-escaped", () => {
  const { svg, root } = clean('<text x="1">a &lt;b&gt; &amp; "c" &nbsp;<tspan>d</tspan></text>');
  assert.equal(textContent(getElementsByTagName("text", root)[0]), 'a <b> & "c" &nbsp;d');
  assert.match(svg, /a &lt;b&gt; &amp; &quot;c&quot; &amp;nbsp;<tspan>d<\/tspan>/);
});

Deno.test("attributes outside the allowlist are dropped and allowed ones keep their case", () => {
  const { root } = clean(
    '<marker id="m" markerWidth="4" markerHeight="4" refX="2" refY="2" orient="auto" ' +
      'data-x="1" xml:space="preserve" tabindex="0"><path d="M0 0" stroke-dasharray="2 2"/></marker>',
  );
  assert.deepEqual(getElementsByTagName("marker", root)[0].attribs, {
    id: "m",
    markerWidth: "4",
    markerHeight: "4",
    refX: "2",
    refY: "2",
    orient: "auto",
  });
  assert.equal(getElementsByTagName("path", root)[0].attribs["stroke-dasharray"], "2 2");
});

Deno.test("an id used again is dropped from the later element, so every reference means the first", () => {
  const { svg, root } = clean(
    '<defs><linearGradient id="g"/><mask id="m"/></defs>' +
      '<rect id="g" fill="url(#g)"/><rect id="m" mask="url(#m)"/>' +
      '<use id="u"/><rect id="u"/>',
  );
  assert.deepEqual(getElementsByTagName("rect", root).map((rect) => rect.attribs), [
    { fill: "url(#g)" },
    { mask: "url(#m)" },
    { id: "u" },
  ]);
  assert.deepEqual(svgReferenceProblems(svg), []);
});

Deno.test("a DOCTYPE, with or without ENTITY declarations, is refused; processing instructions are dropped", () => {
  const laughs = '<?xml version="1.0"?><!DOCTYPE svg [<!ENTITY lol "lol">' +
    '<!ENTITY lol2 "&lol;&lol;&lol;&lol;">]><svg xmlns="http://www.w3.org/2000/svg">' +
    "<text>&lol2;</text></svg>";
  assert.equal(sanitizeSvg(laughs), null);
  assert.equal(sanitizeSvg('<!DOCTYPE svg><svg xmlns="http://www.w3.org/2000/svg"/>'), null);
  const prolog = '<?xml version="1.0"?><?xml-stylesheet href="https://example.test/a.css"?>';
  assert.equal(
    sanitizeSvg(`${prolog}<svg xmlns="http://www.w3.org/2000/svg"/>`),
    '<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink"/>',
  );
});

Deno.test("input over the size limit is refused", () => {
  const padding = "<g/>".repeat(MAX_THUMBNAIL_BYTES / 4);
  assert.equal(sanitizeSvg(`${OPEN}${padding}</svg>`), null);
  const multiByte = `${OPEN}<text>${"é".repeat(MAX_THUMBNAIL_BYTES / 2)}</text></svg>`;
  assert.ok(multiByte.length < MAX_THUMBNAIL_BYTES);
  assert.equal(sanitizeSvg(multiByte), null);
  assert.notEqual(sanitizeSvg(`${OPEN}${"<g/>".repeat(1000)}</svg>`), null);
});

Deno.test("anything but a single complete svg root is refused", () => {
  for (
    const input of [
      "",
      "just text",
      "<html><body><svg/></body></html>",
      '<svg:svg xmlns:svg="http://www.w3.org/2000/svg"/>',
      "<svg><rect/></svg><svg/>",
      "<svg/>trailing text",
      "leading text<svg/>",
      "<svg><rect/>",
      "<svg><g><rect/></g>",
    ]
  ) {
    assert.equal(sanitizeSvg(input), null, input);
  }
  assert.notEqual(sanitizeSvg("\n<svg/>\n"), null);
});
