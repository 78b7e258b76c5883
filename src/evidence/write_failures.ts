/**
 * Evidence that could not be written (a full disk, a vanished folder, a capture that failed):
 * counted over the whole run so the user gets one warning line, not one per file, and the
 * report does not list a file that was never written. Evidence never decides a verdict.
 *
 * @module
 */

/** Where a sink reports a file it could not write; names are run-dir relative. */
export interface WriteFailureLog {
  record(name: string, reason: string): void;
}

/** The run's tally of evidence write failures. */
export class EvidenceWriteFailures implements WriteFailureLog {
  #count = 0;
  #first: { name: string; reason: string } | null = null;
  readonly #names = new Set<string>();

  record(name: string, reason: string): void {
    this.#count++;
    this.#names.add(name);
    this.#first ??= { name, reason: shortReason(reason) };
  }

  /** Failures recorded so far. */
  get count(): number {
    return this.#count;
  }

  /** True when writing the artifact `name` failed. */
  failed(name: string): boolean {
    return this.#names.has(name);
  }

  /** A view that prefixes every name (an engine pass of a matrix writes under `<engine>/`). */
  under(prefix: string): WriteFailureLog {
    return { record: (name, reason) => this.record(prefix + name, reason) };
  }

  /**
   * `N evidence writes failed, first: <name>: <reason>`, or null when nothing failed.
   *
   * @example
   * ```ts
   * const f = new EvidenceWriteFailures();
   * f.record("00-a/step0/after.png", "No space left on device (os error 28)");
   * f.summary(); // "1 evidence write failed, first: 00-a/step0/after.png: No space left on device (os error 28)"
   * ```
   */
  summary(): string | null {
    if (this.#first === null) return null;
    const what = this.#count === 1 ? "evidence write failed" : "evidence writes failed";
    return `${this.#count} ${what}, first: ${this.#first.name}: ${this.#first.reason}`;
  }
}

/** Deno's `… (os error 28): open '/abs/.after.png.<uuid>.tmp'` without the temp-file tail. */
function shortReason(reason: string): string {
  return reason.replace(/^(.*\(os error \d+\)): \w+ '.*'$/s, "$1");
}
