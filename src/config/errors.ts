/**
 * Typed errors of the config layer. Each carries a stable `code`; the CLI turns every one of
 * them into a message and exit 2 (docs/cli.md).
 *
 * @module
 */

/** `--target` names a target the config does not define. */
export class UnknownTargetError extends Error {
  readonly code = "E_UNKNOWN_TARGET";
  constructor(readonly target: string, readonly known: readonly string[]) {
    super(
      `unknown target ${JSON.stringify(target)} (known targets: ${
        known.length > 0 ? known.join(", ") : "none; define targets.<name> in the config"
      })`,
    );
    this.name = "UnknownTargetError";
  }
}

/** A target lacks the identifier its platform requires (bundleId / baseUrl / package / app). */
export class MissingIdentifierError extends Error {
  readonly code = "E_MISSING_IDENTIFIER";
  constructor(readonly target: string, readonly platform: string, readonly key: string) {
    super(`target ${JSON.stringify(target)} (platform ${platform}) needs ${key}`);
    this.name = "MissingIdentifierError";
  }
}

/**
 * A `.env` file that cannot be loaded: unreadable, not UTF-8 text, a NUL byte, an unterminated
 * quote. `line`/`col` (1-based) point at the offending character; both are 0 when the file could
 * not be read at all. Prints as `<file>:<line>:<col>: E_DOTENV <reason>`.
 */
export class DotenvError extends Error {
  readonly code = "E_DOTENV";
  constructor(
    readonly file: string,
    readonly line: number,
    readonly col: number,
    readonly reason: string,
  ) {
    super(`${line > 0 ? `${file}:${line}:${col}` : file}: E_DOTENV ${reason}`);
    this.name = "DotenvError";
  }
}
