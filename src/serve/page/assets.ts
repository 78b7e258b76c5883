/**
 * The page's files by URL path, with their content types. Everything is compiled into the
 * program: serve reads no page file from disk.
 *
 * @module
 */
import { API_JS } from "./api_js.ts";
import { DOM_JS } from "./dom_js.ts";
import { HISTORY_JS } from "./history_js.ts";
import { INDEX_HTML } from "./index_html.ts";
import { LIVE_JS } from "./live_js.ts";
import { MAIN_JS } from "./main_js.ts";
import { PROGRESS_JS } from "./progress_js.ts";
import { READINESS_JS } from "./readiness_js.ts";
import { STYLE_CSS } from "./style_css.ts";

/** One page file. */
export interface PageAsset {
  type: string;
  text: string;
}

const JS = "text/javascript; charset=utf-8";

/** The page shell. */
export const PAGE_SHELL: PageAsset = { type: "text/html; charset=utf-8", text: INDEX_HTML };

/** Files under `/app/`, by name. */
export const APP_ASSETS: Readonly<Record<string, PageAsset>> = {
  "style.css": { type: "text/css; charset=utf-8", text: STYLE_CSS },
  "api.js": { type: JS, text: API_JS },
  "dom.js": { type: JS, text: DOM_JS },
  "progress.js": { type: JS, text: PROGRESS_JS },
  "live.js": { type: JS, text: LIVE_JS },
  "history.js": { type: JS, text: HISTORY_JS },
  "readiness.js": { type: JS, text: READINESS_JS },
  "main.js": { type: JS, text: MAIN_JS },
};
