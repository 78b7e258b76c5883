/**
 * A small RFC 4180 CSV reader for `dataFile` (docs/scenario-language.md#data-rows): comma-separated
 * fields, double-quoted fields that may hold commas, line breaks and `""` (an escaped quote), and
 * CRLF, LF or CR record ends. Blank lines are skipped; a leading byte-order mark is ignored.
 *
 * @module
 */

/** One record with the 1-based line it starts on (for error messages). */
export interface CsvRecord {
  fields: string[];
  line: number;
}

/** A syntax problem at a 1-based line and column. */
export interface CsvError {
  line: number;
  col: number;
  message: string;
}

/** Splits CSV text into records; the first syntax problem stops reading. */
export function parseCsv(text: string): { records: CsvRecord[]; error: CsvError | null } {
  const src = text.startsWith("\uFEFF") ? text.slice(1) : text;
  const records: CsvRecord[] = [];
  let fields: string[] = [];
  let field = "";
  let quotedRecord = false; // a record of one empty field is a blank line only if unquoted
  let line = 1;
  let col = 1;
  let recordLine = 1;
  let i = 0;

  const endRecord = () => {
    fields.push(field);
    const blank = fields.length === 1 && fields[0] === "" && !quotedRecord;
    if (!blank) records.push({ fields, line: recordLine });
    fields = [];
    field = "";
    quotedRecord = false;
  };
  // Consumes one line break at i (CRLF, LF or CR) and returns it; "" if there is none.
  const lineBreak = (): string => {
    const br = src.startsWith("\r\n", i)
      ? "\r\n"
      : src[i] === "\r" || src[i] === "\n"
      ? src[i]
      : "";
    if (br === "") return "";
    i += br.length;
    line += 1;
    col = 1;
    return br;
  };

  while (i < src.length) {
    const c = src[i];
    if (c === '"' && field === "") {
      // Quoted field: runs to the closing quote; `""` inside is one quote.
      quotedRecord = true;
      const startLine = line;
      const startCol = col;
      i += 1;
      col += 1;
      for (;;) {
        if (i >= src.length) {
          return {
            records,
            error: { line: startLine, col: startCol, message: "unterminated quoted field" },
          };
        }
        if (src[i] === '"') {
          if (src[i + 1] === '"') {
            field += '"';
            i += 2;
            col += 2;
            continue;
          }
          i += 1;
          col += 1;
          break;
        }
        const br = lineBreak();
        if (br !== "") {
          field += br; // kept as written: a quoted line break is data
          continue;
        }
        field += src[i];
        i += 1;
        col += 1;
      }
      if (i < src.length && src[i] !== "," && src[i] !== "\r" && src[i] !== "\n") {
        return {
          records,
          error: { line, col, message: "unexpected character after a closing quote" },
        };
      }
      continue;
    }
    if (c === ",") {
      fields.push(field);
      field = "";
      i += 1;
      col += 1;
      continue;
    }
    if (lineBreak() !== "") {
      endRecord();
      recordLine = line;
      continue;
    }
    field += c;
    i += 1;
    col += 1;
  }
  if (field !== "" || fields.length > 0 || quotedRecord) endRecord();
  return { records, error: null };
}
