// The description of /api/collections (routes/collections.ts) and of share links
// (routes/share_links.ts).
import {
  createCollectionSchema,
  createShareSchema,
  deleteCollectionQuery,
  listCollectionsQuery,
  patchCollectionSchema,
  patchShareSchema,
} from "../../service/schemas.ts";
import { noContent } from "./answers.ts";
import type { JsonBody, Operation } from "./operation.ts";
import {
  collectionListSchema,
  collectionSchema,
  createdShareLinkSchema,
  shareLinkListSchema,
  shareLinkSchema,
} from "./responses.ts";

const NEW_SHARE: JsonBody = {
  json: createShareSchema,
  notes: {
    access: "What visitors may do: view, or edit live (diagrams only)",
    expires: "How long the link lasts",
    label: "A name for the link, shown to the owner (and credited with a guest's edits)",
    downloads: "Visitors may download SVG, PNG and the .excalidraw file",
    history: "Visitors may see the kept revisions",
  },
};

const CREATED_SHARE = {
  201: {
    description: "The link, with its address: the only answer that holds it (no-store).",
    json: createdShareLinkSchema,
    headers: ["Location" as const],
  },
};

/** The operations on collections and share links. */
export const COLLECTION_OPERATIONS: Operation[] = [
  {
    method: "get",
    path: "/api/collections",
    operationId: "listCollections",
    tag: "Collections",
    summary: "List collections",
    auth: "account",
    query: listCollectionsQuery,
    queryNotes: { parentId: "Only this collection's children; `none`: the top level; absent: all" },
    answers: { 200: { description: "The collections.", json: collectionListSchema } },
    errors: { 404: "The parent collection is unknown" },
  },
  {
    method: "post",
    path: "/api/collections",
    operationId: "createCollection",
    tag: "Collections",
    summary: "Create a collection",
    auth: "account",
    body: {
      json: createCollectionSchema,
      notes: { name: "The collection's name", parentId: "The collection it goes in; absent: top" },
    },
    answers: {
      201: { description: "Created.", json: collectionSchema, headers: ["Location"] },
    },
    errors: {
      404: "The parent collection is unknown",
      409: "It would nest deeper than collections may",
    },
  },
  {
    method: "get",
    path: "/api/collections/:id",
    operationId: "getCollection",
    tag: "Collections",
    summary: "Read a collection",
    auth: "account",
    answers: { 200: { description: "With what it holds directly.", json: collectionSchema } },
  },
  {
    method: "patch",
    path: "/api/collections/:id",
    operationId: "updateCollection",
    tag: "Collections",
    summary: "Rename a collection or move it",
    auth: "account",
    body: {
      json: patchCollectionSchema,
      notes: { name: "The new name", parentId: "The collection it moves into; null: the top" },
    },
    answers: { 200: { description: "The collection as it is now.", json: collectionSchema } },
    errors: {
      404: "No such collection, or no such collection to move it into",
      409: "The move would make a cycle or nest deeper than collections may",
    },
  },
  {
    method: "delete",
    path: "/api/collections/:id",
    operationId: "deleteCollection",
    tag: "Collections",
    summary: "Delete a collection",
    auth: "account",
    query: deleteCollectionQuery,
    queryNotes: {
      contents: "Where what it holds goes: up one level (`parent`) or out of every collection " +
        "(`none`); absent: a collection that holds anything is not deleted",
    },
    answers: { 204: noContent("Deleted; what it held moved where `contents` said.") },
    errors: { 409: "It holds diagrams or collections and `contents` was not given" },
  },
  {
    method: "get",
    path: "/api/shares",
    operationId: "listShareLinks",
    tag: "Share links",
    summary: "List the account's live share links",
    auth: "account",
    answers: { 200: { description: "Newest first, without secrets.", json: shareLinkListSchema } },
  },
  {
    method: "get",
    path: "/api/diagrams/:id/shares",
    operationId: "listDiagramShareLinks",
    tag: "Share links",
    summary: "List the share links that show a diagram",
    auth: "account",
    answers: {
      200: { description: "Its links, newest first, without secrets.", json: shareLinkListSchema },
    },
  },
  {
    method: "post",
    path: "/api/diagrams/:id/shares",
    operationId: "createDiagramShareLink",
    tag: "Share links",
    summary: "Make a share link to a diagram",
    auth: "account",
    body: NEW_SHARE,
    answers: CREATED_SHARE,
  },
  {
    method: "post",
    path: "/api/collections/:id/shares",
    operationId: "createCollectionShareLink",
    tag: "Share links",
    summary: "Make a share link to a collection",
    description: "It shows the diagrams of the collection and of every collection inside it; " +
      "view only.",
    auth: "account",
    body: NEW_SHARE,
    answers: CREATED_SHARE,
  },
  {
    method: "patch",
    path: "/api/shares/:id",
    operationId: "updateShareLink",
    tag: "Share links",
    summary: "Change what a share link's visitors may do",
    auth: "account",
    body: {
      json: patchShareSchema,
      notes: {
        access: "view or edit (an edit link turned view-only closes its guests out)",
        history: "Visitors may see the kept revisions",
      },
    },
    answers: { 200: { description: "The link as it is now.", json: shareLinkSchema } },
  },
  {
    method: "delete",
    path: "/api/shares/:id",
    operationId: "revokeShareLink",
    tag: "Share links",
    summary: "Revoke a share link",
    auth: "account",
    answers: { 204: noContent("Revoked: the next visit is a 404.") },
  },
];
