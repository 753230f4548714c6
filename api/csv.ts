/**
 * CSV answers of the lists, rankings and the comparison (`Accept: text/csv` or `formato=csv`): the rows of
 * the JSON answer, in its order and page, one line each. The build writes the CSV twin of every list file
 * with `toCsv` and the handler converts every computed answer with it, so static and dynamic CSV agree.
 * Web-standard only (runs at the edge), and the response schemas are not loaded there, so the
 * columns come from the rows themselves.
 */
import type { RouteSpec } from './contract.ts';
import { invalidParams, ProblemError } from './problem.ts';

export const CSV_TYPE = 'text/csv; charset=utf-8';

/** Where the build writes the CSV twin of each list file: outside /api, so the CDN serves it with its own type. */
export const CSV_DIR = '/csv';

export type Formato = 'json' | 'csv';
export const FORMATI: readonly Formato[] = ['json', 'csv'];

/** `/api/comuni/provincia/RM.json` → `/csv/comuni/provincia/RM.csv`. */
export function csvTwinPath(jsonPath: string): string {
  return `${CSV_DIR}${jsonPath.replace(/^\/api/, '').replace(/\.json$/, '.csv')}`;
}

/**
 * The format a request asks for: `formato` when given (any case), else `text/csv` in `Accept` when
 * preferred to JSON, else JSON. A bad `formato`, or `csv` on a route without rows, is a 400.
 */
export function requestedFormat(route: RouteSpec, url: URL, accept: string | null, instance: string): Formato {
  const given = url.searchParams.getAll('formato');
  if (given.length > 0) {
    const value = given[0]!.trim().toLowerCase();
    const reason =
      given.length > 1
        ? `ripetuto ${given.length} volte: va indicato una sola volta`
        : !FORMATI.includes(value as Formato)
          ? `"${given[0]!.slice(0, 40)}" non è ammesso; valori ammessi: ${FORMATI.join(', ')}`
          : value === 'csv' && !route.csv
            ? 'csv non disponibile per questa risorsa: solo elenchi, classifiche e confronto'
            : null;
    if (reason) throw new ProblemError(invalidParams(instance, [{ name: 'formato', reason }]));
    return value as Formato;
  }
  return route.csv && prefersCsv(accept) ? 'csv' : 'json';
}

/** True when `Accept` names text/csv with a quality above that of JSON (absent JSON counts as 0). */
function prefersCsv(accept: string | null): boolean {
  if (!accept) return false;
  let csv = 0;
  let json = 0;
  for (const part of accept.split(',')) {
    const [type, ...params] = part.split(';').map((s) => s.trim().toLowerCase());
    const q = params.find((p) => p.startsWith('q='));
    const quality = q ? Number(q.slice(2)) || 0 : 1;
    if (type === 'text/csv') csv = Math.max(csv, quality);
    else if (type === 'application/json') json = Math.max(json, quality);
  }
  return csv > 0 && csv > json;
}

/** A sensible download name: `/api/comuni?provincia=RM&limit=1000` → `comuni-provincia-RM-limit-1000.csv`. */
export function csvFileName(url: URL): string {
  const parts = [url.pathname.replace(/^\/api\//, '')];
  for (const [name, value] of url.searchParams) if (name !== 'formato') parts.push(name, value);
  const stem = parts
    .join('-')
    .normalize('NFKD')
    .replace(/[^A-Za-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
    .slice(0, 120);
  return `${stem || 'api'}.csv`;
}

type Row = Readonly<Record<string, unknown>>;

/**
 * The rows of a JSON answer as CSV (RFC 4180: comma, CRLF, fields quoted when needed): header with the
 * JSON field names, nested fields joined with `_` (`provincia_sigla`), arrays as JSON text, null as an
 * empty field. A field that is an object on some rows and null on others gets the object's columns.
 */
export function toCsv(body: unknown, field: string): string {
  const rows = (body as Record<string, unknown>)[field];
  if (!Array.isArray(rows)) throw new Error(`CSV: the answer has no array "${field}"`);
  const flat = rows.map((row: Row) => flatten(row));
  const columns = new Set<string>();
  const objects = new Set<string>();
  for (const row of flat) {
    for (const key of row.cells.keys()) columns.add(key);
    for (const key of row.objects) objects.add(key);
  }
  const header = [...columns].filter((c) => !objects.has(c));
  const lines = [header.map(quote).join(',')];
  for (const row of flat) lines.push(header.map((c) => cell(row.cells.get(c))).join(','));
  return `${lines.join('\r\n')}\r\n`;
}

function flatten(row: Row): { cells: Map<string, unknown>; objects: Set<string> } {
  const cells = new Map<string, unknown>();
  const objects = new Set<string>();
  const walk = (value: unknown, path: string) => {
    if (value !== null && typeof value === 'object' && !Array.isArray(value)) {
      objects.add(path);
      for (const [key, inner] of Object.entries(value)) walk(inner, path ? `${path}_${key}` : key);
    } else cells.set(path, value);
  };
  walk(row, '');
  objects.delete('');
  return { cells, objects };
}

function cell(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return quote(value);
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return quote(JSON.stringify(value));
}

function quote(text: string): string {
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}
