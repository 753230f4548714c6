/**
 * Compares the autocomplete engine of `GET /api/comuni/cerca` (api/search.ts) with Fuse.js on the
 * real 7,896 names and a fixed, realistic query mix: latency (p50/p99/max over ≥ 10,000 queries),
 * build time, index size (JSON and gzipped) and result quality (expected comune first / in the top 5).
 *
 *   npx tsx bench/search-compare.ts [--iterations 10000] [--fuse-iterations N] [--data-dir DIR]
 *
 * Node-only (reads the files with node:fs); `runSearchComparison()` returns the figures for reuse.
 */
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';
import { parse } from 'csv-parse/sync';
import Fuse from 'fuse.js';
import { buildSearchIndex, normalizeName, search, type SearchEntry } from '../api/search.ts';
import { DEFAULT_DATA_DIR } from '../data-sources/lib/files.ts';
import { round, summarize, type LatencySummary } from './stats.ts';

const COMUNI_FILE = 'gi-db-comuni/2025-01-01/gi_comuni.csv';
const POPOLAZIONE_FILE = 'anpr/popolazione-residente/popolazione_residente_2025_mese1.csv';

export interface BenchQuery {
  query: string;
  /** codice_istat of the comune a user typing this most plausibly wants. */
  expected: string;
  kind:
    | 'prefisso corto'
    | 'nome completo'
    | 'senza accenti'
    | 'apostrofi'
    | 'più parole'
    | 'refuso'
    | 'altra lingua'
    | 'parola interna';
}

/** Fixed query mix: what people type in a comune search box, with the comune they mean. */
export const QUERY_MIX: BenchQuery[] = [
  // Short prefixes: the largest comune is the sensible first suggestion.
  { query: 'ro', expected: '058091', kind: 'prefisso corto' }, // Roma
  { query: 'mi', expected: '015146', kind: 'prefisso corto' }, // Milano
  { query: 'tor', expected: '001272', kind: 'prefisso corto' }, // Torino
  { query: 'na', expected: '063049', kind: 'prefisso corto' }, // Napoli
  { query: 'fi', expected: '048017', kind: 'prefisso corto' }, // Firenze
  { query: 'pa', expected: '082053', kind: 'prefisso corto' }, // Palermo
  { query: 'ge', expected: '010025', kind: 'prefisso corto' }, // Genova
  { query: 'bo', expected: '037006', kind: 'prefisso corto' }, // Bologna
  { query: 'ba', expected: '072006', kind: 'prefisso corto' }, // Bari
  { query: 'ven', expected: '027042', kind: 'prefisso corto' }, // Venezia
  { query: 'ver', expected: '023091', kind: 'prefisso corto' }, // Verona
  { query: 'cat', expected: '087015', kind: 'prefisso corto' }, // Catania
  { query: 'pad', expected: '028060', kind: 'prefisso corto' }, // Padova
  { query: 'tri', expected: '032006', kind: 'prefisso corto' }, // Trieste
  { query: 'bre', expected: '017029', kind: 'prefisso corto' }, // Brescia
  { query: 'berg', expected: '016024', kind: 'prefisso corto' }, // Bergamo
  { query: 'mon', expected: '108033', kind: 'prefisso corto' }, // Monza
  { query: 'lec', expected: '075035', kind: 'prefisso corto' }, // Lecce
  { query: 'cag', expected: '092009', kind: 'prefisso corto' }, // Cagliari
  { query: 'mila', expected: '015146', kind: 'prefisso corto' }, // Milano
  // Full names as written.
  { query: 'Roma', expected: '058091', kind: 'nome completo' },
  { query: 'Milano', expected: '015146', kind: 'nome completo' },
  { query: 'Torino', expected: '001272', kind: 'nome completo' },
  { query: 'Napoli', expected: '063049', kind: 'nome completo' },
  { query: 'Bolzano', expected: '021008', kind: 'nome completo' },
  { query: 'Aosta', expected: '007003', kind: 'nome completo' },
  { query: 'Como', expected: '013075', kind: 'nome completo' },
  { query: 'Bari', expected: '072006', kind: 'nome completo' },
  { query: 'Perugia', expected: '054039', kind: 'nome completo' },
  { query: 'Trento', expected: '022205', kind: 'nome completo' },
  { query: 'Massa', expected: '045010', kind: 'nome completo' },
  { query: 'La Spezia', expected: '011015', kind: 'nome completo' },
  { query: 'Sanremo', expected: '008055', kind: 'nome completo' },
  { query: 'Ascoli Piceno', expected: '044007', kind: 'nome completo' },
  { query: 'Sesto San Giovanni', expected: '015209', kind: 'nome completo' },
  { query: 'Portofino', expected: '010044', kind: 'nome completo' },
  { query: 'Valtournenche', expected: '007071', kind: 'nome completo' },
  { query: 'Reggio di Calabria', expected: '080063', kind: 'nome completo' },
  { query: 'Castelnuovo del Garda', expected: '023022', kind: 'nome completo' },
  // Accents left out.
  { query: 'forli', expected: '040012', kind: 'senza accenti' },
  { query: 'cefalu', expected: '082027', kind: 'senza accenti' },
  { query: 'cantu', expected: '013041', kind: 'senza accenti' },
  { query: 'tortoli', expected: '091095', kind: 'senza accenti' },
  { query: 'nardo', expected: '075052', kind: 'senza accenti' },
  { query: 'paterno', expected: '087033', kind: 'senza accenti' },
  { query: 'mondovi', expected: '004130', kind: 'senza accenti' },
  { query: 'aglie', expected: '001001', kind: 'senza accenti' },
  { query: 'san dona di piave', expected: '027033', kind: 'senza accenti' },
  // Apostrophes typed, dropped or replaced by a space.
  { query: "sant'agata di militello", expected: '083084', kind: 'apostrofi' },
  { query: 'santagata de goti', expected: '062070', kind: 'apostrofi' },
  { query: 'sant agata bolognese', expected: '037056', kind: 'apostrofi' },
  { query: "l'aquila", expected: '066049', kind: 'apostrofi' },
  { query: 'laquila', expected: '066049', kind: 'apostrofi' },
  { query: "cortina d'ampezzo", expected: '025016', kind: 'apostrofi' },
  { query: 'cortina dampezzo', expected: '025016', kind: 'apostrofi' },
  { query: 'reggio nell emilia', expected: '035033', kind: 'apostrofi' },
  // Informal multi-word forms.
  { query: 'reggio emilia', expected: '035033', kind: 'più parole' },
  { query: 'reggio calabria', expected: '080063', kind: 'più parole' },
  { query: 's giovanni rotondo', expected: '071046', kind: 'più parole' },
  { query: 'sant agata militello', expected: '083084', kind: 'più parole' },
  // Typos.
  { query: 'milnao', expected: '015146', kind: 'refuso' },
  { query: 'bolzzano', expected: '021008', kind: 'refuso' },
  { query: 'torinno', expected: '001272', kind: 'refuso' },
  { query: 'napli', expected: '063049', kind: 'refuso' },
  { query: 'firenzee', expected: '048017', kind: 'refuso' },
  { query: 'bardonechia', expected: '001022', kind: 'refuso' },
  { query: 'palremo', expected: '082053', kind: 'refuso' },
  { query: 'bologan', expected: '037006', kind: 'refuso' },
  { query: 'venezzia', expected: '027042', kind: 'refuso' },
  { query: 'catnia', expected: '087015', kind: 'refuso' },
  { query: 'trieset', expected: '032006', kind: 'refuso' },
  { query: 'perugai', expected: '054039', kind: 'refuso' },
  { query: 'taromina', expected: '083097', kind: 'refuso' },
  { query: 'cagiari', expected: '092009', kind: 'refuso' },
  { query: 'sassri', expected: '090064', kind: 'refuso' },
  { query: 'courmayer', expected: '007022', kind: 'refuso' },
  { query: 'portofno', expected: '010044', kind: 'refuso' },
  { query: 'alghiero', expected: '090003', kind: 'refuso' },
  { query: 'bergammo', expected: '016024', kind: 'refuso' },
  { query: 'pescarra', expected: '068028', kind: 'refuso' },
  { query: 'nilano', expected: '015146', kind: 'refuso' }, // wrong first letter
  { query: 'vrona', expected: '023091', kind: 'refuso' },
  { query: 'trviso', expected: '026086', kind: 'refuso' },
  { query: 'ciacca', expected: '084041', kind: 'refuso' }, // first letter missing
  { query: 'frosinome', expected: '060038', kind: 'refuso' },
  { query: 'lecoc', expected: '097042', kind: 'refuso' }, // Lecco; Lecce is also one edit away
  { query: 'regio emilia', expected: '035033', kind: 'refuso' }, // typo inside a multi-word form
  { query: 'pont st martin', expected: '007052', kind: 'più parole' }, // abbreviation of Saint
  { query: 'ss. cosma e damiano', expected: '059026', kind: 'più parole' }, // SS. = Santi
  { query: 'mte san savino', expected: '051025', kind: 'più parole' }, // Mte = Monte
  { query: "s. croce sull'arno", expected: '050033', kind: 'più parole' }, // S. = Santa
  // Names in the other official language (German, French, Slovene), typed or misremembered.
  { query: 'Bozen', expected: '021008', kind: 'altra lingua' },
  { query: 'Aoste', expected: '007003', kind: 'altra lingua' }, // not in the source's denominazione_altra: found as a typo of Aosta
  { query: 'Brixen', expected: '021011', kind: 'altra lingua' },
  { query: 'Meran', expected: '021051', kind: 'altra lingua' },
  { query: 'Bruneck', expected: '021013', kind: 'altra lingua' },
  { query: 'Sterzing', expected: '021115', kind: 'altra lingua' },
  { query: 'St. Ulrich', expected: '021061', kind: 'altra lingua' },
  { query: 'Eppan', expected: '021004', kind: 'altra lingua' },
  { query: 'Kaltern', expected: '021015', kind: 'altra lingua' },
  { query: 'Doberdob', expected: '031003', kind: 'altra lingua' },
  { query: 'Devin', expected: '032001', kind: 'altra lingua' },
  // A later word of the name.
  { query: 'calabria', expected: '080063', kind: 'parola interna' },
  { query: 'spezia', expected: '011015', kind: 'parola interna' },
  { query: 'piceno', expected: '044007', kind: 'parola interna' },
  { query: 'balsamo', expected: '015077', kind: 'parola interna' },
  { query: 'aquila', expected: '066049', kind: 'parola interna' },
];

export interface QueryOutcome {
  query: string;
  expected: string;
  /** 1-based rank of the expected comune, null when absent from the results. */
  rank: number | null;
  top: string[];
}

export interface EngineFigures {
  engine: string;
  buildMs: number;
  /** Time to JSON.parse the serialized index (cold start of the edge function), where applicable. */
  parseMs: number | null;
  indexJsonBytes: number;
  indexGzipBytes: number;
  latencyMs: LatencySummary;
  queriesTimed: number;
  top1: number;
  top5: number;
  misses: QueryOutcome[];
}

export interface SearchComparison {
  comuni: number;
  queryMix: number;
  limit: number;
  engines: EngineFigures[];
}

export interface SearchComparisonOptions {
  dataDir?: string;
  /** Timed queries per engine (the mix is cycled). */
  iterations?: number;
  /** Timed queries for fuse.js, ~100 times slower than the shipped engine (default: iterations). */
  fuseIterations?: number;
  limit?: number;
}

/** Reads the real names (GI db comuni 2025-01-01) and populations (ANPR, January 2025). */
export function loadSearchEntries(dataDir: string = process.env.DATA_DIR ?? DEFAULT_DATA_DIR): SearchEntry[] {
  const comuni = parse(readFileSync(join(dataDir, COMUNI_FILE), 'utf8'), {
    delimiter: ';',
    columns: true,
    bom: true,
  }) as Record<string, string>[];
  const residenti = parse(readFileSync(join(dataDir, POPOLAZIONE_FILE), 'utf8'), {
    columns: true,
    bom: true,
  }) as Record<string, string>[];
  const popolazione = new Map<string, number>();
  for (const r of residenti) {
    const n = Number(r.RESIDENTI);
    if (r.COD_ISTAT_COMUNE && r.RESIDENTI !== '' && Number.isFinite(n))
      popolazione.set(r.COD_ISTAT_COMUNE.padStart(6, '0'), n);
  }
  return comuni.map((r) => ({
    codice_istat: r.codice_istat!,
    nome: r.denominazione_ita!,
    nome_altra_lingua: r.denominazione_altra ? r.denominazione_altra : null,
    popolazione: popolazione.get(r.codice_istat!) ?? null,
  }));
}

type Engine = (query: string, limit: number) => string[];

function measure(
  engine: string,
  run: Engine,
  build: { buildMs: number; parseMs: number | null; json: string },
  iterations: number,
  limit: number,
): EngineFigures {
  const outcomes: QueryOutcome[] = QUERY_MIX.map(({ query, expected }) => {
    const top = run(query, limit);
    const i = top.indexOf(expected);
    return { query, expected, rank: i < 0 ? null : i + 1, top };
  });
  // Warm-up pass, then timed passes cycling through the mix.
  for (let i = 0; i < QUERY_MIX.length * 3; i++) run(QUERY_MIX[i % QUERY_MIX.length]!.query, limit);
  const times = new Array<number>(iterations);
  let sink = 0;
  for (let i = 0; i < iterations; i++) {
    const q = QUERY_MIX[i % QUERY_MIX.length]!.query;
    const t0 = performance.now();
    sink += run(q, limit).length;
    times[i] = performance.now() - t0;
  }
  if (sink < 0) console.log(sink); // keep the results alive
  const bytes = new TextEncoder().encode(build.json);
  return {
    engine,
    buildMs: round(build.buildMs, 1),
    parseMs: build.parseMs === null ? null : round(build.parseMs, 1),
    indexJsonBytes: bytes.length,
    indexGzipBytes: gzipSync(bytes, { level: 9 }).length,
    latencyMs: summarize(times),
    queriesTimed: iterations,
    top1: round(outcomes.filter((o) => o.rank === 1).length / outcomes.length, 3),
    top5: round(outcomes.filter((o) => o.rank !== null && o.rank <= 5).length / outcomes.length, 3),
    misses: outcomes.filter((o) => o.rank !== 1),
  };
}

function ourEngine(entries: SearchEntry[], iterations: number, limit: number): EngineFigures {
  const t0 = performance.now();
  const built = buildSearchIndex(entries);
  const buildMs = performance.now() - t0;
  const json = JSON.stringify(built);
  const t1 = performance.now();
  const index = JSON.parse(json) as typeof built; // the edge function works from the parsed JSON module
  const parseMs = performance.now() - t1;
  return measure(
    'api/search.ts',
    (q, n) => search(index, q, n).map((r) => r.codice_istat),
    { buildMs, parseMs, json },
    iterations,
    limit,
  );
}

interface FuseDoc {
  codice_istat: string;
  nome: string;
  nome_altra_lingua: string;
  popolazione: number;
}

function fuseEngine(entries: SearchEntry[], iterations: number, limit: number): EngineFigures {
  const t0 = performance.now();
  const docs: FuseDoc[] = entries.map((e) => ({
    codice_istat: e.codice_istat,
    nome: normalizeName(e.nome),
    nome_altra_lingua: e.nome_altra_lingua ? normalizeName(e.nome_altra_lingua) : '',
    popolazione: e.popolazione ?? -1,
  }));
  const keys = ['nome', 'nome_altra_lingua'];
  const fuseIndex = Fuse.createIndex(keys, docs);
  const fuse = new Fuse(docs, { keys, threshold: 0.3, includeScore: true, shouldSort: true }, fuseIndex);
  const buildMs = performance.now() - t0;
  // Fuse needs the documents as well as its index at run time.
  const json = JSON.stringify({ docs, index: fuseIndex.toJSON() });
  const run: Engine = (q, n) =>
    fuse
      .search(normalizeName(q))
      .sort(
        (a, b) =>
          (a.score ?? 0) - (b.score ?? 0) ||
          b.item.popolazione - a.item.popolazione ||
          (a.item.codice_istat < b.item.codice_istat ? -1 : 1),
      )
      .slice(0, n)
      .map((r) => r.item.codice_istat);
  return measure(
    'fuse.js (threshold 0.3, population tie-break)',
    run,
    { buildMs, parseMs: null, json },
    iterations,
    limit,
  );
}

export function runSearchComparison(options: SearchComparisonOptions = {}): SearchComparison {
  const iterations = Math.max(options.iterations ?? 10_000, 1);
  const fuseIterations = Math.max(options.fuseIterations ?? iterations, 1);
  const limit = options.limit ?? 10;
  const entries = loadSearchEntries(options.dataDir);
  return {
    comuni: entries.length,
    queryMix: QUERY_MIX.length,
    limit,
    engines: [ourEngine(entries, iterations, limit), fuseEngine(entries, fuseIterations, limit)],
  };
}

function printComparison(c: SearchComparison, names: Map<string, string>): void {
  console.log(`${c.comuni} comuni, ${c.queryMix} queries in the mix, limit ${c.limit}\n`);
  for (const e of c.engines) {
    console.log(`== ${e.engine}`);
    console.log(`  build ${e.buildMs} ms${e.parseMs === null ? '' : `, JSON.parse ${e.parseMs} ms`}`);
    console.log(
      `  index ${(e.indexJsonBytes / 1024).toFixed(1)} KiB JSON, ${(e.indexGzipBytes / 1024).toFixed(1)} KiB gzip`,
    );
    console.log(
      `  latency over ${e.queriesTimed} queries: p50 ${e.latencyMs.p50} ms, p99 ${e.latencyMs.p99} ms, max ${e.latencyMs.max} ms, mean ${e.latencyMs.mean} ms`,
    );
    console.log(`  expected comune first: ${(e.top1 * 100).toFixed(1)}%, in top 5: ${(e.top5 * 100).toFixed(1)}%`);
    for (const m of e.misses) {
      const got = m.top
        .slice(0, 3)
        .map((c) => names.get(c) ?? c)
        .join(', ');
      console.log(`    ✗ "${m.query}" → ${names.get(m.expected)} at ${m.rank ?? '—'}; first: ${got || '(nothing)'}`);
    }
    console.log('');
  }
}

function argValue(flag: string): string | undefined {
  const i = process.argv.indexOf(flag);
  return i >= 0 ? process.argv[i + 1] : undefined;
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  const dataDir = argValue('--data-dir');
  const iterations = argValue('--iterations');
  const fuseIterations = argValue('--fuse-iterations');
  const result = runSearchComparison({
    dataDir,
    iterations: iterations ? Number(iterations) : undefined,
    fuseIterations: fuseIterations ? Number(fuseIterations) : undefined,
  });
  printComparison(result, new Map(loadSearchEntries(dataDir).map((e) => [e.codice_istat, e.nome])));
}
