/**
 * Typed errors of the config layer. Each carries a stable `code`; the CLI turns every one of
 * them into a message and exit 2 (config-cli.md §4).
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

/** An environment knob holds a value of the wrong type (fatal: the run cannot start). */
export class EnvKnobError extends Error {
  readonly code = "E_ENV";
  constructor(readonly variable: string, readonly value: string, expected: string) {
    super(`${variable}=${JSON.stringify(value)} is not ${expected}`);
    this.name = "EnvKnobError";
  }
}
