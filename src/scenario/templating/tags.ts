/**
 * Tag selection (docs/scenario-language.md#tags), applied after all files are expanded.
 *
 * @module
 */

/**
 * Keeps the items carrying any `include` tag (an empty `include` keeps all), then drops those
 * carrying any `exclude` tag; exclusion wins. Order is preserved.
 */
export function selectByTags<T extends { tags: string[] }>(
  items: T[],
  include: string[],
  exclude: string[],
): T[] {
  return items.filter((item) =>
    (include.length === 0 || item.tags.some((t) => include.includes(t))) &&
    !item.tags.some((t) => exclude.includes(t))
  );
}
