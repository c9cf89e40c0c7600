import assert from "node:assert/strict";
import { longestPathLayers } from "./layering.ts";
import { groupBackEdges } from "./group_cycles.ts";

/** Nodes from ids ("id@group" puts one in a group), edges from "from>to", groups "id@parent". */
function graph(ids: string[], edges: string[], groups: string[]) {
  const split = (spec: string) => spec.split("@");
  return {
    nodes: ids.map((spec) => {
      const [id, group] = split(spec);
      return group === undefined ? { id } : { id, group };
    }),
    edges: edges.map((edge) => {
      const [from, to] = edge.split(">");
      return { from, to };
    }),
    groups: groups.map((spec) => {
      const [id, parent] = split(spec);
      return parent === undefined ? { id } : { id, parent };
    }),
  };
}

function turned(input: ReturnType<typeof graph>): string[] {
  return groupBackEdges(input, longestPathLayers(input)).map((index) =>
    `${input.edges[index].from}>${input.edges[index].to}`
  );
}

Deno.test("of two groups calling each other, the edge against the majority's way is turned around", () => {
  // The cluster calls out twice; the provider calls back in once, to a node ranked after both.
  const calls = graph(
    ["api@cluster", "worker@cluster", "handler@cluster", "stripe@ext", "mail@ext"],
    ["api>stripe", "worker>mail", "stripe>handler", "api>worker"],
    ["cluster", "ext"],
  );
  assert.deepEqual(turned(calls), ["stripe>handler"]);
});

Deno.test("edges inside one group, between plain nodes, and groups in one direction are left alone", () => {
  const oneWay = graph(
    ["a", "b", "x@g", "y@g", "z@h"],
    ["a>b", "b>x", "x>y", "y>a", "y>z"],
    ["g", "h"],
  );
  // y>a closes a cycle the layering already breaks; nothing is added to it.
  assert.deepEqual(turned(oneWay), []);
});

Deno.test("a cycle between subgroups is broken inside their parent, a node beside them counting as a block", () => {
  const nested = graph(
    ["lb@cluster", "web@front", "api@core", "db@data", "kafka@data", "consumer@core"],
    ["lb>web", "web>api", "api>db", "api>kafka", "kafka>consumer"],
    ["cluster", "front@cluster", "core@cluster", "data@cluster"],
  );
  assert.deepEqual(turned(nested), ["kafka>consumer"]);
});

Deno.test("a graph without groups has nothing to turn", () => {
  const plain = graph(["a", "b"], ["a>b", "b>a"], []);
  assert.deepEqual(turned(plain), []);
});
