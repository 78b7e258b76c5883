/**
 * The page stylesheet (light and dark, one column below 800 px).
 * Kept as a string module so a compiled binary carries it (docs/serve.md).
 *
 * @module
 */

// deno-fmt-ignore
export const STYLE_CSS = String.raw`:root {
  --bg: #f6f7f9;
  --fg: #1d2330;
  --muted: #5d6778;
  --card: #ffffff;
  --line: #d9dde5;
  --accent: #2554c7;
  --ok: #157347;
  --fail: #b42318;
  --warn: #9a6700;
  color-scheme: light dark;
}
@media (prefers-color-scheme: dark) {
  :root {
    --bg: #14171c;
    --fg: #e4e7ec;
    --muted: #9aa3b2;
    --card: #1d2129;
    --line: #343a46;
    --accent: #7aa2ff;
    --ok: #4ccb8a;
    --fail: #ff7b72;
    --warn: #e3b341;
  }
}
* { box-sizing: border-box; }
body {
  margin: 0;
  font: 15px/1.45 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif;
  background: var(--bg);
  color: var(--fg);
}
header.top {
  display: flex;
  flex-wrap: wrap;
  align-items: baseline;
  gap: 0.5rem 1rem;
  padding: 0.75rem 1rem;
  border-bottom: 1px solid var(--line);
  background: var(--card);
}
header.top h1 { margin: 0; font-size: 1.15rem; }
header.top h1 span { color: var(--muted); font-weight: 400; }
header.top .spacer { flex: 1; }
main {
  display: grid;
  grid-template-columns: minmax(0, 1fr) minmax(0, 1fr);
  gap: 1rem;
  padding: 1rem;
  max-width: 1400px;
  margin: 0 auto;
}
#app { display: contents; }
#app[hidden], [hidden] { display: none !important; }
.card {
  background: var(--card);
  border: 1px solid var(--line);
  border-radius: 8px;
  padding: 0.75rem 1rem 1rem;
  min-width: 0;
}
.card h2 { margin: 0 0 0.5rem; font-size: 1rem; }
#login { grid-column: 1 / -1; max-width: 28rem; margin: 2rem auto; }
#report, #history { grid-column: 1 / -1; }
.row {
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 0.5rem 0.75rem;
  margin: 0.5rem 0;
}
label { display: inline-flex; align-items: center; gap: 0.4rem; max-width: 100%; }
select { max-width: 100%; min-width: 0; text-overflow: ellipsis; }
input, select, button {
  font: inherit;
  color: inherit;
  background: var(--bg);
  border: 1px solid var(--line);
  border-radius: 6px;
  padding: 0.35rem 0.6rem;
  min-height: 2.25rem;
}
input[type="checkbox"] { min-height: 0; width: 1.1rem; height: 1.1rem; }
input[type="number"] { width: 4.5rem; }
button { cursor: pointer; }
button.primary {
  background: var(--accent);
  border-color: var(--accent);
  color: #fff;
  font-weight: 600;
}
button.danger { color: var(--fail); }
button:disabled { opacity: 0.5; cursor: default; }
button.link { border: none; background: none; color: var(--accent); padding: 0.2rem 0.4rem; }
:focus-visible { outline: 3px solid var(--accent); outline-offset: 2px; }
.muted { color: var(--muted); }
.error { color: var(--fail); }
fieldset {
  border: 1px solid var(--line);
  border-radius: 6px;
  margin: 0.5rem 0;
  padding: 0.25rem 0.5rem;
  max-height: 18rem;
  overflow: auto;
}
fieldset ul { list-style: none; margin: 0; padding: 0; }
fieldset li { padding: 0.3rem 0; border-bottom: 1px solid var(--line); }
fieldset li:last-child { border-bottom: none; }
fieldset li .names { display: block; margin-left: 1.6rem; color: var(--muted); font-size: 0.9em; }
fieldset li .problem { display: block; margin-left: 1.6rem; color: var(--fail); font-size: 0.85em; }
.tags { color: var(--muted); font-size: 0.85em; }
progress { flex: 1 1 10rem; height: 0.9rem; accent-color: var(--accent); }
#verdicts { margin: 0.5rem 0; padding-left: 1.5rem; }
#readiness h3 { font-size: 0.95rem; margin: 0.75rem 0 0.25rem; }
ul.checks { list-style: none; margin: 0; padding: 0; }
ul.checks li { padding: 0.15rem 0; }
ul.checks .mark { display: inline-block; width: 1.25rem; font-weight: 700; }
ul.checks li.ok .mark { color: var(--ok); }
ul.checks li.warn .mark { color: var(--warn); }
ul.checks li.fail .mark { color: var(--fail); }
ul.checks li.skip { color: var(--muted); }
ul.checks code.fix { display: block; margin-left: 1.25rem; }
#verdicts li.pass::marker, .pass { color: var(--ok); }
#verdicts li.fail::marker, .fail { color: var(--fail); }
#verdicts li.running { color: var(--muted); }
.status { font-weight: 600; }
.status.passed { color: var(--ok); }
.status.failed, .status.cancelled { color: var(--fail); }
.status.running, .status.cancelling { color: var(--warn); }
#current-step { font-family: ui-monospace, SFMono-Regular, Menlo, monospace; font-size: 0.85em; }
pre#log {
  margin: 0.5rem 0 0;
  max-height: 22rem;
  overflow: auto;
  background: var(--bg);
  border: 1px solid var(--line);
  border-radius: 6px;
  padding: 0.5rem;
  font: 12px/1.4 ui-monospace, SFMono-Regular, Menlo, monospace;
  white-space: pre-wrap;
  word-break: break-word;
}
iframe#report-frame {
  width: 100%;
  height: 70vh;
  border: 1px solid var(--line);
  border-radius: 6px;
  background: #fff;
}
table { width: 100%; border-collapse: collapse; }
th, td { text-align: left; padding: 0.4rem 0.5rem; border-bottom: 1px solid var(--line); }
th { color: var(--muted); font-weight: 600; font-size: 0.85em; }
td.actions { white-space: nowrap; text-align: right; }
.pill {
  display: inline-block;
  padding: 0 0.5rem;
  border-radius: 999px;
  font-size: 0.8em;
  font-weight: 700;
  border: 1px solid currentColor;
}
@media (max-width: 800px) {
  main { grid-template-columns: minmax(0, 1fr); padding: 0.5rem; }
  #live, #run-panel { grid-column: 1 / -1; }
  iframe#report-frame { height: 60vh; }
  table thead { display: none; }
  table, tbody, tr, td { display: block; width: 100%; }
  tr { border-bottom: 1px solid var(--line); padding: 0.4rem 0; }
  td { border: none; padding: 0.15rem 0.25rem; }
  td[data-label]::before { content: attr(data-label) ": "; color: var(--muted); }
  td.actions { text-align: left; }
}
`;
