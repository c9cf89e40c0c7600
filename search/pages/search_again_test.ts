import assert from "node:assert/strict";
import { all, attr, first, parseHtml, text } from "../engines/toolkit/html.ts";
import {
  replaceQueryWords,
  searchAgainForm,
  type SearchParams,
  searchUrl,
} from "./search_again.ts";

const PARAMS: SearchParams = {
  q: "rust & c++",
  categories: "social media",
  pageno: 2,
  language: "en-US",
  time_range: "",
  safesearch: 1,
};

Deno.test("a suggestion keeps the user's search syntax and replaces only the words", () => {
  assert.equal(replaceQueryWords("!ddg :de rsut", "rsut", "rust"), "!ddg :de rust");
  assert.equal(replaceQueryWords("rsut !wp", "rsut", "rust"), "rust !wp");
});

Deno.test("a suggestion is used alone when the words cannot be found in the typed query", () => {
  assert.equal(replaceQueryWords("foo :de bar", "foo bar", "foo baz"), "foo baz");
  assert.equal(replaceQueryWords("!ddg", "", "rust"), "rust");
});

Deno.test("the search URL carries every parameter, encoded, then the extra ones", () => {
  assert.equal(
    searchUrl(PARAMS, { format: "csv" }),
    "/search?q=rust+%26+c%2B%2B&categories=social+media&pageno=2&language=en-US&time_range=&safesearch=1&format=csv",
  );
});

Deno.test("a search-again form re-sends every parameter as hidden fields with the given method", () => {
  const document = parseHtml(
    searchAgainForm(PARAMS, "post", { text: "Next", label: "Next page" }).toString(),
  );
  const form = first(document, "form")!;
  assert.equal(attr(form, "method"), "post");
  assert.equal(attr(form, "action"), "/search");
  assert.deepEqual(
    all(form, "input[type=hidden]").map((input) => [attr(input, "name"), attr(input, "value")]),
    [
      ["q", "rust & c++"],
      ["categories", "social media"],
      ["pageno", "2"],
      ["language", "en-US"],
      ["time_range", ""],
      ["safesearch", "1"],
    ],
  );
  const button = first(form, "button")!;
  assert.equal(text(button), "Next");
  assert.equal(attr(button, "aria-label"), "Next page");
});
