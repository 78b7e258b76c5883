/**
 * The locale of a run on the Simulator (docs/backends.md#locale): the app is launched with
 * `-AppleLocale <locale> -AppleLanguages (<language>)`, and the simulator's own language and
 * region are pinned to the same values (global defaults `AppleLanguages` and `AppleLocale`) so
 * system UI and permission prompts match.
 *
 * @module
 */

/**
 * The `AppleLanguages` entry of a locale: `en_US` → `en-US`, `ja` → `ja`,
 * `zh-Hans_CN` → `zh-Hans-CN` (the form iOS itself writes).
 *
 * @example
 * ```ts
 * appleLanguage("ja_JP"); // "ja-JP"
 * ```
 */
export function appleLanguage(locale: string): string {
  return locale.replace(/_/g, "-");
}

/**
 * Launch arguments that set the app's locale and language.
 *
 * @example
 * ```ts
 * localeArgs("ja_JP"); // ["-AppleLocale", "ja_JP", "-AppleLanguages", "(ja-JP)"]
 * ```
 */
export function localeArgs(locale: string): string[] {
  return ["-AppleLocale", locale, "-AppleLanguages", `(${appleLanguage(locale)})`];
}
