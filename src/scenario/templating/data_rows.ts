/**
 * Data-driven expansion (docs/scenario-language.md#data-rows): a scenario with `data` rows or a
 * `dataFile` CSV becomes one scenario per row, with `${row.col}` substituted through the whole
 * scenario and the row shown in its name. Only `row.*` is bound here; `${vars.*}` and
 * `${secrets.*}` stay for the run loop.
 *
 * @module
 */
import type { LoadError } from "../../yaml/load_error.ts";
import { getEntry, type PEntry, type PNode } from "../../yaml/pnode.ts";
import { interpolatePNode, namespaceLookup } from "../interpolate.ts";
import type { TemplatingContext } from "./context.ts";
import { parseCsv } from "./csv.ts";
import { errorAt, indexPath, keyPath } from "./load_error.ts";
import { resolveRef } from "./resolve_ref.ts";
import { MAX_DATA_ROWS } from "../input_limits.ts";
import { readSource } from "../../yaml/read_source.ts";

/** One data row: column → value pairs in column order. */
export type DataRow = [column: string, value: string][];

/**
 * Expands `data` / `dataFile` into one scenario per row (`data: []` gives none). A scenario
 * with neither comes back unchanged as the only element. On errors `nodes` is empty.
 */
export async function expandDataRows(
  scenario: PNode,
  ctx: TemplatingContext,
): Promise<{ nodes: PNode[]; errors: LoadError[] }> {
  const data = getEntry(scenario, "data");
  const dataFile = getEntry(scenario, "dataFile");
  if (scenario.kind !== "map" || (!data && !dataFile)) return { nodes: [scenario], errors: [] };
  const base = ctx.scenarioPath ?? "";
  if (data && dataFile) {
    const e = errorAt(
      dataFile.keyPos,
      "E_DATA_XOR",
      keyPath(base, "dataFile"),
      "data and dataFile are mutually exclusive; give one of them",
    );
    return { nodes: [], errors: [e] };
  }
  const { rows, errors } = data
    ? rowsFromData(data, keyPath(base, "data"))
    : await rowsFromCsv(dataFile!, keyPath(base, "dataFile"), ctx);
  if (errors.length > 0) return { nodes: [], errors };
  return { nodes: rows.map((row, i) => instantiate(scenario, row, i)), errors: [] };
}

/** The scenario for row `index` (0-based): tokens bound, data keys dropped, name suffixed. */
function instantiate(scenario: PNode & { kind: "map" }, row: DataRow, index: number): PNode {
  const kept: PNode = {
    ...scenario,
    entries: scenario.entries.filter((e) => e.key !== "data" && e.key !== "dataFile"),
  };
  const bound = interpolatePNode(kept, namespaceLookup({ row: Object.fromEntries(row) }));
  if (bound.kind !== "map") return bound;
  const name = getEntry(scenario, "name");
  if (!name || name.value.kind !== "scalar" || typeof name.value.value !== "string") return bound;
  const kv = row.map(([k, v]) => `${k}=${v}`).join(", ");
  const suffix = kv ? `[row ${index + 1}: ${kv}]` : `[row ${index + 1}]`;
  const renamed: PEntry = {
    ...name,
    value: { ...name.value, value: `${name.value.value} ${suffix}` },
  };
  return { ...bound, entries: bound.entries.map((e) => e.key === "name" ? renamed : e) };
}

/** Inline `data`: a list of mappings of strings. */
function rowsFromData(entry: PEntry, path: string): { rows: DataRow[]; errors: LoadError[] } {
  const errors: LoadError[] = [];
  const node = entry.value;
  if (node.kind !== "seq") {
    errors.push(errorAt(node.pos, "E_TYPE", path, "data must be a list of rows (mappings)"));
    return { rows: [], errors };
  }
  if (node.items.length > MAX_DATA_ROWS) {
    const first = node.items[MAX_DATA_ROWS];
    errors.push(errorAt(first.pos, "E_SIZE_LIMIT", indexPath(path, MAX_DATA_ROWS), tooManyRows()));
    return { rows: [], errors };
  }
  const rows: DataRow[] = [];
  node.items.forEach((item, i) => {
    const rowPath = indexPath(path, i);
    if (item.kind !== "map") {
      errors.push(errorAt(item.pos, "E_TYPE", rowPath, "a data row must be a mapping"));
      return;
    }
    const row: DataRow = [];
    for (const e of item.entries) {
      if (e.value.kind === "scalar" && typeof e.value.value === "string") {
        row.push([e.key, e.value.value]);
      } else {
        const msg = "data values must be strings (quote numbers and booleans)";
        errors.push(errorAt(e.value.pos, "E_TYPE", keyPath(rowPath, e.key), msg));
      }
    }
    rows.push(row);
  });
  return { rows, errors };
}

/** `dataFile`: a CSV with a header row, resolved and contained like a component. */
async function rowsFromCsv(
  entry: PEntry,
  path: string,
  ctx: TemplatingContext,
): Promise<{ rows: DataRow[]; errors: LoadError[] }> {
  const node = entry.value;
  const fail = (e: LoadError) => ({ rows: [], errors: [e] });
  if (node.kind !== "scalar" || typeof node.value !== "string" || node.value === "") {
    return fail(errorAt(node.pos, "E_TYPE", path, "dataFile must be a non-empty string"));
  }
  const ref = node.value;
  const res = await resolveRef(ref, ctx);
  if (res.kind === "outside") {
    return fail(errorAt(node.pos, "E_REF_OUTSIDE_ROOT", path, `dataFile ${res.reason}`));
  }
  if (res.kind === "missing") {
    return fail(
      errorAt(node.pos, "E_IO", path, `dataFile '${ref}': ${res.reason} (${res.path})`),
    );
  }
  const source = await readSource(res.realPath);
  if (!source.ok) {
    const e = source.error;
    if (e.code === "E_ENCODING") return fail({ ...e, file: res.path });
    return fail(errorAt(node.pos, "E_IO", path, `dataFile '${ref}': ${e.message}`));
  }
  const text = source.text;
  const csvAt = (line: number, col: number, message: string): LoadError => ({
    file: res.path,
    line,
    col,
    code: "E_IO",
    path: "",
    message: `CSV: ${message}`,
  });
  const { records, error } = parseCsv(text);
  if (error) return fail(csvAt(error.line, error.col, error.message));
  if (records.length === 0) return fail(csvAt(1, 1, "a header row is required"));
  const [header, ...body] = records;
  if (body.length > MAX_DATA_ROWS) {
    return fail({ ...csvAt(body[MAX_DATA_ROWS].line, 1, tooManyRows()), code: "E_SIZE_LIMIT" });
  }
  const dup = header.fields.find((h, i) => header.fields.indexOf(h) !== i);
  if (dup !== undefined) return fail(csvAt(header.line, 1, `duplicate column '${dup}'`));
  const errors: LoadError[] = [];
  const rows: DataRow[] = [];
  for (const r of body) {
    if (r.fields.length !== header.fields.length) {
      const msg = `row has ${r.fields.length} field(s), the header has ${header.fields.length}`;
      errors.push(csvAt(r.line, 1, msg));
      continue;
    }
    rows.push(header.fields.map((h, i) => [h, r.fields[i]]));
  }
  return { rows, errors };
}

function tooManyRows(): string {
  return `more than ${MAX_DATA_ROWS} data rows (the limit, docs/input-limits.md)`;
}
