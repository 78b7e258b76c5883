/**
 * The one writer of the run directory's files (docs/architecture.md#evidence-sink): text goes
 * through the redactor, images are written unmasked, and every file is written atomically with mode
 * 0600.
 *
 * @module
 */
import type { Element } from "../model/element.ts";
import { writeFileAtomic } from "./atomic_write.ts";
import type { Redactor } from "./redact.ts";
import type { WaitTimeoutRecord } from "./wait_diagnostic.ts";

/** Mode of every artifact file. */
export const FILE_MODE = 0o600;

function pretty(value: unknown): string {
  return JSON.stringify(value, null, 2) + "\n";
}

/** Writes one file in full or throws; `writeFileAtomic` unless a test simulates a full disk. */
export type WriteFile = (path: string, data: string | Uint8Array, mode: number) => Promise<void>;

/** Writes redacted text artifacts and unmasked binary ones. */
export class RedactingWriter {
  readonly #write: WriteFile;

  constructor(readonly redactor: Redactor, write: WriteFile = writeFileAtomic) {
    this.#write = write;
  }

  /** Free text (logs): scrubbed by `redactText`. */
  text(path: string, text: string): Promise<void> {
    return this.#write(path, this.redactor.redactText(text), FILE_MODE);
  }

  /** A traffic log (device.log): scrubbed by `redactLog`, which also masks typed prefixes. */
  log(path: string, text: string): Promise<void> {
    return this.#write(path, this.redactor.redactLog(text), FILE_MODE);
  }

  /** A traffic record (network.json): pretty-printed after `redactLogJson`. */
  logJson(path: string, value: unknown): Promise<void> {
    return this.#write(path, pretty(this.redactor.redactLogJson(value)), FILE_MODE);
  }

  /** Any JSON value, pretty-printed after `redactJson`. */
  json(path: string, value: unknown): Promise<void> {
    return this.#write(path, pretty(this.redactor.redactJson(value)), FILE_MODE);
  }

  /** An element tree (`elements.json`): a pretty-printed array after `redactElements`. */
  elements(path: string, elements: readonly Element[]): Promise<void> {
    return this.#write(path, pretty(this.redactor.redactElements(elements)), FILE_MODE);
  }

  /** `wait-timeout.json`: the tree gets the element rules, the rest the JSON rules. */
  waitTimeout(path: string, record: WaitTimeoutRecord): Promise<void> {
    const { elements, ...rest } = record;
    const body = {
      ...(this.redactor.redactJson(rest) as object),
      elements: this.redactor.redactElements(elements),
    };
    return this.#write(path, pretty(body), FILE_MODE);
  }

  /** Images and video: never masked. */
  binary(path: string, data: Uint8Array): Promise<void> {
    return this.#write(path, data, FILE_MODE);
  }
}
