import { looksLikeEmail, MAX_IMPORT_ROWS } from './campaign-values';

/** One person of an import: Vorname, Nachname, E-Mail, Funktion. */
export type InviteeRow = { firstName: string; lastName: string; email: string; role: string };
export type ListProblem = { line: number; reason: 'invalid' | 'duplicate' | 'known' | 'missing'; email: string };
export type ParsedList = { rows: (InviteeRow & { line: number })[]; problems: ListProblem[]; tooMany: boolean };

// Header words, German and English, compared without case, spaces, hyphens and underscores.
const columns: Record<keyof InviteeRow, string[]> = {
  firstName: ['vorname', 'firstname', 'givenname', 'first', 'forename'],
  lastName: ['nachname', 'lastname', 'surname', 'familyname', 'last', 'name'],
  email: ['email', 'emailadresse', 'mail', 'emailaddress', 'mailadresse'],
  role: ['funktion', 'role', 'position', 'title', 'jobtitle', 'rolle', 'beruf', 'function'],
};
const squash = (s: string) => s.toLowerCase().replace(/[\s_\-.]/g, '');

/** Splits one line of CSV (quotes with "" inside) by the delimiter. */
function splitLine(line: string, delimiter: string): string[] {
  const cells: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const ch = line[i]!;
    if (quoted) {
      if (ch === '"' && line[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else cell += ch;
    } else if (ch === '"' && cell.trim() === '') {
      quoted = true;
      cell = '';
    } else if (ch === delimiter) {
      cells.push(cell.trim());
      cell = '';
    } else cell += ch;
  }
  cells.push(cell.trim());
  return cells;
}

/** The delimiter of a pasted list: tabs (a spreadsheet copy), semicolons (German CSV) or commas. */
function delimiterOf(lines: string[]): string {
  const sample = lines.slice(0, 5).join('\n');
  const count = (d: string) => sample.split(d).length - 1;
  return ['\t', ';', ','].sort((a, b) => count(b) - count(a))[0]!;
}

/**
 * Reads a pasted list or CSV file of invitees: with a header row (German or English column names,
 * any order) or, without one, the columns Vorname, Nachname, E-Mail, Funktion. Invalid addresses,
 * duplicates in the list and addresses already invited (`known`, lower case) are problems; the
 * rows are the good ones. Nothing is dropped silently: each problem names its line.
 */
export function parseInviteeList(text: string, known: ReadonlySet<string> = new Set()): ParsedList {
  const lines = text
    .replace(/^\uFEFF/, '')
    .split(/\r?\n/)
    .map((l, i) => ({ text: l, line: i + 1 }))
    .filter((l) => l.text.trim() !== '');
  if (lines.length === 0) return { rows: [], problems: [], tooMany: false };
  const delimiter = delimiterOf(lines.map((l) => l.text));
  const first = splitLine(lines[0]!.text, delimiter).map(squash);
  const index: Record<keyof InviteeRow, number> = { firstName: 0, lastName: 1, email: 2, role: 3 };
  const hasHeader = first.some((cell) => columns.email.includes(cell) || columns.firstName.includes(cell));
  if (hasHeader) {
    for (const key of Object.keys(columns) as (keyof InviteeRow)[]) {
      const at = first.findIndex((cell) => columns[key].includes(cell));
      index[key] = at;
    }
  }
  const body = hasHeader ? lines.slice(1) : lines;
  const rows: ParsedList['rows'] = [];
  const problems: ListProblem[] = [];
  const seen = new Set<string>();
  for (const { text: raw, line } of body) {
    const cells = splitLine(raw, delimiter);
    const cell = (key: keyof InviteeRow) => (index[key] >= 0 ? (cells[index[key]] ?? '') : '');
    // Without a header, a single cell holding an address is a list of addresses.
    const email = (cell('email') || cells.find((c) => c.includes('@')) || '').replace(/^<|>$/g, '').trim();
    const row = { firstName: cell('firstName'), lastName: cell('lastName'), email, role: cell('role'), line };
    const key = email.toLowerCase();
    if (!email || !row.firstName || !row.lastName) problems.push({ line, reason: 'missing', email });
    else if (!looksLikeEmail(email)) problems.push({ line, reason: 'invalid', email });
    else if (seen.has(key)) problems.push({ line, reason: 'duplicate', email });
    else if (known.has(key)) problems.push({ line, reason: 'known', email });
    else {
      seen.add(key);
      rows.push(row);
    }
  }
  return { rows, problems, tooMany: rows.length > MAX_IMPORT_ROWS };
}
