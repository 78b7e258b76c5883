/**
 * What every load-time templating stage needs to know about the file being loaded.
 *
 * @module
 */

/** Where references resolve from and where they must stay. */
export interface TemplatingContext {
  /** Suite root: every referenced file (component, data file, setup) must stay inside it. */
  rootDir: string;
  /** Absolute path of the top-level scenario file; references resolve from its directory. */
  topFile: string;
  /**
   * YAML path of the scenario inside the top-level file (e.g. `scenarios[2]`), prefixed to the
   * `path` of errors located in that scenario. Absent: paths are relative to the scenario.
   */
  scenarioPath?: string;
}
