// How a table fits the terminal (issue 25): the values an operator reads and types (codes, months,
// statuses, times, numbers) are never cut; names and free text give way instead, free text first
// (it wraps, up to a few lines), then names (they end with an ellipsis). Columns with no value in
// any row are left out, headers may wrap at their spaces, and two columns are always separated.
// Free text that still has no room is written under its row; only when even that is too wide are
// the rightmost columns left out, and the table says which.

/**
 * `fixed`: never cut (ids, codes, months, statuses, times, counts); `name`: a name or e-mail
 * address, shortened with an ellipsis; `text`: free text (errors, notes), wrapped.
 */
export type ColumnKind = 'fixed' | 'name' | 'text';

export interface ColumnSpec {
  title: string;
  kind?: ColumnKind;
}

/** Spaces between two columns. */
export const GAP = 2;
/** Free text wraps onto at most this many lines; the last ends with an ellipsis when cut. */
const TEXT_LINES = 3;
/** Under its row, where it has the whole width, free text may take a few more. */
const BELOW_LINES = 6;
/** The narrowest a name (then free text) is made before columns are left out. */
const NAME_FLOOR = 8;
const TEXT_FLOOR = 12;

// A column's kind from its header, for views that do not say: names and free text by their words.
// An `email` column stays whole (it is what `wfctl user show EMAIL` and --actor take); `roles`
// (`hr:ACME, org_admin:GLOBEX`) wraps at its commas, so no organization code is cut.
const TEXT_HEADERS =
  /^(last error|error|note|notes|reason|symptoms|subject|result|roles|the document would change)$/;
const NAME_HEADERS =
  /^(name|to|partner|client|pet|veterinarian|requester|migration|applied|rolled back|locked by|push url|organizations|fingerprint|leave type|breed)$/;

export function kindOf(column: ColumnSpec): ColumnKind {
  if (column.kind) return column.kind;
  if (TEXT_HEADERS.test(column.title)) return 'text';
  if (NAME_HEADERS.test(column.title)) return 'name';
  return 'fixed';
}

export interface LaidOutColumn {
  /** The column's index in the table's columns. */
  index: number;
  title: string;
  kind: ColumnKind;
  width: number;
}

export interface TableLayout {
  columns: LaidOutColumn[];
  /** Lines of the header (a header wraps at its spaces when its column is narrower). */
  header: string[];
  /** Each row as the lines it takes. */
  rows: string[][];
  /** Titles of columns left out because the terminal is too narrow even for the values that matter. */
  hidden: string[];
}

const EMPTY = '—';

/** Lays `cells` (text, '' or '—' for nothing) out in `available` characters. */
export function layoutTable(specs: ColumnSpec[], cells: string[][], available: number): TableLayout {
  const shown = specs
    .map((spec, index) => ({ index, title: spec.title, kind: kindOf(spec) }))
    .filter(({ index }) => cells.some((row) => row[index] !== '' && row[index] !== EMPTY));
  const natural = shown.map(({ index }) => Math.max(0, ...cells.map((row) => row[index].length)));
  const widths = shown.map((c, i) => Math.max(natural[i], c.title.length));
  const total = () => widths.reduce((a, b) => a + b, 0) + GAP * Math.max(0, widths.length - 1);

  // 1. Headers longer than their values wrap at their spaces.
  for (const [i, c] of shown.entries()) {
    if (total() <= available) break;
    widths[i] = Math.max(natural[i], longestWord(c.title));
  }
  // 2. Free text, then names, give way (widest first), down to their floor.
  for (const [kind, floor] of [
    ['text', TEXT_FLOOR],
    ['name', NAME_FLOOR],
  ] as const) {
    shrink(
      widths,
      (i) => (shown[i].kind === kind ? Math.min(widths[i], floor) : widths[i]),
      total() - available,
    );
  }
  // 3. Still too wide: free text leaves the grid and is written under its row, at full width
  //    (`  last error: ECONNREFUSED …`), rather than squeezed to a few characters or left out.
  const below: Array<{ index: number; title: string }> = [];
  //    So does free text that its column would cut: more than TEXT_LINES lines at that width, or a
  //    word broken in two (a role's `org_admin:GLOBEX`, an address in an error).
  const cut = (i: number) =>
    cells.some(
      (row) =>
        longestWord(row[shown[i].index]) > widths[i] ||
        wrapWords(row[shown[i].index], widths[i], Infinity).length > TEXT_LINES,
    );
  for (let i = shown.length - 1; i >= 0; i--) {
    if (shown[i].kind !== 'text' || shown.length === 1) continue;
    if (total() <= available && !cut(i)) continue;
    below.unshift(shown.splice(i, 1)[0]);
    widths.splice(i, 1);
  }
  // The room free text left goes back to the names it had been taken from.
  for (const [i, c] of shown.entries()) {
    if (c.kind === 'fixed') continue;
    widths[i] = Math.min(Math.max(natural[i], c.title.length), widths[i] + Math.max(0, available - total()));
  }
  // 4. Too narrow even so: the rightmost columns (not the first) are left out.
  const hidden: string[] = [];
  while (total() > available && shown.length > 1) {
    hidden.unshift(shown.pop()!.title);
    widths.pop();
  }
  const columns = shown.map((c, i) => ({ ...c, width: widths[i] }));
  const headerCells = columns.map((c) =>
    wrapWords(
      c.title
        .split(' ')
        .map((word) => ellipsis(word, c.width))
        .join(' '),
      c.width,
      Infinity,
    ),
  );
  const rows = cells.map((row) => [
    ...toLines(columns.map((c) => cellLines(row[c.index], c))),
    ...below.flatMap(({ index, title }) => textBelow(title, row[index], available)),
  ]);
  return { columns, header: toLines(headerCells), rows, hidden };

  function toLines(perColumn: string[][]): string[] {
    const height = Math.max(1, ...perColumn.map((l) => l.length));
    const lines: string[] = [];
    for (let n = 0; n < height; n++) {
      const parts = columns.map((c, i) => (perColumn[i][n] ?? '').padEnd(c.width));
      lines.push(parts.join(' '.repeat(GAP)).trimEnd());
    }
    return lines;
  }
}

/** A free-text cell written under its row, indented; nothing for an empty cell. */
function textBelow(title: string, cell: string, available: number): string[] {
  if (cell === '' || cell === EMPTY) return [];
  const indent = '    ';
  const label = `${indent}${title}: `;
  const lines = wrapWords(cell, Math.max(10, available - label.length), BELOW_LINES);
  return lines.map((line, i) => (i === 0 ? label : ' '.repeat(label.length)) + line);
}

function cellLines(cell: string, c: LaidOutColumn): string[] {
  if (cell.length <= c.width) return [cell];
  if (c.kind === 'text') return wrapWords(cell, c.width, TEXT_LINES);
  return [ellipsis(cell, c.width)];
}

/** Takes up to `excess` characters from the widest columns above their floor. */
function shrink(widths: number[], floor: (i: number) => number, excess: number): void {
  const floors = widths.map((_, i) => floor(i));
  while (excess > 0) {
    let widest = -1;
    for (let i = 0; i < widths.length; i++) {
      if (widths[i] > floors[i] && (widest === -1 || widths[i] > widths[widest])) widest = i;
    }
    if (widest === -1) return;
    widths[widest] -= 1;
    excess -= 1;
  }
}

const longestWord = (s: string) => Math.max(...s.split(' ').map((w) => w.length));

const ellipsis = (s: string, width: number) =>
  s.length <= width ? s : `${s.slice(0, Math.max(0, width - 1))}…`;

/** Words onto lines of `width`; a word longer than a line is split; past `maxLines` the last ends with …. */
export function wrapWords(text: string, width: number, maxLines: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (let word of text.split(/\s+/).filter(Boolean)) {
    while (word.length > width) {
      if (line) lines.push(line);
      lines.push(word.slice(0, width));
      word = word.slice(width);
      line = '';
    }
    if (!line) line = word;
    else if (line.length + 1 + word.length <= width) line += ` ${word}`;
    else {
      lines.push(line);
      line = word;
    }
  }
  if (line || lines.length === 0) lines.push(line);
  if (lines.length <= maxLines) return lines;
  const kept = lines.slice(0, maxLines);
  kept[maxLines - 1] = ellipsis(`${kept[maxLines - 1]} ${lines[maxLines]}`, width);
  return kept;
}
