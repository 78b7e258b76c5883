/**
 * Scenario directory ids: `<NN>-<slug>` (evidence.md §5).
 *
 * @module
 */

/** Lower-case, runs of non-alphanumerics → `-`, trimmed; empty → `scenario`. */
export function slugify(name: string): string {
  const slug = name.toLowerCase().replace(/[^0-9a-z]+/g, "-").replace(/^-+|-+$/g, "");
  return slug || "scenario";
}

/** `NN` is the 2-digit 0-based scenario index. */
export function scenarioSid(index: number, name: string): string {
  return `${String(index).padStart(2, "0")}-${slugify(name)}`;
}
