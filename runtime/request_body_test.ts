import assert from "node:assert/strict";
import {
  readFormRequest,
  readJsonRequest,
  readMultipartRequest,
  readRequestBytes,
  RequestBodyError,
} from "./request_body.ts";

function post(body: BodyInit, contentType: string): Request {
  return new Request("http://localhost/", {
    method: "POST",
    headers: { "content-type": contentType },
    body,
  });
}

async function refusal(reading: Promise<unknown>): Promise<[number, string]> {
  const error = await reading.then(() => null, (error) => error);
  assert.ok(error instanceof RequestBodyError, `expected a refusal, got ${error}`);
  return [error.status, error.message];
}

Deno.test("a JSON body of a JSON media type is parsed, with its size as sent", async () => {
  assert.deepEqual(await readJsonRequest(post('{"a": 1}', "application/json"), 100), {
    value: { a: 1 },
    byteLength: 8,
  });
  const patch = post("[]", "application/merge-patch+json; charset=utf-8");
  assert.deepEqual((await readJsonRequest(patch, 100)).value, []);
});

Deno.test("another media type is refused with 415 before the body is read", async () => {
  const request = post('{"a": 1}', "text/plain");
  assert.deepEqual(await refusal(readJsonRequest(request, 100)), [
    415,
    "send the body as application/json",
  ]);
  assert.equal(request.bodyUsed, false);
});

Deno.test("a body that is not JSON is refused with 400", async () => {
  assert.deepEqual(await refusal(readJsonRequest(post("{a:", "application/json"), 100)), [
    400,
    "the body is not valid JSON",
  ]);
});

Deno.test("a body over the cap is refused with 413, in the caller's words when given", async () => {
  assert.deepEqual(await refusal(readJsonRequest(post("[1,2,3]", "application/json"), 4)), [
    413,
    "the body is larger than 4 bytes",
  ]);
  const image = readRequestBytes(post("12345", "image/png"), 4, { tooLarge: "too big an image" });
  assert.deepEqual(await refusal(image), [413, "too big an image"]);
});

Deno.test("a body that does not arrive within its deadline is refused with 408", async () => {
  const stalled = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(new TextEncoder().encode("["));
    },
  });
  const [status, message] = await refusal(
    readRequestBytes(post(stalled, "application/json"), 100, { timeoutMs: 50 }),
  );
  assert.equal(status, 408);
  assert.match(message, /did not arrive within 50 ms/);
});

Deno.test("a urlencoded form is parsed; another media type is refused with 415 unread", async () => {
  const form = await readFormRequest(
    post("name=Harbour+n%C3%B6tes&back=%2Fc%2Fnone", "application/x-www-form-urlencoded"),
    100,
  );
  assert.deepEqual(Object.fromEntries(form), { name: "Harbour nötes", back: "/c/none" });
  const json = post('{"name": "x"}', "application/json");
  assert.deepEqual(await refusal(readFormRequest(json, 100)), [
    415,
    "send the body as application/x-www-form-urlencoded",
  ]);
  assert.equal(json.bodyUsed, false);
});

Deno.test("a form over its cap or past its deadline is refused with 413 or 408", async () => {
  const urlencoded = "application/x-www-form-urlencoded";
  assert.deepEqual(
    await refusal(readFormRequest(post("name=12345", urlencoded), 4, { tooLarge: "too long" })),
    [413, "too long"],
  );
  const stalled = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(new TextEncoder().encode("name="));
    },
  });
  const [status] = await refusal(
    readFormRequest(post(stalled, urlencoded), 100, { timeoutMs: 50 }),
  );
  assert.equal(status, 408);
});

Deno.test("a multipart body is parsed with its files; a wrong type, size or syntax is refused", async () => {
  const sent = new FormData();
  sent.append("collectionId", "c1");
  sent.append("files", new File(["{}"], "a.excalidraw", { type: "application/json" }));
  const encoded = new Request("http://localhost/", { method: "POST", body: sent });
  const form = await readMultipartRequest(encoded, 10_000);
  assert.equal(form.get("collectionId"), "c1");
  const file = form.get("files");
  assert.ok(file instanceof File);
  assert.deepEqual([file.name, await file.text()], ["a.excalidraw", "{}"]);

  assert.deepEqual(await refusal(readMultipartRequest(post("a=b", "text/plain"), 100)), [
    415,
    "send the body as multipart/form-data",
  ]);
  const large = new Request("http://localhost/", { method: "POST", body: sent });
  assert.equal((await refusal(readMultipartRequest(large, 10)))[0], 413);
  for (const type of ["multipart/form-data; boundary=x", "multipart/form-data"]) {
    assert.deepEqual(await refusal(readMultipartRequest(post("no parts", type), 100)), [
      400,
      "the body is not valid multipart/form-data",
    ]);
  }
});
