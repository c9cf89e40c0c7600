// The account's collections as a tree, built once per page from the flat list: the sidebar, the
// breadcrumbs above a collection, and the places a collection or diagram can move to all read it.
import type { CollectionSummary } from "../service/collections.ts";

/** A collection in the tree, with its children. */
export interface TreeNode {
  collection: CollectionSummary;
  children: TreeNode[];
}

/** The account's collections as a tree (see above), and each by id. */
export interface CollectionTree {
  roots: TreeNode[];
  byId: ReadonlyMap<string, CollectionSummary>;
}

/** `collections` in any order; siblings keep the order they come in (the store sorts by name). */
export function collectionTree(collections: readonly CollectionSummary[]): CollectionTree {
  const byId = new Map(collections.map((collection) => [collection.id, collection]));
  const nodes = new Map(
    collections.map((collection) => [collection.id, { collection, children: [] as TreeNode[] }]),
  );
  const roots: TreeNode[] = [];
  for (const node of nodes.values()) {
    const parentId = node.collection.parentId;
    const parent = parentId === null ? undefined : nodes.get(parentId);
    // A parent missing from the list would orphan its subtree: show it at the top instead.
    (parent ? parent.children : roots).push(node);
  }
  return { roots, byId };
}

/** The collections from the top down to `id` itself; empty for an unknown id. */
export function pathTo(tree: CollectionTree, id: string): CollectionSummary[] {
  const path: CollectionSummary[] = [];
  const seen = new Set<string>();
  for (let at = tree.byId.get(id); at && !seen.has(at.id); at = tree.byId.get(at.parentId ?? "")) {
    seen.add(at.id);
    path.unshift(at);
  }
  return path;
}

/** Every collection depth-first with its depth: the options of a "move to" list. */
export function flatten(
  tree: CollectionTree,
  skip?: (collection: CollectionSummary) => boolean,
): { collection: CollectionSummary; depth: number }[] {
  const out: { collection: CollectionSummary; depth: number }[] = [];
  const walk = (nodes: TreeNode[], depth: number) => {
    for (const node of nodes) {
      // Skipping a collection skips what is under it: a collection cannot move into itself.
      if (skip?.(node.collection)) continue;
      out.push({ collection: node.collection, depth });
      walk(node.children, depth + 1);
    }
  };
  walk(tree.roots, 0);
  return out;
}
