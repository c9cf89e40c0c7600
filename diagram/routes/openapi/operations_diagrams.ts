// The description of /api/diagrams (routes/diagrams.ts), its images (routes/diagram_files.ts) and
// its collaboration token (routes/collab.ts).
import {
  createDiagramSchema,
  duplicateDiagramSchema,
  listDiagramsQuery,
  patchDiagramSchema,
  replaceDiagramSchema,
} from "../../service/schemas.ts";
import { IMAGE_TYPES, MAX_IMAGE_BYTES } from "../../service/images.ts";
import { downloadAnswer, noContent, NOT_MODIFIED, svgAnswer } from "./answers.ts";
import type { Operation } from "./operation.ts";
import {
  collabTicketSchema,
  createdDiagramSchema,
  diagramPageSchema,
  diagramSchema,
  diagramWithFileSchema,
  savedDiagramSchema,
  storedImageSchema,
} from "./responses.ts";

const FILE_REF = { $ref: "#/components/schemas/ExcalidrawFile" };
const STALE = "If-Match names a revision that is no longer the current one: someone saved first";

/** The operations on diagrams, their images and their collaboration tokens. */
export const DIAGRAM_OPERATIONS: Operation[] = [
  {
    method: "post",
    path: "/api/diagrams",
    operationId: "createDiagram",
    tag: "Diagrams",
    summary: "Create a diagram: empty, or from a file, a spec or a Mermaid chart",
    description:
      "With contents (a file, a spec or a chart) it is an import. A spec or a chart is " +
      "drawn by the server, as MCP's create_diagram draws it; every problem is listed in a 400.",
    auth: "account",
    body: {
      json: createDiagramSchema,
      notes: {
        name: "The diagram's name",
        collectionId: "The collection it goes in; absent or null: none",
        file: "An Excalidraw file (.excalidraw JSON)",
        thumbnail: "The file's SVG thumbnail, drawn by the browser (rebuilt through an allowlist)",
        spec: "A diagram structure, as the MCP tools take it",
        mermaid: "A Mermaid flowchart's text",
      },
    },
    answers: {
      201: { description: "Created.", json: createdDiagramSchema, headers: ["Location"] },
    },
    errors: {
      404: "The collection is unknown",
      422: "Laying out the spec or chart took longer than its budget",
      503: "The layout workers are busy; try again after Retry-After",
    },
  },
  {
    method: "get",
    path: "/api/diagrams",
    operationId: "listDiagrams",
    tag: "Diagrams",
    summary: "List or search diagrams",
    description: "Most recently changed first; with `q`, best match first.",
    auth: "account",
    query: listDiagramsQuery,
    queryNotes: {
      collectionId: "Only this collection's diagrams; `none`: those outside every collection",
      q: "Words that must each appear, as a prefix, in the name or the drawing's text",
      limit: "Diagrams per page",
      offset: "Diagrams to skip: the previous page's `nextOffset`",
    },
    answers: { 200: { description: "One page of diagrams.", json: diagramPageSchema } },
    errors: { 404: "The collection is unknown" },
  },
  {
    method: "get",
    path: "/api/diagrams/:id",
    operationId: "getDiagram",
    tag: "Diagrams",
    summary: "Read a diagram with its drawing",
    auth: "account",
    answers: {
      200: {
        description: "The diagram; its ETag is the revision, for If-Match on a later save.",
        json: diagramWithFileSchema,
        headers: ["ETag"],
      },
    },
  },
  {
    method: "put",
    path: "/api/diagrams/:id",
    operationId: "replaceDiagram",
    tag: "Diagrams",
    summary: "Save a diagram's drawing",
    description: "A file that draws the same as the stored one writes nothing and answers the " +
      "current revision.",
    auth: "account",
    headers: ["If-Match"],
    body: {
      json: replaceDiagramSchema,
      notes: {
        file: "The whole Excalidraw file",
        thumbnail: "Its SVG thumbnail, drawn by the browser",
      },
    },
    answers: {
      200: { description: "Saved.", json: savedDiagramSchema, headers: ["ETag"] },
    },
    errors: { 412: STALE },
  },
  {
    method: "patch",
    path: "/api/diagrams/:id",
    operationId: "updateDiagram",
    tag: "Diagrams",
    summary: "Rename a diagram or move it to another collection",
    auth: "account",
    body: {
      json: patchDiagramSchema,
      notes: {
        name: "The new name",
        collectionId: "The collection it moves to; null: out of every collection",
      },
    },
    answers: { 200: { description: "The diagram as it is now.", json: diagramSchema } },
    errors: { 404: "No such diagram, or no such collection to move it to" },
  },
  {
    method: "delete",
    path: "/api/diagrams/:id",
    operationId: "deleteDiagram",
    tag: "Diagrams",
    summary: "Move a diagram to the trash",
    auth: "account",
    answers: { 204: noContent("In the trash; every diagram route answers 404 for it now.") },
  },
  {
    method: "post",
    path: "/api/diagrams/:id/duplicate",
    operationId: "duplicateDiagram",
    tag: "Diagrams",
    summary: "Copy a diagram",
    auth: "account",
    body: {
      json: duplicateDiagramSchema,
      optional: true,
      notes: {
        name: "The copy's name; absent: the original's with \" (copy)\"",
        collectionId: "Where the copy goes; absent: the original's collection; null: none",
      },
    },
    answers: {
      201: { description: "The copy.", json: diagramSchema, headers: ["Location"] },
    },
    errors: { 404: "No such diagram, or no such collection to put the copy in" },
  },
  {
    method: "get",
    path: "/api/diagrams/:id/export",
    operationId: "exportDiagram",
    tag: "Diagrams",
    summary: "Download the diagram as an .excalidraw file",
    auth: "account",
    headers: ["If-None-Match"],
    answers: {
      200: downloadAnswer(
        "The file, with its uploaded images' bytes.",
        "application/vnd.excalidraw+json",
        FILE_REF,
      ),
      304: NOT_MODIFIED,
    },
  },
  {
    method: "get",
    path: "/api/diagrams/:id/export.svg",
    operationId: "exportDiagramSvg",
    tag: "Diagrams",
    summary: "Download the drawing as an SVG",
    auth: "account",
    headers: ["If-None-Match"],
    answers: {
      200: downloadAnswer("The drawing at natural size.", "image/svg+xml"),
      304: NOT_MODIFIED,
    },
  },
  {
    method: "get",
    path: "/api/diagrams/:id/export.mmd",
    operationId: "exportDiagramMermaid",
    tag: "Diagrams",
    summary: "Download the diagram as a Mermaid flowchart",
    auth: "account",
    headers: ["If-None-Match"],
    answers: {
      200: downloadAnswer("The flowchart's text.", "text/vnd.mermaid"),
      304: NOT_MODIFIED,
    },
    errors: { 409: "The diagram has no nodes (no shape with text) to express" },
  },
  {
    method: "get",
    path: "/api/diagrams/:id/thumbnail.svg",
    operationId: "getDiagramThumbnail",
    tag: "Diagrams",
    summary: "The diagram's thumbnail",
    auth: "account",
    headers: ["If-None-Match"],
    answers: { 200: svgAnswer("The SVG thumbnail."), 304: NOT_MODIFIED },
  },
  {
    method: "put",
    path: "/api/diagrams/:id/files/:fileId",
    operationId: "putDiagramImage",
    tag: "Images",
    summary: "Upload an image of the diagram",
    description: `At most ${MAX_IMAGE_BYTES / 1024 / 1024} MiB; the type is checked against the ` +
      "bytes. The editor uploads each image once, under Excalidraw's id for it.",
    auth: "account",
    body: {
      media: Object.fromEntries(IMAGE_TYPES.map((type) => [type, null])),
      description: "The image's bytes, sent with its own type as Content-Type.",
    },
    answers: {
      200: { description: "The image was there already.", json: storedImageSchema },
      201: { description: "Stored.", json: storedImageSchema, headers: ["Location"] },
    },
  },
  {
    method: "get",
    path: "/api/diagrams/:id/files/:fileId",
    operationId: "getDiagramImage",
    tag: "Images",
    summary: "Download an image of the diagram",
    auth: "account",
    answers: {
      200: {
        description: "The image's bytes, with its type (cached for good: the id is a hash).",
        media: Object.fromEntries(IMAGE_TYPES.map((type) => [type, null])),
        headers: ["Content-Disposition"],
      },
    },
  },
  {
    method: "post",
    path: "/api/diagrams/:id/collab-token",
    operationId: "createCollabToken",
    tag: "Collaboration",
    summary: "Get a token for the diagram's live-editing room",
    auth: "account",
    answers: { 200: { description: "The token and the room.", json: collabTicketSchema } },
  },
];
