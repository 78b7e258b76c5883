/**
 * Scenario directory ids: `<NN>-<slug>` (evidence.md §5). One definition, shared with the sink.
 *
 * @module
 */
export { scenarioDirName as scenarioSid, slugify } from "../evidence/layout.ts";
