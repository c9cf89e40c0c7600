import assert from "node:assert/strict";
import { attrs, html, jsonInScript } from "./markup.ts";

Deno.test("interpolated text is escaped and nested fragments are kept", () => {
  const inner = html`<b>${"<i>&"}</b>`;
  assert.equal(
    html`<p title="${`"'`}">${inner}</p>`.toString(),
    `<p title="&quot;&#39;"><b>&lt;i&gt;&amp;</b></p>`,
  );
});

Deno.test("attributes are escaped, boolean ones bare, absent ones left out", () => {
  assert.equal(
    attrs({ value: `"><x`, checked: true, selected: false, id: null, rel: undefined, n: 0 })
      .toString(),
    ` value="&quot;&gt;&lt;x" checked n="0"`,
  );
});

Deno.test("an asynchronous fragment is refused", () => {
  assert.throws(() => html`${Promise.resolve("late")}`, TypeError);
});

Deno.test("a template's indentation goes, its line breaks and every value's own spaces stay", () => {
  const value = "line one\n    indented value";
  const fragment = html`
    <pre>${value}</pre>
    <p>a
        b</p>
  `;
  assert.equal(
    fragment.toString(),
    "\n<pre>line one\n    indented value</pre>\n<p>a\nb</p>\n",
  );
});

Deno.test("jsonInScript keeps a value parseable and unable to end its script block", () => {
  const value = { name: "</script><script>alert(1)</script><!--", n: 1 };
  const out = String(html`<script type="application/json">${jsonInScript(value)}</script>`);
  assert.equal(out.match(/<\/script>/gi)?.length, 1);
  assert.doesNotMatch(out, /<!--/);
  const inner = out.slice(out.indexOf(">") + 1, out.lastIndexOf("</script>"));
  assert.deepEqual(JSON.parse(inner), value);
});
