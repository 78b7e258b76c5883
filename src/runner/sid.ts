/**
 * Scenario directory ids: `<NN>-<slug>` (docs/reports.md#the-run-folder). One definition, shared
 * with the sink.
 *
 * @module
 */
export { scenarioDirName as scenarioSid, slugify } from "../evidence/layout.ts";
