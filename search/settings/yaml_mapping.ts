// A settings file's text as a YAML mapping (or, for files a setting points to, any YAML value), or
// one line saying why it is not one.
import { parseDocument } from "yaml";
import { describeError } from "../../shared/describe_error.ts";
import { ConfigError } from "../../shared/env.ts";
import { isRecord } from "../../shared/is_record.ts";
import { shown } from "./schemas.ts";

export type Mapping = Record<string, unknown>;

export function readYamlMapping(text: string, label: string): Mapping {
  const value = readYamlValue(text, label);
  if (value === null) return {};
  if (!isRecord(value)) {
    throw new ConfigError(`${label}: expected a mapping of settings, got ${shown(value)}`);
  }
  return value;
}

/** The YAML document in `text`, whatever its shape (null when empty). */
export function readYamlValue(text: string, label: string): unknown {
  const document = parseDocument(text);
  const [error] = document.errors;
  if (error) {
    const position = error.linePos?.[0];
    const where = position ? ` at line ${position.line}, column ${position.col}` : "";
    const reason = error.message.split("\n")[0].replace(/ at line \d+, column \d+:$/, "");
    throw new ConfigError(`${label}: invalid YAML${where}: ${reason}`);
  }
  let value: unknown;
  try {
    value = document.toJS();
  } catch (cause) {
    // Alias bombs and similar: the document is well-formed but refused.
    throw new ConfigError(`${label}: invalid YAML: ${describeError(cause)}`);
  }
  return value ?? null;
}
