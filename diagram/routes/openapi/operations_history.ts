// The description of a diagram's history (routes/history.ts) and of the trash (routes/trash.ts).
import { listRevisionsQuery, listTrashQuery } from "../../service/schemas.ts";
import { noContent, NOT_MODIFIED, svgAnswer } from "./answers.ts";
import type { Operation } from "./operation.ts";
import {
  diagramSchema,
  excalidrawFileSchema,
  historyPageSchema,
  restoredSchema,
  revisionChangesSchema,
  trashPageSchema,
} from "./responses.ts";

/** The operations on kept revisions and on the trash. */
export const HISTORY_OPERATIONS: Operation[] = [
  {
    method: "get",
    path: "/api/diagrams/:id/revisions",
    operationId: "listRevisions",
    tag: "History",
    summary: "List a diagram's kept revisions",
    auth: "account",
    query: listRevisionsQuery,
    queryNotes: {
      limit: "Revisions per page",
      before: "Only revisions older than this one: the previous page's `nextBefore`",
    },
    answers: { 200: { description: "The newest revisions first.", json: historyPageSchema } },
  },
  {
    method: "get",
    path: "/api/diagrams/:id/revisions/:revision",
    operationId: "getRevision",
    tag: "History",
    summary: "Read a kept revision's file",
    auth: "account",
    answers: {
      200: {
        description:
          "The .excalidraw file byte for byte as it was stored; the ETag is the revision.",
        json: excalidrawFileSchema,
        headers: ["ETag"],
      },
    },
  },
  {
    method: "get",
    path: "/api/diagrams/:id/revisions/:revision/changes",
    operationId: "getRevisionChanges",
    tag: "History",
    summary: "What restoring a revision would change",
    auth: "account",
    answers: {
      200: { description: "Added, removed and changed elements.", json: revisionChangesSchema },
    },
  },
  {
    method: "get",
    path: "/api/diagrams/:id/revisions/:revision/thumbnail.svg",
    operationId: "getRevisionThumbnail",
    tag: "History",
    summary: "A kept revision's thumbnail",
    auth: "account",
    headers: ["If-None-Match"],
    answers: {
      200: svgAnswer("The revision drawn by the server (it never changes: cached for good)."),
      304: NOT_MODIFIED,
    },
  },
  {
    method: "post",
    path: "/api/diagrams/:id/revisions/:revision/restore",
    operationId: "restoreRevision",
    tag: "History",
    summary: "Restore a kept revision",
    description: "The revision's contents become a new revision; the one replaced is kept.",
    auth: "account",
    headers: ["If-Match"],
    answers: { 200: { description: "Restored.", json: restoredSchema, headers: ["ETag"] } },
    errors: { 412: "If-Match names a revision that is no longer the current one" },
  },
  {
    method: "get",
    path: "/api/trash",
    operationId: "listTrash",
    tag: "Trash",
    summary: "List the trash",
    auth: "account",
    query: listTrashQuery,
    queryNotes: { limit: "Diagrams per page", offset: "The previous page's `nextOffset`" },
    answers: { 200: { description: "Most recently deleted first.", json: trashPageSchema } },
  },
  {
    method: "get",
    path: "/api/trash/:id/thumbnail.svg",
    operationId: "getTrashThumbnail",
    tag: "Trash",
    summary: "A trashed diagram's thumbnail",
    auth: "account",
    headers: ["If-None-Match"],
    answers: { 200: svgAnswer("The thumbnail it had when deleted."), 304: NOT_MODIFIED },
  },
  {
    method: "post",
    path: "/api/trash/:id/restore",
    operationId: "restoreFromTrash",
    tag: "Trash",
    summary: "Restore a diagram from the trash",
    auth: "account",
    answers: {
      200: {
        description: "Back in its collection (or none, if that is gone).",
        json: diagramSchema,
      },
    },
  },
  {
    method: "delete",
    path: "/api/trash/:id",
    operationId: "deleteForGood",
    tag: "Trash",
    summary: "Delete a trashed diagram for good",
    auth: "account",
    answers: { 204: noContent("Deleted, with its revisions and images.") },
    errors: { 404: "No such diagram in the trash" },
  },
];
