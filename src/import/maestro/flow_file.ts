/**
 * Reading a Maestro flow file with source positions (docs/import-maestro.md): an optional config
 * document (`appId`, `name`, `tags`, `env`, `onFlowStart`, `onFlowComplete`), a `---` line, then
 * the command list. Each document is parsed on its own by the YAML toolkit with the lines before
 * it blanked, so every node keeps the line and column it has in the file.
 *
 * @module
 */
import type { LoadError } from "../../yaml/load_error.ts";
import type { PEntry, PNode } from "../../yaml/pnode.ts";
import { parseYaml } from "../../yaml/parse.ts";
import { readSourceSync } from "../../yaml/read_source.ts";

/** A parsed flow: the header's entries (empty without one) and the command nodes. */
export interface FlowFile {
  file: string;
  config: PEntry[];
  commands: PNode[];
}

/** The flow, or the problems that kept it from being read (`E_IO`, `E_YAML`, `E_MAESTRO_FLOW`). */
export type FlowRead = { ok: true; flow: FlowFile } | { ok: false; errors: LoadError[] };

/** A document separator: `---` alone on its line (a trailing comment allowed). */
const SEPARATOR = /^---[ \t]*(#.*)?$/;

/** Reads and parses the flow at `file` (the path is kept as given, for messages). */
export function readFlowFile(file: string): FlowRead {
  const source = readSourceSync(file);
  if (!source.ok) return { ok: false, errors: [source.error] };
  return parseFlow(source.text, file);
}

/** Parses flow text; `file` only names it in positions and errors. */
export function parseFlow(text: string, file: string): FlowRead {
  const lines = text.split(/\r?\n/);
  const separators = lines.flatMap((l, i) => SEPARATOR.test(l) ? [i] : []);
  // A leading `---` opens the first document rather than ending a header.
  const splits = separators.filter((i) => lines.slice(0, i).some(isContent));
  if (splits.length > 1) {
    return fail(file, splits[1] + 1, 1, "E_MAESTRO_FLOW", "a flow has at most two documents");
  }
  const docs = splits.length === 0
    ? [blankOutside(lines, 0, lines.length)]
    : [blankOutside(lines, 0, splits[0]), blankOutside(lines, splits[0] + 1, lines.length)];
  const nodes: (PNode | null)[] = [];
  for (const doc of docs) {
    const parsed = parseYaml(doc, file, { keysAsText: true });
    if (parsed.errors.length > 0) return { ok: false, errors: parsed.errors };
    nodes.push(parsed.node);
  }
  const [first, second] = nodes;
  if (docs.length === 1) {
    // One document: the command list alone, or a header with no commands.
    if (first === null) return { ok: true, flow: { file, config: [], commands: [] } };
    if (first.kind === "seq") {
      return { ok: true, flow: { file, config: [], commands: first.items } };
    }
    if (first.kind === "map") {
      return { ok: true, flow: { file, config: first.entries, commands: [] } };
    }
    return fail(file, first.pos.line, first.pos.col, "E_MAESTRO_FLOW", notAFlow("file"));
  }
  if (first !== null && first.kind !== "map") {
    return fail(file, first.pos.line, first.pos.col, "E_MAESTRO_FLOW", notAFlow("header"));
  }
  if (second !== null && second.kind !== "seq") {
    return fail(file, second.pos.line, second.pos.col, "E_MAESTRO_FLOW", notAFlow("commands"));
  }
  return {
    ok: true,
    flow: { file, config: first?.entries ?? [], commands: second?.items ?? [] },
  };
}

function isContent(line: string): boolean {
  const t = line.trim();
  return t !== "" && !t.startsWith("#");
}

/** The text with every line outside [from, to) emptied, so line numbers stay those of the file. */
function blankOutside(lines: string[], from: number, to: number): string {
  return lines.map((l, i) => (i >= from && i < to ? l : "")).join("\n");
}

function notAFlow(what: "file" | "header" | "commands"): string {
  const rule = what === "header"
    ? "the header (before ---) must be a mapping (appId, tags, env…)"
    : what === "commands"
    ? "the part after --- must be a list of commands"
    : "expected a list of commands, or a header mapping";
  return `not a Maestro flow: ${rule}`;
}

function fail(
  file: string,
  line: number,
  col: number,
  code: LoadError["code"],
  message: string,
): FlowRead {
  return { ok: false, errors: [{ file, line, col, code, path: "", message }] };
}
