/** The qualita-vita table: the quality-of-life index, its dimensions and indicators, one row per comune. */
import type { ComuneData, Dataset } from '../../join/dataset.ts';
import {
  QUALITY_DIMENSIONS,
  QUALITY_FLAGS,
  type ComuneQuality,
  type IndicatorScore,
  type QualityResult,
} from '../../quality-index/index.ts';
import { defineTable, type Column, type Table } from '../dati-table.ts';
import { CODICE } from './columns.ts';

export function qualitaTable(dataset: Dataset, quality: QualityResult): Table {
  const byCode = new Map(quality.comuni.map((q) => [q.codice_istat, q]));
  type QRow = { c: ComuneData; q: ComuneQuality; indicatori: Map<string, IndicatorScore> };
  const rows: QRow[] = dataset.comuni.map((c) => {
    const q = byCode.get(c.anagrafica.codice_istat);
    if (!q) throw new Error(`qualita-vita: nessun punteggio per ${c.anagrafica.codice_istat}`);
    return {
      c,
      q,
      indicatori: new Map(
        Object.values(q.dimensioni)
          .flatMap((d) => d.indicatori)
          .map((i) => [i.id, i]),
      ),
    };
  });
  const score = 'punti (0–100, 100 = migliore)';
  const indicator = (id: string) => (r: QRow) => r.indicatori.get(id);
  const years = new Map(quality.metodologia.indicatori.map((i) => [i.id, i.anni]));
  return defineTable({
    name: 'qualita-vita',
    title: 'Indice di qualità della vita',
    description:
      `Una riga per comune: punteggio composito 0–100 (DERIVATO), posizioni in classifica, punteggi delle cinque dimensioni (pesi: ${QUALITY_DIMENSIONS.map((d) => `${d} ${Math.round(quality.pesi[d] * 100)}%`).join(', ')}) ` +
      'e, per ogni indicatore, il valore grezzo e il valore normalizzato. Metodo completo, estremi di normalizzazione e limiti in /api/metodologia#qualita-vita.',
    fonti: [...new Set(quality.metodologia.indicatori.flatMap((i) => i.fonti))].sort(),
    primaryKey: ['codice_istat'],
    columns: [
      CODICE,
      {
        name: 'punteggio',
        type: 'number',
        unit: score,
        description:
          'Indice composito, media ponderata dei punteggi delle dimensioni con dati (pesi riproporzionati), 1 decimale; vuoto solo se nessuna dimensione ha dati.',
        constraints: { minimum: 0, maximum: 100 },
        value: (r) => r.q.punteggio,
      },
      {
        name: 'posizione_nazionale',
        type: 'integer',
        unit: 'posizione (1 = migliore)',
        description: 'Posizione nella classifica nazionale (punteggio decrescente, a parità codice ISTAT crescente).',
        constraints: { minimum: 1 },
        value: (r) => r.q.posizione_nazionale,
      },
      {
        name: 'posizione_regionale',
        type: 'integer',
        unit: 'posizione (1 = migliore)',
        description: 'Posizione nella classifica della regione.',
        constraints: { minimum: 1 },
        value: (r) => r.q.posizione_regionale,
      },
      {
        name: 'quota_misurata',
        type: 'number',
        unit: 'quota (0–1)',
        description:
          'Quota del peso del punteggio che poggia su valori misurati (il resto sono stime dei mancanti, /api/metodologia#qualita-vita dati_mancanti); vuoto senza punteggio.',
        constraints: { minimum: 0, maximum: 1 },
        value: (r) => r.q.quota_misurata,
      },
      {
        name: 'avvisi',
        type: 'string',
        description: `Codici delle avvertenze sull'affidabilità, separati da uno spazio (${Object.keys(QUALITY_FLAGS).join(', ')}).`,
        value: (r: QRow) => r.q.avvisi.map((a) => a.codice).join(' ') || null,
      },
      ...QUALITY_DIMENSIONS.flatMap((d): Column<QRow>[] => [
        {
          name: `punteggio_${d}`,
          type: 'number',
          unit: score,
          description: `Punteggio della dimensione ${d} (peso nominale ${Math.round(quality.pesi[d] * 100)}%); vuoto se la dimensione non ha indicatori per il comune.`,
          constraints: { minimum: 0, maximum: 100 },
          value: (r) => r.q.dimensioni[d].punteggio,
        },
        {
          name: `peso_effettivo_${d}`,
          type: 'number',
          unit: 'quota (0–1)',
          description: `Peso della dimensione ${d} nel punteggio del comune, dopo il riproporzionamento (0 se la dimensione non ha dati).`,
          constraints: { minimum: 0, maximum: 1 },
          value: (r) => r.q.dimensioni[d].peso_effettivo,
        },
        {
          name: `copertura_${d}`,
          type: 'number',
          unit: 'quota (0–1)',
          description: `Quota del peso della dimensione ${d} che poggia su valori misurati; il resto sono stime (0 se la dimensione non ha punteggio).`,
          constraints: { minimum: 0, maximum: 1 },
          value: (r) => r.q.dimensioni[d].copertura.quota_peso,
        },
      ]),
      ...quality.definizioni.flatMap((def): Column<QRow>[] => [
        {
          name: def.id,
          type: 'number',
          unit: def.unita,
          description: `${def.nome} (dimensione ${def.dimensione}, livello ${def.livello}, anni ${(years.get(def.id) ?? []).join(', ') || '—'}): ${def.descrizione} Vuoto se il comune non ha il valore.`,
          value: (r) => indicator(def.id)(r)?.valore ?? null,
        },
        {
          name: `${def.id}_normalizzato`,
          type: 'number',
          unit: score,
          description: `${def.nome} normalizzato 0–100 (${def.direzione === 'maggiore_migliore' ? 'valori alti = punteggio alto' : 'valori bassi = punteggio alto'}).`,
          constraints: { minimum: 0, maximum: 100 },
          value: (r) => indicator(def.id)(r)?.normalizzato ?? null,
        },
      ]),
    ],
    rows,
  });
}
