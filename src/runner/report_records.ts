/**
 * Records made ready for the reports: paths in reports are portable, so artifact names become
 * run-folder relative (prefixed `<engine>/` on a matrix run) and source files relative to where
 * the run started; an artifact whose queued write failed was never written and is left out.
 *
 * @module
 */
import { relative } from "node:path";
import type { ScenarioRecord } from "../report/model.ts";

/**
 * How a record's paths are rewritten.
 *
 * @example
 * ```ts
 * const paths: PortablePaths = { cwd: "/work", written: (a) => !failures.failed(a.name) };
 * ```
 */
export interface PortablePaths {
  /** Where the run was started; source files are shown relative to it. */
  cwd: string;
  /** False for an artifact (by its run-folder name) whose write failed. */
  written(artifact: { name: string }): boolean;
}

/**
 * `record` with portable paths (a new object; `record` is left as it is).
 *
 * @example
 * ```ts
 * const rec = portableRecord(record, { cwd: "/work", written: () => true });
 * rec.file; // "suite/login.yaml" for /work/suite/login.yaml
 * rec.artifacts[0].name; // "firefox/00-login/network.json" on a matrix pass over firefox
 * ```
 */
export function portableRecord(record: ScenarioRecord, paths: PortablePaths): ScenarioRecord {
  const prefix = record.engine ? `${record.engine}/` : "";
  const fileOf = (file: string | undefined) => file ? relative(paths.cwd, file) : file;
  const artifactsOf = <A extends { name: string }>(artifacts: A[]): A[] =>
    artifacts.map((a) => ({ ...a, name: prefix + a.name })).filter(paths.written);
  const stepsOf = <S extends { artifacts: { name: string }[]; file?: string }>(steps: S[]) =>
    steps.map((s) => ({ ...s, file: fileOf(s.file), artifacts: artifactsOf(s.artifacts) }));
  const r = record.result;
  return {
    ...record,
    result: {
      ...r,
      steps: stepsOf(r.steps),
      beforeOutcomes: stepsOf(r.beforeOutcomes),
      afterOutcomes: stepsOf(r.afterOutcomes),
    },
    file: record.file ? relative(paths.cwd, record.file) : undefined,
    artifacts: artifactsOf(record.artifacts),
  };
}
