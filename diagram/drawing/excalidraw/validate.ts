// Validates an Excalidraw 0.18 file before it is stored, whoever wrote it (our generator, an
// upload, a collaboration room). Excalidraw's own restore() silently repairs or drops what it
// cannot read, so a file that reaches the database broken loses data on its next open; we
// refuse it instead and list every problem with the path that holds it.

import { isRecord } from "../../../shared/is_record.ts";
import { isAcceptedLink, LINK_RULE } from "./element_links.ts";
import { framedPageProblem } from "./embed_links.ts";
import type { ExcalidrawFile, Point } from "./types.ts";

export const SCENE_LIMITS = { maxFileBytes: 10 * 1024 * 1024, maxElements: 20_000 } as const;

export type SceneValidation = { ok: true; file: ExcalidrawFile } | {
  ok: false;
  problems: string[];
};

/** Longest problem list returned, its last line counting what was left out. */
const MAX_PROBLEMS = 100;

const ELEMENT_TYPES = new Set([
  "rectangle",
  "diamond",
  "ellipse",
  "text",
  "line",
  "arrow",
  "freedraw",
  "image",
  "frame",
  "magicframe",
  "embeddable",
  "iframe",
]);
const LINEAR_TYPES = new Set(["line", "arrow"]);
const TEXT_CONTAINER_TYPES = new Set(["rectangle", "diamond", "ellipse", "arrow"]);
const BINDABLE_TYPES = new Set([
  "rectangle",
  "diamond",
  "ellipse",
  "text",
  "image",
  "frame",
  "magicframe",
  "embeddable",
  "iframe",
]);
const FRAME_TYPES = new Set(["frame", "magicframe"]);

type JsonObject = Record<string, unknown>;

interface NumberRule {
  accepts: (value: number) => boolean;
  expected: string;
}

const FINITE: NumberRule = { accepts: () => true, expected: "a finite number" };
const PERCENT: NumberRule = {
  accepts: (value) => value >= 0 && value <= 100,
  expected: "a number from 0 to 100",
};
const POSITIVE: NumberRule = { accepts: (value) => value > 0, expected: "a number greater than 0" };

/** restore() turns a missing or broken coordinate into 0, which would move the element. */
const REQUIRED_NUMBERS = ["x", "y", "width", "height", "angle"];
const OPTIONAL_NUMBERS: [string, NumberRule][] = [
  ["strokeWidth", FINITE],
  ["opacity", PERCENT],
  ["roughness", FINITE],
  ["fontSize", POSITIVE],
  ["lineHeight", POSITIVE],
  ["seed", FINITE],
  ["version", FINITE],
  ["versionNonce", FINITE],
  ["updated", FINITE],
];

/** What the relation checks need to know about one element with a usable id. */
interface Entry {
  element: JsonObject;
  id: string;
  type: string;
  position: number;
  deleted: boolean;
  /** Ids listed in `boundElements` by type, so each reciprocity check is one lookup. */
  boundTextIds: ReadonlySet<string>;
  boundArrowIds: ReadonlySet<string>;
}

/** Messages about one element, prefixed with its path when flushed into the problem list. */
type Findings = string[];

/**
 * `input` is parsed JSON; `byteLength` the size of the JSON text the client sent (the caller
 * knows it). The returned file is the input with a missing `appState`/`files` made `{}`.
 */
export function validateScene(input: unknown, byteLength?: number): SceneValidation {
  if (byteLength !== undefined && byteLength > SCENE_LIMITS.maxFileBytes) {
    return {
      ok: false,
      problems: [
        `the file is ${byteLength} bytes; at most ${SCENE_LIMITS.maxFileBytes} bytes are accepted`,
      ],
    };
  }
  if (!isRecord(input)) {
    return { ok: false, problems: [`the file must be a JSON object, got ${describe(input)}`] };
  }
  const problems = new ProblemList();
  checkEnvelope(input, problems);
  const elements = input.elements;
  if (Array.isArray(elements)) {
    if (elements.length > SCENE_LIMITS.maxElements) {
      const limit = SCENE_LIMITS.maxElements;
      problems.add(`elements holds ${elements.length} elements; at most ${limit} are accepted`);
      return { ok: false, problems: problems.toArray() };
    }
    checkElements(elements, problems);
  }
  if (!problems.isEmpty) return { ok: false, problems: problems.toArray() };
  return { ok: true, file: normalise(input, elements as JsonObject[]) };
}

/** Keeps the first problems and counts the rest, so a broken 20k-element file reads in a page. */
class ProblemList {
  readonly #kept: string[] = [];
  #total = 0;

  add(problem: string): void {
    if (this.#kept.length < MAX_PROBLEMS) this.#kept.push(problem);
    this.#total++;
  }

  get isEmpty(): boolean {
    return this.#total === 0;
  }

  toArray(): string[] {
    if (this.#total <= MAX_PROBLEMS) return [...this.#kept];
    const shown = MAX_PROBLEMS - 1;
    return [...this.#kept.slice(0, shown), `… and ${this.#total - shown} more problems`];
  }
}

/**
 * Our file type has `version: 2` and a `source`; version 1 files differ only in what
 * restore() migrates inside elements, which we leave to the editor.
 */
function normalise(input: JsonObject, elements: JsonObject[]): ExcalidrawFile {
  return {
    ...input,
    type: "excalidraw",
    version: 2,
    source: typeof input.source === "string" ? input.source : "",
    elements,
    appState: (input.appState ?? {}) as ExcalidrawFile["appState"],
    files: (input.files ?? {}) as ExcalidrawFile["files"],
  };
}

function checkEnvelope(file: JsonObject, problems: ProblemList): void {
  if (file.type !== "excalidraw") {
    problems.add(`type must be "excalidraw", got ${describe(file.type)}`);
  }
  if (file.version !== 1 && file.version !== 2) {
    problems.add(`version must be 1 or 2, got ${describe(file.version)}`);
  }
  if (file.source !== undefined && typeof file.source !== "string") {
    problems.add(`source must be a string, got ${describe(file.source)}`);
  }
  if (!Array.isArray(file.elements)) {
    problems.add(`elements must be an array, got ${describe(file.elements)}`);
  }
  if (file.appState !== undefined && !isRecord(file.appState)) {
    problems.add(`appState must be an object, got ${describe(file.appState)}`);
  }
  if (file.files !== undefined) checkFiles(file.files, problems);
}

function checkFiles(files: unknown, problems: ProblemList): void {
  if (!isRecord(files)) {
    problems.add(`files must be an object, got ${describe(files)}`);
    return;
  }
  for (const [key, file] of Object.entries(files)) {
    const path = `files[${quote(key)}]`;
    if (!isRecord(file)) {
      problems.add(`${path} must be an object, got ${describe(file)}`);
      continue;
    }
    for (const field of ["id", "mimeType"]) {
      if (typeof file[field] !== "string") {
        problems.add(`${path}.${field} must be a string, got ${describe(file[field])}`);
      }
    }
    // Without a dataURL an entry names an image whose bytes the diagram service stores apart.
    if (
      file.dataURL !== undefined &&
      (typeof file.dataURL !== "string" || !file.dataURL.startsWith("data:"))
    ) {
      problems.add(`${path}.dataURL must be a data: URL, got ${describe(file.dataURL)}`);
    }
  }
}

function checkElements(elements: unknown[], problems: ProblemList): void {
  const entries: Entry[] = [];
  const byId = new Map<string, Entry>();
  const findings: Findings = [];
  for (let position = 0; position < elements.length; position++) {
    const element = elements[position];
    if (!isRecord(element)) {
      problems.add(`elements[${position}] must be an object, got ${describe(element)}`);
      continue;
    }
    checkElementFields(element, findings);
    const entry = entryFor(element, position);
    if (entry) {
      const earlier = byId.get(entry.id);
      if (earlier) {
        findings.push(`id ${quote(entry.id)} is already used by elements[${earlier.position}]`);
      } else {
        byId.set(entry.id, entry);
      }
      entries.push(entry);
    }
    flush(findings, position, element, problems);
  }
  checkFractionalIndices(elements, problems);
  // A deleted element is a tombstone kept for collaboration; what it points at no longer matters.
  for (const entry of entries) {
    if (entry.deleted) continue;
    checkContainer(entry, byId, findings);
    checkBindings(entry, byId, findings);
    checkBoundElementRefs(entry, byId, findings);
    checkFrame(entry, byId, findings);
    flush(findings, entry.position, entry.element, problems);
  }
}

function flush(findings: Findings, position: number, element: JsonObject, problems: ProblemList) {
  if (findings.length === 0) return;
  const path = elementPath(position, element);
  for (const finding of findings) problems.add(`${path}: ${finding}`);
  findings.length = 0;
}

function elementPath(position: number, element: JsonObject): string {
  const id = element.id;
  return typeof id === "string" && id !== ""
    ? `elements[${position}] (id ${quote(id)})`
    : `elements[${position}]`;
}

function entryFor(element: JsonObject, position: number): Entry | undefined {
  const id = element.id;
  if (typeof id !== "string" || id === "") return undefined;
  return {
    element,
    id,
    type: typeof element.type === "string" ? element.type : "",
    position,
    deleted: element.isDeleted === true,
    boundTextIds: boundIdsOfType(element.boundElements, "text"),
    boundArrowIds: boundIdsOfType(element.boundElements, "arrow"),
  };
}

const NO_IDS: ReadonlySet<string> = new Set();

function boundIdsOfType(boundElements: unknown, type: string): ReadonlySet<string> {
  if (!Array.isArray(boundElements)) return NO_IDS;
  let ids: Set<string> | undefined;
  for (const ref of boundElements) {
    if (isRecord(ref) && ref.type === type && typeof ref.id === "string") {
      (ids ??= new Set()).add(ref.id);
    }
  }
  return ids ?? NO_IDS;
}

function checkElementFields(element: JsonObject, findings: Findings): void {
  if (typeof element.id !== "string" || element.id === "") {
    findings.push(`id must be a non-empty string, got ${describe(element.id)}`);
  }
  for (const field of REQUIRED_NUMBERS) checkNumber(element, field, FINITE, findings);
  for (const [field, rule] of OPTIONAL_NUMBERS) {
    if (element[field] !== undefined) checkNumber(element, field, rule, findings);
  }
  if (element.isDeleted !== undefined && typeof element.isDeleted !== "boolean") {
    findings.push(`isDeleted must be true or false, got ${describe(element.isDeleted)}`);
  }
  checkGroupIds(element.groupIds, findings);
  checkBoundElementsShape(element.boundElements, findings);
  if (element.index != null && typeof element.index !== "string") {
    findings.push(`index must be a string or null, got ${describe(element.index)}`);
  }
  checkNullableString(element, "frameId", findings);

  // An embeddable's link has the stricter rule of the pages a drawing may show.
  const framed = framedPageProblem(element);
  if (framed !== null) {
    findings.push(
      element.type === "embeddable" ? `${framed}, got ${describe(element.link)}` : framed,
    );
  } else if (!isAcceptedLink(element.link)) {
    findings.push(`${LINK_RULE}, got ${describe(element.link)}`);
  }
  const type = element.type;
  if (typeof type !== "string" || !ELEMENT_TYPES.has(type)) {
    findings.push(`type must be a known element type, got ${describe(type)}`);
  } else if (LINEAR_TYPES.has(type)) {
    if (checkPoints(element.points, 2, findings)) checkStartsAtOrigin(element.points, findings);
    checkBindingShape(element, "startBinding", findings);
    checkBindingShape(element, "endBinding", findings);
  } else if (type === "freedraw") {
    checkPoints(element.points, 1, findings);
  } else if (type === "text") {
    checkTextFields(element, findings);
  }
}

function checkNumber(element: JsonObject, field: string, rule: NumberRule, findings: Findings) {
  const value = element[field];
  if (!isFiniteNumber(value) || !rule.accepts(value)) {
    findings.push(`${field} must be ${rule.expected}, got ${describe(value)}`);
  }
}

function checkNullableString(element: JsonObject, field: string, findings: Findings): void {
  const value = element[field];
  if (value != null && typeof value !== "string") {
    findings.push(`${field} must be a string or null, got ${describe(value)}`);
  }
}

function checkGroupIds(groupIds: unknown, findings: Findings): void {
  if (groupIds === undefined) return;
  if (!Array.isArray(groupIds)) {
    findings.push(`groupIds must be an array of strings, got ${describe(groupIds)}`);
    return;
  }
  const bad = groupIds.findIndex((groupId) => typeof groupId !== "string");
  if (bad !== -1) {
    findings.push(`groupIds[${bad}] must be a string, got ${describe(groupIds[bad])}`);
  }
}

function checkBoundElementsShape(boundElements: unknown, findings: Findings): void {
  if (boundElements == null) return;
  if (!Array.isArray(boundElements)) {
    findings.push(`boundElements must be an array or null, got ${describe(boundElements)}`);
    return;
  }
  boundElements.forEach((ref, i) => {
    const path = `boundElements[${i}]`;
    if (!isRecord(ref)) {
      findings.push(`${path} must be an object, got ${describe(ref)}`);
      return;
    }
    if (typeof ref.id !== "string") {
      findings.push(`${path}.id must be a string, got ${describe(ref.id)}`);
    }
    if (ref.type !== "arrow" && ref.type !== "text") {
      findings.push(`${path}.type must be "arrow" or "text", got ${describe(ref.type)}`);
    }
  });
}

/** Reports what is wrong with `points`; true when it is a list of finite pairs. */
function checkPoints(points: unknown, minimum: number, findings: Findings): points is Point[] {
  if (!Array.isArray(points)) {
    findings.push(`points must be an array, got ${describe(points)}`);
    return false;
  }
  if (points.length < minimum) {
    findings.push(`points must hold at least ${minimum} point(s), got ${points.length}`);
    return false;
  }
  const bad = points.findIndex((point) => !isFinitePair(point));
  if (bad !== -1) {
    findings.push(`points[${bad}] must be a pair of finite numbers, got ${describe(points[bad])}`);
    return false;
  }
  return true;
}

/** Points are relative to x/y; restore() would shift the element to re-normalise them. */
function checkStartsAtOrigin(points: Point[], findings: Findings): void {
  const [x, y] = points[0];
  if (x !== 0 || y !== 0) findings.push(`points[0] must be [0, 0], got [${x}, ${y}]`);
}

function checkBindingShape(element: JsonObject, field: string, findings: Findings): void {
  const binding = element[field];
  if (binding == null) return;
  if (!isRecord(binding)) {
    findings.push(`${field} must be an object or null, got ${describe(binding)}`);
    return;
  }
  if (typeof binding.elementId !== "string") {
    findings.push(`${field}.elementId must be a string, got ${describe(binding.elementId)}`);
  }
  for (const key of ["focus", "gap"]) {
    if (binding[key] !== undefined && !isFiniteNumber(binding[key])) {
      findings.push(`${field}.${key} must be a finite number, got ${describe(binding[key])}`);
    }
  }
  if (binding.fixedPoint != null && !isFinitePair(binding.fixedPoint)) {
    findings.push(
      `${field}.fixedPoint must be a pair of finite numbers or null, got ${
        describe(binding.fixedPoint)
      }`,
    );
  }
}

function checkTextFields(element: JsonObject, findings: Findings): void {
  if (typeof element.text !== "string") {
    findings.push(`text must be a string, got ${describe(element.text)}`);
  }
  // Optional elsewhere, so the common pass checked it only when present.
  if (element.fontSize === undefined) checkNumber(element, "fontSize", POSITIVE, findings);
  checkNumber(element, "fontFamily", FINITE, findings);
  checkNullableString(element, "containerId", findings);
}

/**
 * Legacy files carry no `index` at all and Excalidraw assigns them on load; once any element
 * has one, every element needs one, strictly increasing as plain JS strings (fractional-indexing).
 */
function checkFractionalIndices(elements: unknown[], problems: ProblemList): void {
  const indexed = elements.some((element) =>
    isRecord(element) && typeof element.index === "string"
  );
  if (!indexed) return;
  let previousIndex: string | undefined;
  let previousPosition = -1;
  const findings: Findings = [];
  for (let position = 0; position < elements.length; position++) {
    const element = elements[position];
    if (!isRecord(element)) continue;
    const index = element.index;
    if (typeof index === "string") {
      if (previousIndex !== undefined && !(index > previousIndex)) {
        findings.push(
          `index ${quote(index)} must be greater than ${
            quote(previousIndex)
          } of elements[${previousPosition}]`,
        );
      }
      previousIndex = index;
      previousPosition = position;
    } else if (index == null) {
      findings.push(
        `index is ${index === null ? "null" : "missing"} while other elements have one`,
      );
    }
    flush(findings, position, element, problems);
  }
}

/** Resolves an id that must name a live element, reporting why it does not. */
function liveTarget(
  id: string,
  field: string,
  byId: Map<string, Entry>,
  findings: Findings,
): Entry | undefined {
  const target = byId.get(id);
  if (!target) {
    findings.push(`${field} ${quote(id)} names no element`);
    return undefined;
  }
  if (target.deleted) {
    findings.push(`${field} ${quote(id)} names deleted elements[${target.position}]`);
    return undefined;
  }
  return target;
}

function checkContainer(text: Entry, byId: Map<string, Entry>, findings: Findings): void {
  const containerId = text.element.containerId;
  if (text.type !== "text" || typeof containerId !== "string") return;
  const container = liveTarget(containerId, "containerId", byId, findings);
  if (!container) return;
  if (!TEXT_CONTAINER_TYPES.has(container.type)) {
    findings.push(
      `containerId ${quote(containerId)} names ${article(container.type)}, which cannot hold text`,
    );
  }
  if (!container.boundTextIds.has(text.id)) {
    findings.push(
      `container ${quote(containerId)} lacks {id: ${
        quote(text.id)
      }, type: "text"} in its boundElements`,
    );
  }
  if (container.position > text.position) {
    findings.push(
      `the text must come after its container ${
        quote(containerId)
      } (elements[${container.position}])`,
    );
  }
}

function checkBindings(arrow: Entry, byId: Map<string, Entry>, findings: Findings): void {
  if (!LINEAR_TYPES.has(arrow.type)) return;
  for (const field of ["startBinding", "endBinding"]) {
    const binding = arrow.element[field];
    if (!isRecord(binding) || typeof binding.elementId !== "string") continue;
    const targetId = binding.elementId;
    const target = liveTarget(targetId, `${field}.elementId`, byId, findings);
    if (!target) continue;
    if (!BINDABLE_TYPES.has(target.type)) {
      findings.push(
        `${field}.elementId ${quote(targetId)} names ${
          article(target.type)
        }, which arrows cannot bind to`,
      );
    }
    if (!target.boundArrowIds.has(arrow.id)) {
      findings.push(
        `${field} target ${quote(targetId)} lacks {id: ${
          quote(arrow.id)
        }, type: "arrow"} in its boundElements`,
      );
    }
  }
}

/** The other direction: what an element lists in `boundElements` must point back at it. */
function checkBoundElementRefs(owner: Entry, byId: Map<string, Entry>, findings: Findings): void {
  const refs = owner.element.boundElements;
  if (!Array.isArray(refs)) return;
  for (let i = 0; i < refs.length; i++) {
    const ref = refs[i];
    if (!isRecord(ref) || typeof ref.id !== "string") continue;
    const problem = boundRefProblem(owner, ref.type, byId.get(ref.id));
    if (problem) findings.push(`boundElements[${i}] ${quote(ref.id)} ${problem}`);
  }
  if (owner.boundTextIds.size > 1) {
    const liveTexts = [...owner.boundTextIds].filter((id) => {
      const text = byId.get(id);
      return text?.type === "text" && !text.deleted;
    });
    if (liveTexts.length > 1) {
      findings.push(
        `boundElements lists ${liveTexts.length} texts (${
          liveTexts.map(quote).join(", ")
        }); a container holds at most one`,
      );
    }
  }
}

function boundRefProblem(owner: Entry, type: unknown, target?: Entry): string | undefined {
  if (!target) return "names no element";
  // Excalidraw's repair pass drops references to deleted elements without harm.
  if (target.deleted) return undefined;
  if (type === "text") {
    if (target.type !== "text") return `is listed as text but names ${article(target.type)}`;
    const containerId = target.element.containerId;
    if (containerId !== owner.id) return `is a text whose containerId is ${describe(containerId)}`;
  } else if (type === "arrow" && !LINEAR_TYPES.has(target.type)) {
    return `is listed as an arrow but names ${article(target.type)}`;
  }
  return undefined;
}

function checkFrame(entry: Entry, byId: Map<string, Entry>, findings: Findings): void {
  const frameId = entry.element.frameId;
  if (typeof frameId !== "string") return;
  const frame = byId.get(frameId);
  if (!frame) {
    findings.push(`frameId ${quote(frameId)} names no element`);
  } else if (!FRAME_TYPES.has(frame.type)) {
    findings.push(`frameId ${quote(frameId)} names ${article(frame.type)}, not a frame`);
  }
}

function isFiniteNumber(value: unknown): value is number {
  return typeof value === "number" && Number.isFinite(value);
}

function isFinitePair(value: unknown): value is Point {
  return Array.isArray(value) && value.length === 2 && isFiniteNumber(value[0]) &&
    isFiniteNumber(value[1]);
}

function quote(text: string): string {
  return JSON.stringify(text);
}

function article(type: string): string {
  if (type === "") return "an element without a type";
  return `${/^[aeiou]/.test(type) ? "an" : "a"} ${type}`;
}

/** A short description of a bad value: literals as they are, long strings cut, containers named. */
function describe(value: unknown): string {
  if (value === undefined) return "nothing";
  if (typeof value === "string") {
    return quote(value.length > 40 ? `${value.slice(0, 40)}…` : value);
  }
  if (typeof value === "number" || typeof value === "boolean" || value === null) {
    return String(value);
  }
  if (Array.isArray(value)) {
    const short = value.length <= 4 &&
      value.every((item) => typeof item !== "object" || item === null);
    return short ? `[${value.map(describe).join(", ")}]` : `an array of ${value.length} items`;
  }
  return typeof value === "object" ? "an object" : `a ${typeof value}`;
}
