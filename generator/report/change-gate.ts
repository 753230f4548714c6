import { createHash } from 'node:crypto';
import { mkdir, readFile } from 'node:fs/promises';
import { dirname, relative, resolve } from 'node:path';
import type { ChangeReport } from './change-report.ts';
import { PROJECT_ROOT } from '../config.ts';
import { writeFileAtomic } from '../fetch/download.ts';

/** Committed acknowledgements of changes a maintainer has looked at (see docs/maintainers.md, New data vintage). */
export const DEFAULT_ACK_PATH = resolve(PROJECT_ROOT, 'data-sources/changes-ack.json');

/** National totals of additive counts may move this much against the previous build without a look. */
const TOTAL_TOLERANCE = 0.01;

interface Acknowledgement {
  impronta: string;
  versione_dati_prima: string | null;
  versione_dati_ora: string;
  cambiamenti: string[];
  accettato_il: string;
}

/** The changes beyond the report's thresholds, one line each; empty when nothing needs a look. */
export function changesBeyondThresholds(report: ChangeReport): string[] {
  if (report.senza_confronto !== null) return [];
  const out: string[] = [];
  for (const c of report.comuni.aggiunti) out.push(`comune aggiunto ${c.codice} ${c.nome} (${c.provincia})`);
  for (const c of report.comuni.rimossi)
    out.push(
      `comune rimosso ${c.codice} ${c.nome} (${c.provincia})${c.ancora_attivo ? ', ancora attivo nel registro' : ''}`,
    );
  // A code that changes its name or province is the same comune renamed, or two codes swapped: worth a look either way.
  for (const c of report.comuni.rinominati) out.push(`comune ${c.codice} rinominato: ${c.nome_prima} → ${c.nome}`);
  for (const c of report.comuni.cambio_provincia)
    out.push(`comune ${c.codice} ${c.nome}: provincia ${c.provincia_prima} → ${c.provincia}`);
  for (const i of report.indicatori) {
    if (i.oltre_soglia > 0) {
      const top = i.principali
        .slice(0, 3)
        .map((m) => `${m.codice} ${m.nome} ${m.prima} → ${m.ora}`)
        .join('; ');
      out.push(
        `${i.descrizione} ${i.anno_ora ?? ''}: ${i.oltre_soglia} comuni oltre la soglia (${top}${i.oltre_soglia > 3 ? '; …' : ''})`,
      );
    }
    if (
      i.totale_prima !== null &&
      i.totale_ora !== null &&
      i.anno_prima === i.anno_ora &&
      Math.abs(i.totale_ora / i.totale_prima - 1) > TOTAL_TOLERANCE
    ) {
      out.push(
        `${i.descrizione} ${i.anno_ora}: totale nazionale ${i.totale_prima} → ${i.totale_ora}, oltre ±${TOTAL_TOLERANCE * 100}% rispetto alla build precedente`,
      );
    }
  }
  return out;
}

/** Identifies a set of changes between two data versions: the acknowledgement names exactly what was looked at. */
export function changesFingerprint(report: ChangeReport, changes: string[]): string {
  return createHash('sha256')
    .update(JSON.stringify([report.versione_dati.prima, report.versione_dati.ora, changes]))
    .digest('hex')
    .slice(0, 16);
}

async function readAcks(path: string): Promise<Acknowledgement[]> {
  const text = await readFile(path, 'utf8').catch(() => null);
  if (text === null) return [];
  const parsed = JSON.parse(text) as { accettati?: Acknowledgement[] };
  return parsed.accettati ?? [];
}

/**
 * The change report's gate: changes beyond its thresholds stop the build unless they are
 * acknowledged, by `--accept-changes` (which records them in the acknowledgement file, to be
 * committed with the new data) or by an entry already in that file.
 */
export async function gateChanges(
  report: ChangeReport,
  options: { accept: boolean; ackPath: string; now?: Date },
): Promise<{ changes: string[]; note: string | null }> {
  const changes = changesBeyondThresholds(report);
  if (changes.length === 0) return { changes, note: null };
  const impronta = changesFingerprint(report, changes);
  const acks = await readAcks(options.ackPath);
  const shown = relative(PROJECT_ROOT, options.ackPath).startsWith('..')
    ? options.ackPath
    : relative(PROJECT_ROOT, options.ackPath);
  if (acks.some((a) => a.impronta === impronta))
    return {
      changes,
      note: `${changes.length} cambiamenti oltre soglia, già accettati in ${shown} (impronta ${impronta}).`,
    };
  const list =
    changes
      .slice(0, 30)
      .map((c) => `  ${c}`)
      .join('\n') + (changes.length > 30 ? `\n  … e altri ${changes.length - 30}` : '');
  if (!options.accept) {
    throw new Error(
      `${changes.length} cambiamenti oltre le soglie rispetto alla build precedente (${report.versione_dati.prima} → ${report.versione_dati.ora}):\n${list}\n\n` +
        `Controllali (sopra e nel rapporto dei cambiamenti). Se sono attesi (nuova annata, fusioni di comuni, correzione di un errore), ` +
        `accettali con: npm run build -- --accept-changes\n(registra l'impronta ${impronta} in ${shown}: fai il commit del file insieme ai dati).`,
    );
  }
  const entry: Acknowledgement = {
    impronta,
    versione_dati_prima: report.versione_dati.prima,
    versione_dati_ora: report.versione_dati.ora,
    cambiamenti: changes,
    accettato_il: (options.now ?? new Date()).toISOString(),
  };
  await mkdir(dirname(options.ackPath), { recursive: true });
  await writeFileAtomic(options.ackPath, `${JSON.stringify({ accettati: [...acks, entry] }, null, 2)}\n`);
  return {
    changes,
    note: `${changes.length} cambiamenti oltre soglia accettati con --accept-changes e registrati in ${shown} (impronta ${impronta}): fai il commit del file.`,
  };
}
