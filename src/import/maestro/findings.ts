/**
 * What the Maestro import could not translate (docs/import-maestro.md#the-report): one finding
 * per command or option left out, printed as
 * `<file>:<line>: W_MAESTRO_<CODE> <command>: <why>; instead: <what to do>`.
 *
 * @module
 */

/** The finding codes; each names a reason a command has no bajutsu form. */
export type FindingCode =
  | "SCRIPT"
  | "SELECTOR"
  | "NO_EQUIVALENT"
  | "LOOP"
  | "LAUNCH"
  | "KEY"
  | "OPTIONAL"
  | "OPTION"
  | "CONDITION"
  | "RUNFLOW"
  | "POINT"
  | "UNKNOWN"
  | "INVALID";

/** One command (or one of its options) the import left as a comment. */
export interface Finding {
  file: string;
  line: number;
  /** The Maestro command name, with the option when only an option was left out. */
  command: string;
  code: FindingCode;
  why: string;
  instead: string;
}

/** The report line of a finding. */
export function formatFinding(f: Finding): string {
  return `${f.file}:${f.line}: W_MAESTRO_${f.code} ${f.command}: ${f.why}; instead: ${f.instead}`;
}

/** Thrown by a translator for a command it cannot express; the dispatcher makes it a comment. */
export class Untranslatable extends Error {
  constructor(readonly code: FindingCode, readonly why: string, readonly instead: string) {
    super(why);
    this.name = "Untranslatable";
  }
}
