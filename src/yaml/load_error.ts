/**
 * Load errors (docs/scenario-language.md#load-errors): every problem names file, line, column, a
 * stable code and the YAML path, and prints as `<file>:<line>:<col>: <CODE> <message>`.
 *
 * @module
 */
import { clipText } from "./bounded_text.ts";
import { MAX_MESSAGE_CHARS, MAX_PATH_CHARS } from "./limits.ts";

export type LoadErrorCode =
  | "E_YAML"
  | "E_IO"
  | "E_FILE_SHAPE"
  | "E_SCHEMA_TOO_NEW"
  | "E_SCHEMA_INVALID"
  | "E_UNKNOWN_KEY"
  | "E_DUPLICATE_KEY"
  | "E_REQUIRED"
  | "E_TYPE"
  | "E_STEP_ACTIONS"
  | "E_STEP_NAME"
  | "E_CONTROL_FLOW_MODIFIER"
  | "E_SELECTOR_EMPTY"
  | "E_ID_CANDIDATES"
  | "E_REGEX"
  | "E_SWIPE_FORM"
  | "E_AMOUNT"
  | "E_TAPPOINT_RANGE"
  | "E_PINCH_SCALE"
  | "E_COUNT_POSITIVE"
  | "E_WAIT_FORM"
  | "E_ASSERTION_KIND"
  | "E_ONE_OP"
  | "E_REQUEST_EMPTY"
  | "E_EVENT_EMPTY"
  | "E_TRIGGER"
  | "E_CAPTURE_TOKEN"
  | "E_DATA_XOR"
  | "E_COMPONENT"
  | "E_REF_OUTSIDE_ROOT"
  | "E_ALERT_SEL"
  | "E_ALERT_FORM"
  | "E_PERMISSION"
  | "E_GENERATE"
  | "E_VISUAL_ENGINE"
  | "E_CONFIG"
  | "E_ENUM"
  /** A `press` key that is not a key chord (src/model/key_chord.ts). */
  | "E_KEY"
  /** Run check: a feature not supported yet (docs/cli.md#preflight). */
  | "E_UNSUPPORTED"
  /** Run check: the chosen backend lacks a capability a step needs. */
  | "E_CAPABILITY"
  /** Run check: the target's platform cannot do what the scenario asks (navigation off origin…). */
  | "E_PLATFORM"
  /** `index` where it can have no effect: inside `within`, in `count`, in `forEach`. */
  | "E_INDEX_NO_EFFECT"
  /** YAML aliases expand past the limit (an "alias bomb"), or an alias refers to its own node. */
  | "E_ALIAS_LIMIT"
  /** Collections nested deeper than the limit. */
  | "E_DEPTH_LIMIT"
  /** Too many data rows or scenarios. */
  | "E_SIZE_LIMIT"
  /** The file is not valid UTF-8. */
  | "E_ENCODING"
  /** An unexpected failure inside the loader, reported instead of a stack trace. */
  | "E_INTERNAL"
  /** `bajutsu import maestro`: the file is not a Maestro flow (docs/import-maestro.md). */
  | "E_MAESTRO_FLOW"
  /** Warning: a deprecated spelling (e.g. `alertHandling`) was accepted. */
  | "W_DEPRECATED"
  /** Warning: a field that has no effect where it is written (e.g. the config's `mockServer`). */
  | "W_IGNORED"
  /** Warning: a key the target's platform ignores (e.g. `launchArgs` on a web target). */
  | "W_PLATFORM";

export interface LoadError {
  file: string;
  line: number;
  col: number;
  code: LoadErrorCode;
  /** YAML path, e.g. `scenarios[0].steps[3].swipe`; "" for the document itself. */
  path: string;
  message: string;
}

/**
 * `<file>:<line>:<col>: <CODE> <path>: <message>` (the path is omitted when empty). Path and
 * message are clipped (docs/input-limits.md), so input quoted in them cannot make a huge line.
 */
export function formatLoadError(e: LoadError): string {
  const where = e.path ? `${clipText(e.path, MAX_PATH_CHARS)}: ` : "";
  return `${e.file}:${e.line}:${e.col}: ${e.code} ${where}${
    clipText(e.message, MAX_MESSAGE_CHARS)
  }`;
}

/** Thrown by APIs that load a single thing and cannot return a list (e.g. `run`). */
export class LoadFailed extends Error {
  readonly code = "E_LOAD";
  constructor(readonly errors: LoadError[]) {
    super(errors.map(formatLoadError).join("\n"));
    this.name = "LoadFailed";
  }
}
