/**
 * The element tree of a web page (docs/backends.md#web, docs/architecture.md#the-element-tree): one
 * in-page scan returning compact rows, decoded host-side into the tree's elements. Selectors then
 * resolve host-side with our own selector code, exactly as on every other backend.
 *
 * What the scan keeps is what a person sees: the page itself (the root row, framed by the
 * viewport), every control and every element with a role, a test id or an `id`, images, iframes
 * (their documents are scanned by frame_tree.ts, docs/backends.md#frames), editable regions, and
 * each element that carries visible text of its own (static text). Names are
 * computed as browsers compute accessible names; roles, explicit or implied by the tag, map to
 * the shared trait vocabulary host-side ({@link typeTrait}).
 *
 * The page functions here must be self-contained (their source is sent to the page), so they
 * repeat the few lines they share.
 *
 * @module
 */
import type { Element as UiElement, Frame } from "../driver.ts";

/** The attribute read as the identifier unless the target names another (`testIdAttribute`). */
export const DEFAULT_TEST_ID_ATTRIBUTE = "data-testid";

/** The identifier of the root row: the page itself, framed by the viewport. */
export const PAGE_ROOT_ID = "page";

/** The type trait of the root row; a tree starting with it measures the screen by it. */
export { ROOT_TRAIT } from "../../selectors/geometry.ts";

/** Longest label kept (characters, after trimming). */
export const MAX_LABEL = 200;

/** Row flags: bit set → trait added (or, for {@link FLAG_TEXT}, the generic type refined). */
export const FLAG_SECURE = 1;
export const FLAG_DISABLED = 2;
export const FLAG_SELECTED = 4;
/** The element holds visible text of its own: a generic one is static text. */
export const FLAG_TEXT = 8;

/**
 * One scanned node: identifier, role (explicit role's first token, else the role its tag
 * implies), label, value, flags, then the CSS-pixel frame relative to the viewport.
 */
export type ScanRow = [
  id: string | null,
  role: string,
  label: string | null,
  value: string | null,
  flags: number,
  x: number,
  y: number,
  w: number,
  h: number,
];

/** What the host passes to {@link pageScan}. */
export interface ScanArgs {
  /** The identifier attribute (`testIdAttribute`); the element's `id` is the fallback. */
  testId: string;
  maxLabel: number;
  /**
   * Incremental transport: the reading driver's token and the generation of the last reply it
   * decoded (0: none). Absent: a stateless full reply.
   */
  session?: string;
  base?: number;
  /**
   * The scan reads a child frame's document: one still loading answers "" (skipped for this read)
   * instead of waiting for it.
   */
  inFrame?: boolean;
}

/**
 * A scan reply: `gen` names this scan for the next call's `base`; with `full` the items are
 * every row, otherwise each item is a row or a `[start, count]` run of rows copied from the
 * previous scan (the one the host's `base` names).
 */
export interface ScanReply {
  gen: number;
  full: boolean;
  items: (ScanRow | [start: number, count: number])[];
  /**
   * The document's screen epoch after the scan (screen_epoch.ts), present once the document has
   * a screen-epoch watcher: the read and the epoch in one call.
   */
  epoch?: string | null;
}

/** Where a document's screen-epoch watcher puts its reader (screen_epoch.ts installs it). */
export const SCREEN_EPOCH_READER_KEY = "bajutsu.screenEpoch.read";

/** Where a document's screen-epoch watcher takes the open shadow roots the scan meets. */
export const SCREEN_EPOCH_WATCH_ROOT_KEY = "bajutsu.screenEpoch.watchRoot";

/**
 * The in-page scan. The page is scanned whole on every call; only the transport is incremental:
 * rows equal to a row of the previous scan of the same driver travel as `[start, count]` runs, so
 * an unchanged page of thousands of nodes crosses the protocol as a few bytes. The previous rows,
 * and the DOM node of every row (so a later hit test knows exactly which node a row is), live on
 * the page under a symbol; a navigation drops them and the next reply is full. Returns the
 * {@link ScanReply} as one JSON string: a single string crosses far faster than many values.
 *
 * One pass over the elements in document order, through the composed tree: an element's open
 * shadow root right after the element, before its light children (docs/backends.md#shadow-roots).
 * Skipped: `display:none` (no box),
 * `visibility:hidden|collapse` and zero-area nodes; off-screen nodes are kept. Text inside a
 * control whose name comes from its content (a button, a link, a heading, a cell…), inside an
 * editable region or inside a `<label>` that names a control is part of that element, not a row
 * of its own; so is inline text inside an element already kept as static text. Labels use
 * `textContent` with whitespace runs collapsed, not `innerText`, which lays text out per node
 * and costs several times more (bench/web.ts).
 */
export function pageScan(args: ScanArgs): string | Promise<string> {
  // A document just committed by a navigation has no body yet: read it once it is parsed, as a
  // read retried after the navigation would, instead of reporting an empty screen.
  if (document.readyState === "loading" && document.body === null) {
    if (args.inFrame) return "";
    return new Promise((resolve) => {
      document.addEventListener("DOMContentLoaded", () => resolve(scan()), { once: true });
    });
  }
  return scan();

  function scan(): string {
    // Roles whose name comes from their content: the text inside them is theirs, not rows.
    const wholeRoles = new Set([
      "button",
      "link",
      "heading",
      "tab",
      "menuitem",
      "menuitemcheckbox",
      "menuitemradio",
      "option",
      "checkbox",
      "radio",
      "switch",
      "treeitem",
      "cell",
      "gridcell",
      "columnheader",
      "rowheader",
      "tooltip",
    ]);
    // Phrasing content: its text reads as part of the surrounding line.
    const inlineTags = new Set([
      "A",
      "ABBR",
      "B",
      "BDI",
      "BDO",
      "CITE",
      "CODE",
      "DATA",
      "DFN",
      "EM",
      "I",
      "KBD",
      "MARK",
      "Q",
      "S",
      "SAMP",
      "SMALL",
      "SPAN",
      "STRONG",
      "SUB",
      "SUP",
      "TIME",
      "U",
      "VAR",
    ]);
    // Kept whatever their content: controls and elements whose role the tag implies.
    const keptTags = new Set([
      "BUTTON",
      "INPUT",
      "SELECT",
      "TEXTAREA",
      "H1",
      "H2",
      "H3",
      "H4",
      "H5",
      "H6",
      "TD",
      "TH",
      "LI",
      "SUMMARY",
      "PROGRESS",
      "METER",
      "OUTPUT",
      "DIALOG",
      "IFRAME",
    ]);
    // Elements whose text nodes are not shown (an iframe's are fallback markup, never rendered).
    const voidTags = new Set(["INPUT", "IMG", "SELECT", "TEXTAREA", "PROGRESS", "METER", "IFRAME"]);
    const max = args.maxLabel;
    const tid = args.testId;
    const rows: string[] = [];
    const nodes: Node[] = [];
    // Set once the scan meets an open shadow root: slots and shadow boundaries matter from then
    // on, and a page without any pays nothing for them.
    let shadowSeen = false;
    // Rows named (or unnamed) from their content before any shadow root was met: a shadow root
    // met later may sit inside one of them, so their names are computed again through the
    // composed tree at the end (only then: `textContent` is several times cheaper).
    const contentNamedAt: number[] = [];
    const contentNamedEl: Element[] = [];
    let contentRead = false;
    const title = document.title.replace(/\s+/g, " ").trim();
    rows.push(JSON.stringify([
      "page",
      "window",
      title ? title.slice(0, max) : null,
      location.href,
      0,
      0,
      0,
      innerWidth,
      innerHeight,
    ]));
    nodes.push(document.documentElement);
    const body = document.body;
    if (body !== null) visit(body);
    if (shadowSeen) {
      for (let i = 0; i < contentNamedAt.length; i++) {
        const el = contentNamedEl[i];
        const ce = el.getAttribute("contenteditable");
        const editable = ce !== null && ce !== "false";
        const label = nameOf(el, el.tagName, roleOf(el, el.tagName, editable), editable);
        const row = JSON.parse(rows[contentNamedAt[i]]);
        if (row[2] === label) continue;
        row[2] = label;
        rows[contentNamedAt[i]] = JSON.stringify(row);
      }
    }
    return reply(rows, nodes);

    function visit(root: HTMLElement): void {
      // Few nodes carry these states: one selector query each beats attribute reads per node
      // (each open shadow root adds its own matches when the scan enters it).
      const disabledSelector = '[aria-disabled="true"]';
      const selectedSelector =
        '[aria-selected="true"], [aria-checked="true"], [aria-pressed="true"]';
      const disabledAria = new Set<Element>(document.querySelectorAll(disabledSelector));
      const selectedAria = new Set<Element>(document.querySelectorAll(selectedSelector));
      // The screen-epoch watcher, when installed, observes every open shadow root the scan meets
      // (keep in step with SCREEN_EPOCH_WATCH_ROOT_KEY).
      const watchRoot = (globalThis as unknown as Record<symbol, unknown>)[
        Symbol.for("bajutsu.screenEpoch.watchRoot")
      ];
      // Elements whose descendants' text belongs to them: `whole` takes every descendant's,
      // `inline` only what flows inline inside it. Kept as a stack of open ancestors.
      const absorbers: { el: Element; whole: boolean }[] = [];
      walk(root, root.getElementsByTagName("*"));

      /**
       * `first` (if any), then every element of `all` in document order; an element's open
       * shadow root is walked right after the element, before its light children.
       */
      function walk(first: Element | null, all: ArrayLike<Element>): void {
        for (let i = first === null ? 0 : -1; i < all.length; i++) {
          const el: Element = i < 0 ? first! : all[i];
          const shadow = el.shadowRoot;
          // Set before the host is examined: its own text is its slots', not its own.
          if (shadow !== null) shadowSeen = true;
          examine(el);
          if (shadow !== null) enter(shadow);
        }
      }

      function enter(shadow: ShadowRoot): void {
        shadowSeen = true;
        if (typeof watchRoot === "function") watchRoot(shadow);
        for (const el of shadow.querySelectorAll(disabledSelector)) disabledAria.add(el);
        for (const el of shadow.querySelectorAll(selectedSelector)) selectedAria.add(el);
        walk(null, shadow.querySelectorAll("*"));
      }

      /** Whether `el` renders inside `absorber` across shadow boundaries and slots. */
      function renderedWithin(absorber: Element, el: Element): boolean {
        for (let n: Node | null = el; n !== null;) {
          if (n === absorber) return true;
          const slot: Element | null = (n as Element).assignedSlot ?? null;
          n = slot ?? (n instanceof ShadowRoot ? n.host : n.parentNode);
        }
        return false;
      }

      function examine(el: Element): void {
        while (absorbers.length > 0) {
          const open = absorbers[absorbers.length - 1].el;
          if (open.contains(el) || (shadowSeen && renderedWithin(open, el))) break;
          absorbers.pop();
        }
        const tag = el.tagName;
        // An editable region's host (its descendants are editable too, and absorbed by it).
        const ce = el.getAttribute("contenteditable");
        const editable = ce !== null && ce !== "false";
        const isKept = editable || keptTags.has(tag) || el.id !== "" || el.hasAttribute(tid) ||
          el.hasAttribute("role") || (tag === "A" && el.hasAttribute("href")) ||
          // Named by its author (a date picker's day: "December 15, 2026", showing "15").
          el.hasAttribute("aria-label") ||
          // An image with an empty alt is decoration, not content.
          (tag === "IMG" && el.getAttribute("alt") !== "");
        // Own text matters for a text row, and for a kept element that does not take its
        // descendants' text anyway (a generic one is then static text).
        let text = isKept ? false : ownText(el);
        if (!isKept && !text) return;
        if (tag === "SCRIPT" || tag === "STYLE" || tag === "TEMPLATE" || tag === "NOSCRIPT") {
          return;
        }
        const inside = absorbers.length > 0 ? absorbers[absorbers.length - 1] : null;
        if (!isKept && inside !== null && inside.whole) return;
        const r = el.getBoundingClientRect();
        const w = r.width;
        const h = r.height;
        if (w === 0 || h === 0) return;
        const style = getComputedStyle(el);
        if (style.visibility !== "visible") return;
        if (!isKept && inside !== null && style.display.startsWith("inline")) return;
        const role = roleOf(el, tag, editable);
        if (tag === "LABEL" && !isKept && (el as HTMLLabelElement).control !== null) {
          // Its text is the name of the control it labels (that control's row carries it).
          absorbers.push({ el, whole: true });
          return;
        }
        if (editable || wholeRoles.has(role)) absorbers.push({ el, whole: true });
        else {
          if (isKept && !voidTags.has(tag)) text = ownText(el);
          if (text) absorbers.push({ el, whole: false });
        }
        const id = el.getAttribute(tid) || el.id || null;
        contentRead = false;
        const label = isKept ? nameOf(el, tag, role, editable) : clip(phrasing(el));
        if (contentRead && !shadowSeen) {
          contentNamedAt.push(rows.length);
          contentNamedEl.push(el);
        }
        const value = valueOf(el, tag, role, editable);
        let flags = text ? 8 : 0;
        if (tag === "INPUT" && (el as HTMLInputElement).type === "password") flags |= 1;
        if ((el as HTMLButtonElement).disabled === true || disabledAria.has(el)) flags |= 2;
        if ((el as HTMLInputElement).checked === true || selectedAria.has(el)) flags |= 4;
        rows.push(JSON.stringify([id, role, label, value, flags, r.x, r.y, w, h]));
        nodes.push(el);
      }
    }

    /**
     * True when a direct child text node holds something besides whitespace, or (inside a shadow
     * root) a text node a child `<slot>` renders. A shadow host's own text shows only through a
     * slot, so it is the text of the element holding that slot, not the host's.
     */
    function ownText(el: Element): boolean {
      if (shadowSeen && el.shadowRoot !== null) return false;
      for (let c = el.firstChild; c !== null; c = c.nextSibling) {
        if (c.nodeType === 3) {
          if (inked((c as Text).data)) return true;
        } else if (shadowSeen && (c as Element).tagName === "SLOT") {
          for (const a of (c as HTMLSlotElement).assignedNodes({ flatten: true })) {
            if (a.nodeType === 3 && inked((a as Text).data)) return true;
          }
        }
      }
      return false;
    }

    /** Whether `data` holds something besides whitespace. */
    function inked(data: string): boolean {
      for (let i = 0; i < data.length; i++) {
        const code = data.charCodeAt(i);
        if (code !== 32 && code !== 10 && code !== 9 && code !== 13 && code !== 12) return true;
      }
      return false;
    }

    /** The explicit role's first token, else the role the tag implies (HTML-AAM, abridged). */
    function roleOf(el: Element, tag: string, editable: boolean): string {
      const explicit = el.getAttribute("role");
      if (explicit && explicit.trim()) {
        const first = explicit.trim().split(/\s+/)[0].toLowerCase();
        return first === "none" || first === "presentation" ? "generic" : first;
      }
      switch (tag) {
        case "A":
          return el.hasAttribute("href") ? "link" : "generic";
        case "BUTTON":
        case "SUMMARY":
          return "button";
        case "INPUT": {
          const type = (el as HTMLInputElement).type;
          if (type === "checkbox" || type === "radio" || type === "button") return type;
          if (type === "submit" || type === "reset" || type === "image") return "button";
          if (type === "range") return "slider";
          if (type === "number") return "spinbutton";
          if (type === "search") return "searchbox";
          return "textbox";
        }
        case "SELECT": {
          const s = el as HTMLSelectElement;
          return s.multiple || s.size > 1 ? "listbox" : "combobox";
        }
        case "TEXTAREA":
          return "textarea";
        case "IMG":
          return el.getAttribute("alt") === "" ? "generic" : "img";
        case "H1":
        case "H2":
        case "H3":
        case "H4":
        case "H5":
        case "H6":
          return "heading";
        case "LI":
          return "listitem";
        case "UL":
        case "OL":
          return "list";
        case "TD":
          return "cell";
        case "TH":
          return "columnheader";
        case "TR":
          return "row";
        case "TABLE":
          return "table";
        case "NAV":
          return "navigation";
        case "MAIN":
          return "main";
        case "FORM":
          return "form";
        case "DIALOG":
          return "dialog";
        case "IFRAME":
          // No ARIA role: named as Playwright's aria snapshots and Chromium's tree name it.
          return "iframe";
        case "PROGRESS":
          return "progressbar";
        case "METER":
          return "meter";
        case "OUTPUT":
          return "status";
        default:
          return editable ? "editable" : "generic";
      }
    }

    /**
     * The text a static-text row shows: its own text and that of its phrasing (inline)
     * descendants, not that of block children, which are rows of their own.
     */
    function phrasing(el: Element): string {
      let out = "";
      // A shadow host's own text renders through its slots (counted where they are).
      const hosting = shadowSeen && el.shadowRoot !== null;
      for (let c = el.firstChild; c !== null; c = c.nextSibling) {
        if (c.nodeType === 3) {
          if (!hosting) out += (c as Text).data;
        } else if (c.nodeType === 1) {
          const name = (c as Element).tagName;
          if (name === "BR") out += " ";
          else if (inlineTags.has(name)) out += phrasing(c as Element);
          else if (shadowSeen && name === "SLOT") {
            for (const a of (c as HTMLSlotElement).assignedNodes({ flatten: true })) {
              if (a.nodeType === 3) out += (a as Text).data;
              else if (inlineTags.has((a as Element).tagName)) out += phrasing(a as Element);
            }
          }
        }
        if (out.length > 4 * max) break;
      }
      return out;
    }

    /**
     * The text `node` renders, as `textContent` would give it but through the composed tree: a
     * shadow host's text is its open shadow root's, a `<slot>`'s the nodes assigned to it (else
     * its fallback content); style, script and template text is not shown, so not counted.
     */
    function composedText(node: Node): string {
      let out = "";
      const add = (n: Node): void => {
        if (out.length > 4 * max) return;
        if (n.nodeType === 3) {
          out += (n as Text).data;
          return;
        }
        if (n.nodeType !== 1 && n.nodeType !== 11) return;
        const tag = (n as Element).tagName;
        if (tag === "STYLE" || tag === "SCRIPT" || tag === "TEMPLATE") return;
        // A slot outside a shadow tree is a plain element (no assigned nodes).
        if (tag === "SLOT" && (n as Element).getRootNode() instanceof ShadowRoot) {
          for (const a of (n as HTMLSlotElement).assignedNodes({ flatten: true })) add(a);
          return;
        }
        const shadow = (n as Element).shadowRoot;
        for (let c = (shadow ?? n).firstChild; c !== null; c = c.nextSibling) add(c);
      };
      add(node);
      return out;
    }

    /** Whitespace runs collapsed, trimmed, at most `max` characters; "" → null. */
    function clip(text: string): string | null {
      let t = text.slice(0, 4 * max).replace(/\s+/g, " ").trim();
      if (t === "" && text.length > 4 * max) t = text.replace(/\s+/g, " ").trim();
      return t ? t.slice(0, max).trim() : null;
    }

    /** The text of `node`'s subtree without the text inside `skip` (a labelled control). */
    function textWithout(node: Node, skip: Node): string {
      let out = "";
      const walker = document.createTreeWalker(node, NodeFilter.SHOW_TEXT);
      for (let t = walker.nextNode(); t !== null; t = walker.nextNode()) {
        if (!skip.contains(t)) out += (t as Text).data;
      }
      return out;
    }

    /**
     * The accessible name, in the order browsers compute it: aria-labelledby, aria-label, the
     * field's `<label>`s (for, or wrapping), an input button's value or an image's alt, the
     * content (for every role but fields, selects, images and editable regions; an empty
     * content falls back to a descendant image's alt or aria-label), then title, then
     * placeholder.
     */
    function nameOf(el: Element, tag: string, role: string, editable: boolean): string | null {
      const by = el.getAttribute("aria-labelledby");
      if (by) {
        let joined = "";
        // Ids resolve in the element's own tree (its shadow root, else the document).
        const scope = el.getRootNode() as Document | ShadowRoot;
        for (const ref of by.trim().split(/\s+/)) {
          const target = scope.getElementById(ref);
          if (target) joined += " " + (target.textContent || "");
        }
        const name = clip(joined);
        if (name) return name;
      }
      const aria = el.getAttribute("aria-label");
      if (aria && aria.trim()) return clip(aria);
      const field = tag === "INPUT" || tag === "SELECT" || tag === "TEXTAREA";
      if (field || tag === "METER" || tag === "PROGRESS" || tag === "OUTPUT") {
        const labels = (el as HTMLInputElement).labels;
        if (labels && labels.length > 0) {
          let joined = "";
          for (const l of labels) joined += " " + textWithout(l, el);
          const name = clip(joined);
          if (name) return name;
        }
      }
      if (tag === "INPUT") {
        const type = (el as HTMLInputElement).type;
        if (type === "button" || type === "submit" || type === "reset") {
          const v = (el as HTMLInputElement).value;
          return clip(v || (type === "submit" ? "Submit" : type === "reset" ? "Reset" : ""));
        }
        if (type === "image") {
          const alt = el.getAttribute("alt");
          if (alt && alt.trim()) return clip(alt);
        }
      }
      if (tag === "IMG") {
        const alt = el.getAttribute("alt");
        if (alt && alt.trim()) return clip(alt);
      }
      const fromContent = !field && !editable && role !== "img" && role !== "iframe" &&
        role !== "textbox" &&
        role !== "searchbox" && role !== "combobox" && role !== "listbox";
      if (fromContent) {
        contentRead = true;
        const name = clip(shadowSeen ? composedText(el) : el.textContent || "");
        if (name) return name;
        const inner = el.querySelector("img[alt], [aria-label]") ??
          el.shadowRoot?.querySelector("img[alt], [aria-label]");
        if (inner) {
          const alt = inner.getAttribute("aria-label") || inner.getAttribute("alt") || "";
          if (alt.trim()) return clip(alt);
        }
      }
      const title = el.getAttribute("title");
      if (title && title.trim()) return clip(title);
      const hint = el.getAttribute("placeholder") || el.getAttribute("aria-placeholder");
      if (hint && hint.trim()) return clip(hint);
      return null;
    }

    /**
     * Text fields (inputs, textareas, editable regions) report their text, "" when empty; a
     * checkbox or radio its state as a switch reads ("on"/"off"); a select, range, progress,
     * meter or output its value; an ARIA widget its aria-valuetext or aria-valuenow. Everything else: null.
     */
    function valueOf(el: Element, tag: string, role: string, editable: boolean): string | null {
      if (editable) {
        if (!el.textContent) return "";
        return (el as HTMLElement).innerText.replace(/\n$/, "");
      }
      if (tag === "TEXTAREA") return (el as HTMLTextAreaElement).value;
      if (tag === "INPUT") {
        const input = el as HTMLInputElement;
        if (role === "checkbox" || role === "radio") return input.checked ? "on" : "off";
        if (role === "button") return null;
        return input.value;
      }
      if (tag === "SELECT" || tag === "PROGRESS" || tag === "METER" || tag === "OUTPUT") {
        const v = String((el as HTMLSelectElement).value ?? "");
        return v === "" ? null : v;
      }
      if (!el.hasAttribute("role")) return null;
      const text = el.getAttribute("aria-valuetext") || el.getAttribute("aria-valuenow");
      return text ? text : null;
    }

    function reply(rows: string[], nodes: Node[]): string {
      // Keep in step with SCREEN_EPOCH_READER_KEY (the page cannot import it).
      const reader = (globalThis as unknown as Record<symbol, unknown>)[
        Symbol.for("bajutsu.screenEpoch.read")
      ];
      const epoch = typeof reader === "function" ? `,"epoch":${JSON.stringify(reader())}` : "";
      const fullReply = (gen: number) =>
        `{"gen":${gen},"full":true,"items":[${rows.join(",")}]${epoch}}`;
      if (args.session === undefined) return fullReply(0);
      const key = Symbol.for("bajutsu.scan");
      const store = globalThis as unknown as Record<
        symbol,
        { session: string; gen: number; rows: string[]; nodes: Node[] }
      >;
      const last = store[key];
      // Generations only grow, from the host's view too: a navigation does not restart them.
      const gen = Math.max(last ? last.gen : 0, args.base ?? 0) + 1;
      store[key] = { session: args.session, gen, rows, nodes };
      if (!last || last.session !== args.session || last.gen !== args.base) return fullReply(gen);
      // Rows mostly repeat in place: compare with the aligned previous row first, and index the
      // previous rows only when that misses.
      let at: Map<string, number> | null = null;
      const items: string[] = [];
      let start = 0;
      let count = 0;
      for (const row of rows) {
        if (last.rows[start + count] === row) {
          count++;
          continue;
        }
        if (count > 0) items.push(`[${start},${count}]`);
        if (at === null) {
          at = new Map();
          for (let i = last.rows.length - 1; i >= 0; i--) at.set(last.rows[i], i);
        }
        const j = at.get(row);
        if (j === undefined) {
          items.push(row);
          // Most often the row was edited in place: expect the next one after the old one.
          start += count + 1;
          count = 0;
        } else {
          start = j;
          count = 1;
        }
      }
      if (count > 0) items.push(`[${start},${count}]`);
      return `{"gen":${gen},"full":false,"items":[${items.join(",")}]${epoch}}`;
    }
  }
}

/**
 * Role → type trait (docs/backends.md#roles-and-traits); unlisted roles pass through verbatim.
 * Tag names of the older scan stay mapped so recorded trees read the same.
 */
const ROLE_TRAIT: Readonly<Record<string, string>> = {
  a: "link",
  link: "link",
  button: "button",
  select: "button",
  combobox: "button",
  listbox: "button",
  input: "textField",
  textbox: "textField",
  spinbutton: "textField",
  searchbox: "searchField",
  textarea: "textView",
  editable: "textView",
  checkbox: "switch",
  radio: "switch",
  switch: "switch",
  option: "cell",
  img: "image",
  image: "image",
  generic: "other",
  text: "staticText",
};

/**
 * The type trait of a role or tag name.
 *
 * @example
 * ```ts
 * typeTrait("a"); // "link"
 * typeTrait("menuitemcheckbox"); // "cell"
 * typeTrait("tab"); // "tab"
 * typeTrait("generic"); // "other"
 * ```
 */
export function typeTrait(role: string): string {
  if (role.startsWith("menuitem")) return "cell";
  return ROLE_TRAIT[role] ?? role;
}

/** `[type, secureTextField?, notEnabled?, selected?]` for a row. */
export function traitsOf(role: string, flags: number): string[] {
  const type = role === "generic" && flags & FLAG_TEXT ? "staticText" : typeTrait(role);
  const traits = [type];
  if (flags & FLAG_SECURE) traits.push("secureTextField");
  if (flags & FLAG_DISABLED) traits.push("notEnabled");
  if (flags & FLAG_SELECTED) traits.push("selected");
  return traits;
}

/** One row as a tree element (the page already turned "" into null where it means "none"). */
export function rowToElement(row: ScanRow): UiElement {
  const [id, role, label, value, flags, x, y, w, h] = row;
  const frame: Frame = [x, y, w, h];
  return { identifier: id, label, value, traits: traitsOf(role, flags), frame, nativeZ: null };
}

/** A decoded scan: the rows (kept by the driver for the next delta) and their generation. */
export interface DecodedScan {
  gen: number;
  rows: ScanRow[];
  /** The screen epoch the reply carried (undefined: the document has no watcher yet). */
  epoch?: string | null;
}

/**
 * Decodes a scan reply against the rows of the scan its `base` named.
 *
 * @throws Error when a run points outside `previous` (host and page disagree: a bug, not input)
 */
export function decodeScanReply(json: string, previous: readonly ScanRow[]): DecodedScan {
  const reply = JSON.parse(json) as ScanReply;
  const epoch = reply.epoch === undefined ? {} : { epoch: reply.epoch };
  if (reply.full) return { gen: reply.gen, rows: reply.items as ScanRow[], ...epoch };
  const rows: ScanRow[] = [];
  for (const item of reply.items) {
    if (item.length !== 2) {
      rows.push(item as ScanRow);
      continue;
    }
    const [start, count] = item;
    if (start < 0 || start + count > previous.length) {
      throw new Error(`scan reply copies rows ${start}+${count} of ${previous.length}`);
    }
    for (let i = start; i < start + count; i++) rows.push(previous[i]);
  }
  return { gen: reply.gen, rows, ...epoch };
}

/** Decodes a stateless (full) scan reply into the document-ordered element tree. */
export function decodeScan(json: string): UiElement[] {
  return decodeScanReply(json, []).rows.map(rowToElement);
}
