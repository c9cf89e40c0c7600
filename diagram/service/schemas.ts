// The shapes of what diagram operations accept, whichever door the request came through (REST,
// MCP, the operator commands, the pages). Limits keep one request from filling the database.
import { z } from "zod";
import { RANDOM_ID_SHAPE } from "../store/random_id.ts";
import { describeIssue, formatIssuePath } from "../../shared/issue_messages.ts";
import { SESSION_REF_SHAPE } from "../../shared/collab_token.ts";
import { InvalidInputError } from "./errors.ts";

export const MIN_PASSWORD_LENGTH = 12;
/** scrypt cost grows with input length only mildly, but there is no reason to hash a megabyte. */
const MAX_PASSWORD_LENGTH = 1024;

export const emailSchema = z.string().trim().toLowerCase().pipe(
  z.email({ error: "expected an email address such as you@example.com" }).max(254),
);

/** Printable, no spaces: a token name is typed on a command line and shown in a tab-separated list. */
export const tokenNameSchema = z.string().trim().min(1, { error: "must not be empty" }).max(100)
  .regex(/^[!-~]+$/, { error: "use letters, digits and punctuation, no spaces" });

/** Any text is accepted as the email, so a malformed one fails like a wrong one (401). */
export const loginSchema = z.strictObject({
  email: z.string().trim().toLowerCase().max(254),
  password: z.string().max(MAX_PASSWORD_LENGTH),
});

/** A name is shown in lists and file names: NUL, line breaks and other control characters are refused. */
export const nameSchema = z.string().trim().min(1, { error: "must not be empty" }).max(200)
  .regex(/^\P{Cc}*$/u, {
    error: "must not contain control characters such as NUL or line breaks",
  });
export const idSchema = z.string().regex(RANDOM_ID_SHAPE, { error: "not a valid id" });
/** An image's id within its diagram: Excalidraw's are hex content hashes; the rest is margin. */
export const fileIdSchema = z.string().regex(/^[A-Za-z0-9_-]{1,128}$/, {
  error: "must be 1 to 128 letters, digits, '-' or '_'",
});

/** The Excalidraw file travels as JSON; its own checks run in validateScene. */
const fileSchema = z.record(z.string(), z.unknown());
const thumbnailSchema = z.string();

/** What a new diagram may be drawn from; none of them: an empty drawing. */
const DRAWINGS = ["file", "spec", "mermaid"] as const;

/**
 * A new diagram: empty, or from an Excalidraw file (with its thumbnail), a spec or a Mermaid
 * chart, at most one of the three. A spec and a chart are checked by their own operations, which
 * name every problem.
 */
export const createDiagramSchema = z.strictObject({
  name: nameSchema,
  collectionId: idSchema.nullish(),
  file: fileSchema.optional(),
  thumbnail: thumbnailSchema.optional(),
  spec: z.unknown().optional(),
  mermaid: z.string().optional(),
}).superRefine((body, context) => {
  const sent = DRAWINGS.filter((key) => body[key] !== undefined);
  if (sent.length > 1) {
    context.addIssue({
      code: "custom",
      path: [],
      message: `send at most one of file, spec or mermaid; got ${sent.join(" and ")}`,
    });
  }
  if (body.thumbnail !== undefined && body.file === undefined && sent.length > 0) {
    context.addIssue({
      code: "custom",
      path: ["thumbnail"],
      message: "goes with a file only: the server draws a spec or a Mermaid chart itself",
    });
  }
});

export const replaceDiagramSchema = z.strictObject({
  file: fileSchema,
  thumbnail: thumbnailSchema.optional(),
});

/** A name and a place: what a rename or move changes, and what a copy may be given. */
export const duplicateDiagramSchema = z.strictObject({
  name: nameSchema.optional(),
  collectionId: idSchema.nullable().optional(),
});

export const patchDiagramSchema = duplicateDiagramSchema.refine(
  (change) => change.name !== undefined || change.collectionId !== undefined,
  { error: "send name, collectionId or both" },
);

export const listDiagramsQuery = z.strictObject({
  /** A collection id, or "none" for diagrams outside every collection. */
  collectionId: z.union([z.literal("none"), idSchema]).optional(),
  q: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(50),
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
});

/** A kept revision's number, as it comes in a path. */
export const revisionSchema = z.coerce.number().int().min(1).max(Number.MAX_SAFE_INTEGER);

export const listRevisionsQuery = z.strictObject({
  limit: z.coerce.number().int().min(1).max(100).default(50),
  /** Revisions older than this one: the previous page's `nextBefore`. */
  before: revisionSchema.optional(),
});

export const listTrashQuery = z.strictObject({
  limit: z.coerce.number().int().min(1).max(100).default(50),
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
});

export const createCollectionSchema = z.strictObject({
  name: nameSchema,
  parentId: idSchema.nullish(),
});

export const patchCollectionSchema = z.strictObject({
  name: nameSchema.optional(),
  parentId: idSchema.nullable().optional(),
}).refine((change) => change.name !== undefined || change.parentId !== undefined, {
  error: "send name, parentId or both",
});

export const deleteCollectionQuery = z.strictObject({
  /** Where what it holds goes; without it a collection that holds anything is not deleted. */
  contents: z.enum(["parent", "none"]).optional(),
});

export const listCollectionsQuery = z.strictObject({
  parentId: z.union([z.literal("none"), idSchema]).optional(),
});

/** The collab server's save: a room's elements over the revision the room was seeded from. */
export const saveRoomSchema = z.strictObject({
  baseRevision: z.number().int().min(1),
  elements: z.array(z.unknown()),
  /** The sessions whose edits the elements hold (session references): whom the save credits. */
  writers: z.array(z.string().regex(SESSION_REF_SHAPE)).max(10_000).optional(),
});

/** The rooms a collab server holds, whose stored revisions it checks on every flush tick. */
export const roomRevisionsSchema = z.strictObject({
  ids: z.array(idSchema).max(10_000),
});

/** Parses with `schema` or throws an InvalidInputError listing every problem with its path. */
export function parseOrThrow<S extends z.ZodType>(
  schema: S,
  input: unknown,
  root: string,
): z.output<S> {
  const result = schema.safeParse(input, { error: describeIssue });
  if (result.success) return result.data;
  const problems = result.error.issues.map((issue) =>
    `${formatIssuePath(issue.path, root)}: ${issue.message}`
  );
  throw new InvalidInputError(problems);
}

/**
 * A new share link: view-only, until revoked, downloads allowed, history not shown, unless said
 * otherwise.
 */
export const createShareSchema = z.strictObject({
  access: z.enum(["view", "edit"]).default("view"),
  expires: z.enum(["1h", "1d", "7d", "30d", "never"]).default("never"),
  label: z.string().trim().max(100).default(""),
  downloads: z.boolean().default(true),
  history: z.boolean().default(false),
});

/** A change to a link: what its visitors may do, whether they see the history, or both. */
export const patchShareSchema = z.strictObject({
  access: z.enum(["view", "edit"]).optional(),
  history: z.boolean().optional(),
}).refine((change) => change.access !== undefined || change.history !== undefined, {
  error: "give access, history or both",
});
