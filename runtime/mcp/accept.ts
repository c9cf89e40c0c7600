// Which answer form a client reads. Streamable HTTP clients list both JSON and SSE; a single JSON
// body is then the lighter answer. A client that ranks SSE higher (by q-value) or accepts only
// SSE gets the same message as one SSE event.

export type AnswerForm = "json" | "sse";

/** Null when the client accepts neither form. */
export function answerForm(accept: string | null): AnswerForm | null {
  if (!accept) return "json";
  let json = -1;
  let sse = -1;
  for (const part of accept.split(",")) {
    const [type, ...params] = part.trim().toLowerCase().split(";").map((item) => item.trim());
    const q = params.find((param) => param.startsWith("q="));
    const weight = q ? Number(q.slice(2)) : 1;
    if (Number.isNaN(weight)) continue;
    if (type === "application/json" || type === "application/*") json = Math.max(json, weight);
    else if (type === "text/event-stream" || type === "text/*") sse = Math.max(sse, weight);
    else if (type === "*/*") {
      json = Math.max(json, weight);
      sse = Math.max(sse, weight * 0.99);
    }
  }
  if (json <= 0 && sse <= 0) return null;
  return sse > json ? "sse" : "json";
}

/** A JSON-RPC answer re-sent as the single event of an SSE stream. */
export async function asSseEvent(response: Response): Promise<Response> {
  const headers = new Headers(response.headers);
  headers.set("Content-Type", "text/event-stream");
  headers.set("Cache-Control", "no-cache, no-transform");
  headers.set("X-Accel-Buffering", "no");
  headers.delete("Content-Length");
  const data = await response.text();
  return new Response(`event: message\ndata: ${data}\n\n`, { status: response.status, headers });
}
