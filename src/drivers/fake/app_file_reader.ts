/**
 * Typed reads from positioned YAML nodes for the fake app file. Every problem becomes a
 * `LoadError` at the offending node (or key) and the read returns null, so one pass reports
 * every mistake in the file.
 *
 * @module
 */
import type { Frame } from "../driver.ts";
import type { LoadError, LoadErrorCode } from "../../scenario/errors.ts";
import type { PEntry, PNode } from "../../scenario/pnode.ts";
import type { SourcePos } from "../../scenario/types.ts";
import { quoteInput } from "../../scenario/bounded_text.ts";

/** A mapping's entries by key, after the unknown- and required-key checks. */
export type Fields = Map<string, PEntry>;

/** Collects errors while reading one file. */
export class NodeReader {
  readonly errors: LoadError[] = [];

  constructor(readonly file: string) {}

  fail(at: PNode | SourcePos, code: LoadErrorCode, path: string, message: string): null {
    const pos = "kind" in at ? at.pos : at;
    this.errors.push({ file: this.file, line: pos.line, col: pos.col, code, path, message });
    return null;
  }

  /** A mapping with only `allowed` keys and every `required` one. */
  map(
    node: PNode,
    path: string,
    allowed: readonly string[],
    required: readonly string[] = [],
  ): Fields | null {
    if (node.kind !== "map") return this.fail(node, "E_TYPE", path, `expected a mapping`);
    const fields: Fields = new Map();
    for (const entry of node.entries) {
      if (!allowed.includes(entry.key)) {
        this.fail(
          entry.keyPos,
          "E_UNKNOWN_KEY",
          join(path, entry.key),
          `unknown key ${quoteInput(entry.key)} (expected one of: ${allowed.join(", ")})`,
        );
        continue;
      }
      fields.set(entry.key, entry);
    }
    for (const key of required) {
      if (!fields.has(key)) this.fail(node, "E_REQUIRED", path, `missing required key "${key}"`);
    }
    return fields;
  }

  /** A sequence's items. */
  seq(node: PNode, path: string): PNode[] | null {
    if (node.kind !== "seq") return this.fail(node, "E_TYPE", path, "expected a sequence");
    return node.items;
  }

  string(node: PNode, path: string): string | null {
    if (node.kind === "scalar" && typeof node.value === "string") return node.value;
    return this.fail(node, "E_TYPE", path, `expected a string, got ${describe(node)}`);
  }

  /** A non-empty string. */
  name(node: PNode, path: string): string | null {
    const s = this.string(node, path);
    if (s !== null && s.trim() === "") return this.fail(node, "E_TYPE", path, "must not be empty");
    return s;
  }

  /** A display text: strings, and numbers written bare (`label: 0`) as their decimal text. */
  text(node: PNode, path: string): string | null {
    if (node.kind === "scalar" && typeof node.value === "number") return String(node.value);
    return this.string(node, path);
  }

  /** `text`, or YAML null. `undefined` marks a read error. */
  nullableText(node: PNode, path: string): string | null | undefined {
    if (node.kind === "scalar" && node.value === null) return null;
    return this.text(node, path) ?? undefined;
  }

  number(node: PNode, path: string, min = -Infinity): number | null {
    if (node.kind !== "scalar" || typeof node.value !== "number" || !Number.isFinite(node.value)) {
      return this.fail(node, "E_TYPE", path, `expected a number, got ${describe(node)}`);
    }
    if (node.value < min) return this.fail(node, "E_TYPE", path, `must be ≥ ${min}`);
    return node.value;
  }

  integer(node: PNode, path: string, min = -Infinity): number | null {
    const n = this.number(node, path, min);
    if (n !== null && !Number.isInteger(n)) {
      return this.fail(node, "E_TYPE", path, "expected an integer");
    }
    return n;
  }

  boolean(node: PNode, path: string): boolean | null {
    if (node.kind === "scalar" && typeof node.value === "boolean") return node.value;
    return this.fail(node, "E_TYPE", path, `expected true or false, got ${describe(node)}`);
  }

  /** One of the listed words. */
  oneOf<T extends string>(node: PNode, path: string, words: readonly T[]): T | null {
    const s = this.string(node, path);
    if (s === null) return null;
    if (!(words as readonly string[]).includes(s)) {
      return this.fail(node, "E_ENUM", path, `expected one of ${words.join(", ")}, got "${s}"`);
    }
    return s as T;
  }

  stringList(node: PNode, path: string): string[] | null {
    const items = this.seq(node, path);
    if (items === null) return null;
    const out = items.map((item, i) => this.string(item, `${path}[${i}]`));
    return out.every((s) => s !== null) ? out as string[] : null;
  }

  /** `[x, y, w, h]` with a non-negative size. */
  frame(node: PNode, path: string): Frame | null {
    const items = this.seq(node, path);
    if (items === null) return null;
    if (items.length !== 4) {
      return this.fail(node, "E_TYPE", path, `expected [x, y, w, h], got ${items.length} numbers`);
    }
    const nums = items.map((item, i) => this.number(item, `${path}[${i}]`, i < 2 ? -Infinity : 0));
    return nums.every((n) => n !== null) ? nums as Frame : null;
  }

  /** A mapping of strings to strings (HTTP headers). */
  stringMap(node: PNode, path: string): Record<string, string> | null {
    if (node.kind !== "map") return this.fail(node, "E_TYPE", path, "expected a mapping");
    const out: Record<string, string> = {};
    for (const e of node.entries) {
      const v = this.text(e.value, join(path, e.key));
      if (v === null) return null;
      out[e.key] = v;
    }
    return out;
  }
}

/** `a.b` path join ("" stays empty). */
export function join(path: string, key: string): string {
  return path ? `${path}.${key}` : key;
}

function describe(node: PNode): string {
  if (node.kind === "map") return "a mapping";
  if (node.kind === "seq") return "a sequence";
  const v = node.value;
  if (v === null) return "null";
  return `${typeof v} ${typeof v === "string" ? quoteInput(v) : String(v)}`;
}
