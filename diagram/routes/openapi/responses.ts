// The shapes of the REST API's JSON answers, as zod schemas: the OpenAPI description is converted
// from them, and the tests parse real answers with them, so neither can drift from the routes.
import { z } from "zod";
import { DIAGRAM_SOURCES } from "../../service/diagrams.ts";
import { IMAGE_TYPES } from "../../service/images.ts";
import { idSchema } from "../../service/schemas.ts";

/** The named answer shapes, each a schema under components/schemas by the id given here. */
export const responseSchemas = z.registry<{ id: string; description: string }>();

/** `schema` with its description, registered as `id`. */
function named<S extends z.ZodType>(schema: S, id: string, description: string): S {
  const described = schema.meta({ description });
  responseSchemas.add(described, { id, description });
  return described;
}

const timestamp = z.iso.datetime();
const count = z.number().int().min(0);
const revisionNumber = z.number().int().min(1);
const source = z.enum(DIAGRAM_SOURCES).meta({
  description: "The door a change came through: the pages or REST (web), MCP, an import…",
});

/** Every error answer: what went wrong, and for a 400 each problem with its path. */
export const errorSchema = named(
  z.strictObject({
    error: z.string(),
    problems: z.array(z.string()).optional().meta({
      description: "Each problem with its path, e.g. `body.name: must not be empty`",
    }),
  }),
  "Error",
  "What went wrong; a 400 lists every problem in `problems`.",
);

/** The 412 of a write over a revision that is no longer the current one. */
export const staleRevisionSchema = named(
  z.strictObject({ error: z.string(), currentRevision: revisionNumber }),
  "StaleRevision",
  "Someone saved first: the revision the diagram is at now.",
);

/** A diagram without its file: what lists and most answers show. */
export const diagramSchema = named(
  z.strictObject({
    id: idSchema,
    name: z.string(),
    collectionId: idSchema.nullable().meta({ description: "null: outside every collection" }),
    revision: revisionNumber,
    source: source.meta({ description: "How the diagram was first made" }),
    changedVia: source.meta({ description: "Who made the current contents" }),
    changedWithToken: z.string().nullable().meta({
      description: "The access token the current contents were written with; null without one",
    }),
    createdAt: timestamp,
    updatedAt: timestamp.meta({ description: "The latest change of any kind" }),
    savedAt: timestamp.meta({ description: "When the current contents were written" }),
    url: z.url().meta({ description: "Where the diagram opens in the editor" }),
    thumbnailUrl: z.url(),
  }),
  "Diagram",
  "A diagram's details, without its drawing.",
);

/** A new diagram; from a Mermaid chart, with what of the chart is not drawn. */
export const createdDiagramSchema = named(
  diagramSchema.extend({
    notes: z.array(z.string()).optional().meta({
      description: "Only for a Mermaid chart: what it held that is not drawn",
    }),
  }),
  "CreatedDiagram",
  "The new diagram.",
);

/** An Excalidraw file: the envelope is described; its elements are Excalidraw's own. */
export const excalidrawFileSchema = named(
  z.looseObject({
    type: z.literal("excalidraw"),
    version: z.number().int(),
    elements: z.array(z.record(z.string(), z.unknown())),
    appState: z.record(z.string(), z.unknown()).optional(),
    files: z.record(z.string(), z.record(z.string(), z.unknown())).optional().meta({
      description: "The images by file id, with their bytes as data URLs",
    }),
  }),
  "ExcalidrawFile",
  "An Excalidraw file (.excalidraw), as the editor reads and writes it.",
);

/** A diagram with its drawing. */
export const diagramWithFileSchema = named(
  diagramSchema.extend({ file: excalidrawFileSchema }),
  "DiagramWithFile",
  "A diagram's details and its drawing, with the bytes of its uploaded images.",
);

/** One page of diagrams. */
export const diagramPageSchema = named(
  z.strictObject({
    diagrams: z.array(diagramSchema),
    nextOffset: count.nullable().meta({ description: "The next page's offset; null on the last" }),
  }),
  "DiagramPage",
  "One page of diagrams.",
);

/** What a PUT of a diagram's file answers. */
export const savedDiagramSchema = named(
  z.strictObject({ id: idSchema, revision: revisionNumber, updatedAt: timestamp }),
  "SavedDiagram",
  "The revision the file was saved as (the current one when nothing changed).",
);

/** An image stored with a diagram. */
export const storedImageSchema = named(
  z.strictObject({ id: z.string(), mimeType: z.enum(IMAGE_TYPES), byteSize: count }),
  "StoredImage",
  "The image as stored: its id, type and size.",
);

/** A token for a diagram's live-collaboration room. */
export const collabTicketSchema = named(
  z.strictObject({
    token: z.string(),
    url: z.string().meta({ description: "The room's address on the collaboration server" }),
    expiresAt: timestamp,
  }),
  "CollabTicket",
  "A short-lived token for the diagram's room, and the room's address.",
);

/** A kept revision, without its file. */
export const revisionSchema = named(
  z.strictObject({
    revision: revisionNumber,
    source,
    withToken: z.string().nullable().meta({
      description:
        "The access token these contents were written with (a guest's: the link's label)",
    }),
    savedAt: timestamp,
    keptAt: timestamp,
    elementCount: count,
    byteSize: count.meta({ description: "Of the file as text" }),
  }),
  "Revision",
  "A kept revision of a diagram.",
);

/** One page of a diagram's history, newest first. */
export const historyPageSchema = named(
  z.strictObject({
    id: idSchema,
    revision: revisionNumber,
    changedVia: source,
    changedWithToken: z.string().nullable(),
    savedAt: timestamp,
    revisions: z.array(revisionSchema),
    nextBefore: revisionNumber.nullable().meta({
      description: "Pass as `before` for the next page; null on the last",
    }),
  }),
  "HistoryPage",
  "The diagram's current revision and one page of its kept revisions, newest first.",
);

const elementSummary = z.strictObject({
  id: z.string(),
  type: z.string(),
  text: z.string().meta({ description: "The words it shows, or its label" }),
});

/** What restoring a revision would change. */
export const revisionChangesSchema = named(
  z.strictObject({
    revision: revisionSchema,
    currentRevision: revisionNumber,
    ifRestored: z.strictObject({
      added: z.array(elementSummary),
      removed: z.array(elementSummary),
      changed: z.array(elementSummary),
    }),
  }),
  "RevisionChanges",
  "What restoring the revision would change, element by element.",
);

/** A restore's answer. */
export const restoredSchema = named(
  z.strictObject({
    diagram: diagramSchema,
    restoredRevision: revisionNumber,
    replacedRevision: revisionNumber.meta({
      description: "The revision the restore replaced, itself kept: restoring it undoes this",
    }),
  }),
  "Restored",
  "The diagram after the restore, which made a new revision.",
);

/** A diagram in the trash. */
export const trashEntrySchema = named(
  z.strictObject({
    id: idSchema,
    name: z.string(),
    trashedAt: timestamp,
    purgeAt: timestamp.meta({ description: "When it is deleted for good" }),
    collectionId: idSchema.nullable().meta({
      description: "The collection it goes back to, while that still exists",
    }),
    revision: revisionNumber,
    updatedAt: timestamp,
  }),
  "TrashEntry",
  "A deleted diagram waiting in the trash.",
);

/** One page of the trash. */
export const trashPageSchema = named(
  z.strictObject({ diagrams: z.array(trashEntrySchema), nextOffset: count.nullable() }),
  "TrashPage",
  "One page of the trash, most recently deleted first.",
);

/** A collection, with what it holds directly. */
export const collectionSchema = named(
  z.strictObject({
    id: idSchema,
    name: z.string(),
    parentId: idSchema.nullable().meta({ description: "null: at the top" }),
    createdAt: timestamp,
    updatedAt: timestamp,
    diagramCount: count,
    collectionCount: count,
  }),
  "Collection",
  "A collection (a folder of diagrams and collections).",
);

/** A level of collections, or all of them. */
export const collectionListSchema = named(
  z.strictObject({ collections: z.array(collectionSchema) }),
  "CollectionList",
  "Collections.",
);

/** What a gallery import brought in. */
export const galleryImportedSchema = named(
  z.strictObject({
    collections: count,
    diagrams: count,
    trashed: count,
    revisions: count,
    images: count,
  }),
  "GalleryImported",
  "How many of each thing the archive brought in.",
);

/** A share link, without its secret. */
export const shareLinkSchema = named(
  z.strictObject({
    id: idSchema,
    target: z.strictObject({
      type: z.enum(["diagram", "collection"]),
      id: idSchema,
      name: z.string(),
    }),
    access: z.enum(["view", "edit"]),
    label: z.string(),
    downloads: z.boolean(),
    history: z.boolean().meta({ description: "Visitors may see the kept revisions" }),
    createdAt: timestamp,
    expiresAt: timestamp.nullable().meta({ description: "null: until revoked" }),
    lastUsedAt: timestamp.nullable(),
  }),
  "ShareLink",
  "A share link, without its secret.",
);

/** A new share link: the one answer that holds its address. */
export const createdShareLinkSchema = named(
  shareLinkSchema.extend({
    url: z.url().meta({ description: "The link itself, shown this once" }),
  }),
  "CreatedShareLink",
  "The new link, with its address (never shown again).",
);

/** Share links. */
export const shareLinkListSchema = named(
  z.strictObject({ links: z.array(shareLinkSchema) }),
  "ShareLinkList",
  "Live share links, newest first.",
);

/** Who is signed in. */
export const sessionSchema = named(
  z.strictObject({ email: z.string() }),
  "Session",
  "The signed-in account.",
);

/** This description itself; its full shape is the OpenAPI 3.1 specification's. */
export const openApiDocumentSchema = named(
  z.looseObject({ openapi: z.literal("3.1.0"), info: z.looseObject({ version: z.string() }) }),
  "OpenApiDocument",
  "An OpenAPI 3.1 document.",
);
