/**
 * The selector of the scenario language: what a step or an assertion points at.
 *
 * @module
 */
/** A selector (docs/scenario-language.md#selectors). All present fields are AND-ed. */
export interface Selector {
  id?: string | string[];
  idMatches?: string | string[];
  label?: string;
  labelMatches?: string;
  traits?: string[];
  value?: string;
  within?: Selector;
  index?: number;
}
