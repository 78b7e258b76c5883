/**
 * The browser engines of the web backend, declared once: the config's `browser` enum, the
 * `--browser` check and browser discovery all read this list.
 *
 * @module
 */

/** The engines in their canonical order. */
export const ENGINES = ["chromium", "firefox", "webkit"] as const;

/** An engine a web target may name. */
export type Engine = typeof ENGINES[number];

/** Whether `name` is one of {@link ENGINES}. */
export function isEngine(name: string): name is Engine {
  return (ENGINES as readonly string[]).includes(name);
}
