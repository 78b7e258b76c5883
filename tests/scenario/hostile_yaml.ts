/**
 * Hostile YAML shared by the parser's unit tests and the CLI's subprocess tests.
 *
 * @module
 */

/**
 * The classic "billion laughs": nine levels of nine aliases each, about 300 bytes that expand
 * to 9^9 scalars. Line 5 holds the first alias past the expansion limit (see tests/yaml/parse_test.ts).
 */
export const ALIAS_BOMB = [
  'a: &a ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]',
  ...["b", "c", "d", "e", "f", "g", "h", "i"].map((k, i) => {
    const prev = "abcdefgh"[i];
    return `${k}: &${k} [${Array(9).fill(`*${prev}`).join(",")}]`;
  }),
  "",
].join("\n");
