/**
 * Condition waits as the report shows them (docs/reports.md#waits).
 *
 * @module
 */
/**
 * What ended a wait: its condition held (`condition`), the screen held still for the reads
 * `settled` needs (`stable`), the screen differed from the wait's first read (`changed`), the
 * timeout passed (`timeout`), a watcher's recovery failed (`aborted`), or (`assert-retry`) only
 * assertions a re-read cannot change still failed (`readOnce`).
 */
export type WaitEnd = "condition" | "stable" | "changed" | "timeout" | "aborted" | "readOnce";

/** The launch readiness gate as a wait: which rung fired (`timeout` when none did). */
export interface LaunchRecord extends WaitRecord {
  signal: string;
}

/** One condition wait, as the report shows it: what ended it, how many reads, how long. */
export interface WaitRecord {
  /**
   * `for`, `gone`, `screenChanged`, `settled`, `request` or `assert` (wait steps); `assert-retry`
   * (an assertion re-read under the run's floor); `scroll-settle` (a driver's in-page scroll
   * settle); `launch` (the readiness gate, on the scenario); `relaunch` (the readiness gate after a
   * relaunch step).
   */
  kind: string;
  endedBy: WaitEnd;
  /** Tree reads (exchange-list reads for `request`), the screenChanged initial read included. */
  reads: number;
  seconds: number;
  /** The effective timeout (the run's floor applied). */
  timeoutS: number;
  /** `settled`: identical consecutive reads at the end. */
  stableReads?: number;
  /** Rounds in which a watcher (interrupt recovery, alert guard) acted on the screen. */
  watcherActs?: number;
  /** `screenChanged`: elements left out of the comparison because a watcher's action removed them. */
  watcherRemoved?: number;
}
