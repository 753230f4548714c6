/** The short summary of the change report printed at the end of the build; the full detail is in changes.json. */
import { formatDecimal, formatInteger, round } from '../../api/numbers.ts';
import type { Threshold } from './tracked-indicators.ts';
import { CHANGES_PATH, type ChangeReport } from './change-report.ts';
import type { ComuneRef } from './comune-changes.ts';
import type { IndicatorChange } from './indicator-changes.ts';

const number = (n: number) => (Number.isInteger(n) ? formatInteger(n) : formatDecimal(n));
const year = (y: number | null) => (y === null ? '—' : String(y));
const threshold = (t: Threshold) =>
  t.tipo === 'relativa'
    ? `±${round(t.valore * 100, 1)}%`
    : t.tipo === 'fattore'
      ? `×${t.valore} o ÷${t.valore}`
      : `±${t.valore} ${t.unita}`;

function table(head: string[], body: string[][], numeric: (i: number) => boolean): string[] {
  const widths = head.map((h, i) => Math.max(h.length, ...body.map((r) => r[i]!.length)));
  const line = (cells: string[]) =>
    cells
      .map((c, i) => (numeric(i) ? c.padStart(widths[i]!) : c.padEnd(widths[i]!)))
      .join('  ')
      .trimEnd();
  return [line(head), line(widths.map((w) => '-'.repeat(w))), ...body.map(line)];
}

function listed<T>(items: readonly T[], max: number, render: (item: T) => string): string[] {
  return [
    ...items.slice(0, max).map(render),
    ...(items.length > max ? [`… e altri ${items.length - max} (vedi ${CHANGES_PATH})`] : []),
  ];
}

/** A short summary for the console; the full detail is in changes.json. */
export function changeTable(report: ChangeReport, maxRows = 8): string {
  if (report.senza_confronto)
    return `Cambiamenti rispetto alla build precedente: nessun confronto. ${report.senza_confronto}`;
  const out = [
    `Cambiamenti rispetto alla build precedente (dati ${report.versione_dati.prima} → ${report.versione_dati.ora}; dettagli in ${CHANGES_PATH}):`,
  ];
  const indent = (lines: string[]) => lines.map((l) => `  ${l}`);
  if (report.anni_predefiniti.length)
    out.push(
      `  anni predefiniti: ${report.anni_predefiniti.map((a) => `${a.dominio} ${a.prima} → ${a.ora}`).join('; ')}`,
    );
  if (report.anni.length)
    out.push(
      `  anni disponibili: ${report.anni.map((a) => `${a.dominio} ${[...a.aggiunti.map((y) => `+${y}`), ...a.rimossi.map((y) => `−${y}`)].join(' ')}`).join('; ')}`,
    );
  for (const f of report.fonti)
    out.push(
      `  fonte ${f.id}: ${f.annata_prima === null ? 'nuova' : `"${f.annata_prima}"`} → ${f.annata_ora === null ? 'rimossa' : `"${f.annata_ora}"`}${f.disponibile_ora === false ? ' (mancante)' : ''}`,
    );
  const c = report.comuni;
  out.push(
    `  comuni: ${number(c.prima ?? 0)} → ${number(c.ora)}; aggiunti ${c.aggiunti.length}, soppressi ${c.rimossi.length}, rinominati ${c.rinominati.length}, cambio di provincia ${c.cambio_provincia.length}`,
  );
  const name = (r: ComuneRef) => `${r.codice} ${r.nome} (${r.provincia})`;
  out.push(
    ...indent(
      listed(
        c.rimossi,
        maxRows,
        (r) =>
          `  − ${name(r)} ${r.ancora_attivo ? 'ancora attivo nel registro: controllare le fonti' : r.soppresso_il ? `soppresso il ${r.soppresso_il}` : 'assente dal registro'}${r.successori.length ? ` → ${r.successori.join(', ')}` : ''}`,
      ),
    ),
    ...indent(
      listed(
        c.aggiunti,
        maxRows,
        (a) =>
          `  + ${name(a)}${a.istituito_il ? ` istituito il ${a.istituito_il}` : ''}${a.predecessori.length ? ` ← ${a.predecessori.join(', ')}` : ''}`,
      ),
    ),
    ...indent(listed(c.rinominati, maxRows, (r) => `  ~ ${r.codice} ${r.nome_prima} → ${r.nome}`)),
    ...indent(
      listed(c.cambio_provincia, maxRows, (r) => `  ~ ${r.codice} ${r.nome}: ${r.provincia_prima} → ${r.provincia}`),
    ),
  );
  const body = report.indicatori.map((i) => [
    i.id,
    i.anno_prima === i.anno_ora ? year(i.anno_ora) : `${year(i.anno_prima)} → ${year(i.anno_ora)}`,
    threshold(i.soglia),
    number(i.confrontati),
    number(i.oltre_soglia),
    number(i.in_aumento),
    number(i.in_calo),
    number(i.comparsi),
    number(i.scomparsi),
  ]);
  out.push(
    '',
    ...indent(
      table(
        [
          'indicatore',
          'anno',
          'soglia',
          'confrontati',
          'oltre soglia',
          'in aumento',
          'in calo',
          'comparsi',
          'scomparsi',
        ],
        body,
        (k) => k >= 3,
      ),
    ),
  );
  const signed = (x: number) => `${x > 0 ? '+' : x < 0 ? '−' : ''}${number(Math.abs(x))}`;
  // The change in the threshold's terms: percent for a relative one, units for an absolute one.
  const delta = (i: IndicatorChange, m: IndicatorChange['principali'][number]) =>
    i.soglia.tipo === 'assoluta'
      ? ` (${signed(m.variazione)} ${i.soglia.unita})`
      : m.variazione_percentuale === null
        ? ''
        : ` (${signed(m.variazione_percentuale)}%)`;
  const top = report.indicatori.flatMap((i) =>
    i.principali.slice(0, 3).map((m) => `    ${i.id}: ${name(m)} ${number(m.prima)} → ${number(m.ora)}${delta(i, m)}`),
  );
  if (top.length) out.push('  variazioni maggiori:', ...top);
  const cov = report.copertura.map((f) => [
    f.dominio,
    f.campo,
    f.anno_prima === f.anno_ora ? year(f.anno_ora) : `${year(f.anno_prima)} → ${year(f.anno_ora)}`,
    f.comuni_prima === null ? '—' : number(f.comuni_prima),
    f.comuni_ora === null ? '—' : number(f.comuni_ora),
  ]);
  out.push(
    '',
    cov.length
      ? indent(table(['dominio', 'copertura cambiata', 'anno', 'prima', 'ora'], cov, (k) => k >= 3)).join('\n')
      : '  copertura dei campi: invariata',
  );
  return out.join('\n');
}
