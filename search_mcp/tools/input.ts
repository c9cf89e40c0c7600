// Argument forms shared by the tools. Models send numbers as strings ("2"), booleans as "true" and
// null for "not set"; a strict schema would turn each of those into a failed call, so these
// accept them and say the precise form in the published JSON Schema.
import { z } from "zod";

/** A yes/no argument: a boolean or "true"/"false", null or absent for "not set". */
export const flagArgument = z
  .union([z.boolean(), z.enum(["true", "false"]).transform((value) => value === "true")])
  .nullish();

/** A whole-number argument from `min` to `max`, also sent as a string; null or absent for "not set". */
export function countArgument(min: number, max: number) {
  return z.coerce.number().int().min(min).max(max).nullish();
}

/** "all" and empty mean the engine's default language. */
export const languageArgument = z
  .string()
  .trim()
  .regex(/^(all|auto|[A-Za-z]{2,3}(-[A-Za-z0-9]{2,8})*)?$/, "a language code such as en or de-CH")
  .nullish();

/** A comma-separated list of names, normalized to lower case without blanks or repeats. */
export const nameListArgument = z
  .string()
  .max(1000)
  .transform((text) => [...new Set(text.split(",").map((n) => n.trim().toLowerCase()))])
  .transform((names) => names.filter((name) => name !== "").join(","))
  .nullish();
