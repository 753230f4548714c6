/** The checks by meaning of issue 37 on small typed inputs: what passes, what fails and what the message names. */
import { describe, expect, it } from 'vitest';
import type { StationYear } from '../../data-sources/ispra-aria.ts';
import { checkAirStations } from '../../generator/check/air-stations.ts';
import { AREA_AGREEMENT, checkAreas } from '../../generator/check/area-agreement.ts';
import { checkCodeNamePairs, NAME_EXCEPTIONS } from '../../generator/check/sardinian-codes.ts';
import { sexCounts } from '../../generator/check/source-checks.ts';
import type { LoadedSources } from '../../generator/load/load-sources.ts';
import { SOURCES } from '../../data-sources/index.ts';
import { checkSexRatios, type SexCounts } from '../../generator/check/sex-ratio.ts';
import { eachString, nameProblem, textProblem } from '../../generator/check/text-fields.ts';

describe('residents by sex', () => {
  // 30 comuni of one region, 1,000 residents each, 48% men.
  const counts = (file: string, maschi = 480, femmine = 520, edit?: (c: string) => boolean): SexCounts => ({
    fonte: 'istat-bilancio-demografico',
    file,
    data: '2025-01-01',
    valori: new Map(
      Array.from({ length: 30 }, (_, i) => {
        const codice = String(54001 + i).padStart(6, '0');
        return [codice, edit?.(codice) ? { maschi: femmine, femmine: maschi } : { maschi, femmine }];
      }),
    ),
  });
  const umbria = () => ({ codice: '10', nome: 'Umbria' });

  it('passes a region where women outnumber men, as in every Italian region', () => {
    expect(checkSexRatios([counts('bilancio.csv')], umbria)).toEqual([]);
  });

  it("a region's sexes swapped: the file, the region and the ratio", () => {
    expect(checkSexRatios([counts('bilancio.csv', 520, 480)], umbria)).toEqual([
      'bilancio.csv (istat-bilancio-demografico, 2025-01-01): regione 10 Umbria, 30 comuni: maschi/femmine 1,083 (15.600 maschi, 14.400 femmine), fuori dai limiti 0,900–1,000: colonne dei sessi scambiate?',
    ]);
  });

  it("one comune's sexes swapped: it disagrees with the other source, both files and values named", () => {
    const failures = checkSexRatios(
      [counts('posas.csv'), counts('bilancio.csv', 480, 520, (c) => c === '054007')],
      umbria,
      () => 'Deruta',
    );
    expect(failures).toEqual([
      'maschi/femmine, comune 054007 Deruta: bilancio.csv (2025-01-01) 1,083 (520/480) contro posas.csv (2025-01-01) 0,923 (480/520), oltre la tolleranza',
    ]);
  });
});

describe('air quality stations', () => {
  const station = (anno: number, media: number, inquinante: StationYear['inquinante'] = 'pm25'): StationYear => ({
    inquinante,
    codice_stazione: 'IT1128A',
    nome_stazione: 'Borgaro T. - Caduti',
    codice_istat: '001028',
    comune: 'Borgaro Torinese',
    tipo_zona: 'suburbana',
    tipo_stazione: 'fondo',
    lat: null,
    lon: null,
    anno,
    media,
  });
  const file = (p: string) => `${p}.csv`;

  it('passes genuine moves (PM2.5 ×2.2 at Genova between valid years)', () => {
    expect(checkAirStations([station(2016, 11), station(2018, 5), station(2021, 11)], file)).toEqual([]);
  });

  it('a PM2.5 mean ×4.5 within the physical bound is caught by its change against the previous year', () => {
    expect(checkAirStations([station(2021, 16), station(2022, 72)], file)).toEqual([
      'pm25.csv: stazione IT1128A Borgaro T. - Caduti (comune 001028 Borgaro Torinese), 2022: media annua PM25 72 µg/m³ contro 16 nel 2021 (×4,5), oltre il limite di variazione ×0,25–×4',
    ]);
  });

  it('an ozone mean ×10 is out of bounds', () => {
    expect(checkAirStations([station(2021, 50, 'o3'), station(2022, 500, 'o3')], file)).toEqual([
      'o3.csv: stazione IT1128A Borgaro T. - Caduti (comune 001028 Borgaro Torinese), 2022: media annua O3 500 µg/m³ fuori dai limiti 0–220 µg/m³',
    ]);
  });
});

describe('names and text fields', () => {
  it.each([
    'Agliè',
    'Bolzano/Bozen',
    "Sant'Angelo d'Alife",
    'Duino Aurisina-Devin Nabrežina',
    'San Giovanni di Fassa-Sèn Jan',
    'Castelnuovo di Val di Cecina',
    'Vallée d’Aoste',
    'Ζωγράφος',
  ])('%s is a name', (name) => expect(nameProblem(name)).toBeNull());

  it.each([
    ['Agliè<script>alert(1)</script>', 'markup'],
    ['Agliè\u0000', 'markup'],
    ['Agli\uFFFD', 'markup'],
    ['Agliè 2', 'caratteri che un nome di comune non ha'],
    ['Agliè;DROP', 'caratteri che un nome di comune non ha'],
  ])('%j is refused (%s)', (name, what) => expect(nameProblem(name)).toContain(what));

  it('a free text field may hold digits and punctuation, never markup', () => {
    expect(textProblem('Via Roma 1, 10011 (TO) - protocollo@pec.comune.aglie.to.it')).toBeNull();
    expect(textProblem('<img src=x onerror=alert(1)>')).toContain('markup');
  });

  it('reaches every string of a record and names where it is', () => {
    const seen: [string, string][] = [];
    const record = {
      contatti: { pec: 'a@pec.it', fax: null },
      aria: { stazioni: [{ nome: 'Via Roma' }, 7] },
      cap: ['10011'],
    };
    eachString(record, 'anagrafica', (text, path) => seen.push([path(), text]));
    expect(seen).toEqual([
      ['anagrafica.contatti.pec', 'a@pec.it'],
      ['anagrafica.aria.stazioni[0].nome', 'Via Roma'],
      ['anagrafica.cap[0]', '10011'],
    ]);
    const bare: string[] = [];
    eachString({ a: 'x' }, '', (_, path) => bare.push(path()));
    expect(bare).toEqual(['a']);
  });
});

describe("ISTAT's 2022 and 2024 tables by sex in the check", () => {
  // 30 comuni of one region, 48% men; `swapped` the 2024 table's columns exchanged.
  const point = (anno: number, swapped = false) => {
    const codes = Array.from({ length: 30 }, (_, i) => String(54001 + i).padStart(6, '0'));
    const [m, f] = swapped ? [520, 480] : [480, 520];
    return {
      anno,
      data_riferimento: `${anno}-01-01`,
      valori: new Map(codes.map((c) => [c, 1000])),
      nomi: new Map(),
      scartati: [],
      sesso: { maschi: new Map(codes.map((c) => [c, m])), femmine: new Map(codes.map((c) => [c, f])) },
    };
  };
  const loaded = (swapped: boolean) =>
    ({ pop22sesso: point(2022), pop2024: point(2024, swapped) }) as unknown as LoadedSources;

  it('a region swapped in the 2024 table fails naming that file; the 2022 table passes', () => {
    const failures = checkSexRatios(sexCounts(loaded(true)), () => ({ codice: '10', nome: 'Umbria' }));
    expect(failures).toEqual([
      `${SOURCES.pop2024.meta.files[0]!.path} (istat-popolazione-2024, 2024-01-01): regione 10 Umbria, 30 comuni: maschi/femmine 1,083 (15.600 maschi, 14.400 femmine), fuori dai limiti 0,900–1,000: colonne dei sessi scambiate?`,
    ]);
    expect(checkSexRatios(sexCounts(loaded(false)), () => ({ codice: '10', nome: 'Umbria' }))).toEqual([]);
  });
});

describe('code and name across two sources of the same date', () => {
  it('a bilingual name agrees with its slash form; a listed renaming is not a disagreement', () => {
    const registry = {
      file: 'gi_comuni.csv',
      nomi: new Map([
        ['021008', 'Bolzano/Bozen'],
        ['006113', 'Murisengo'],
      ]),
    };
    const classification = {
      file: 'classificazioni.xlsx',
      nomi: new Map([
        ['021008', 'Bolzano / Bozen'],
        ['006113', 'Murisengo Monferrato'],
      ]),
    };
    expect(checkCodeNamePairs(registry, classification, NAME_EXCEPTIONS)).toEqual([]);
    expect(checkCodeNamePairs(registry, classification)).toEqual([
      'codice 006113: «Murisengo» in gi_comuni.csv, «Murisengo Monferrato» in classificazioni.xlsx',
    ]);
  });

  it('names both files, the code and the two names; spelling of accents and apostrophes aside', () => {
    const table = {
      file: 'sardegna-2026.csv',
      nomi: new Map([
        ['112001', 'Sassari'],
        ['112002', "Sant'Anna Arresi"],
      ]),
    };
    const classification = {
      file: 'classificazioni-2026.xlsx',
      nomi: new Map([
        ['112001', 'Alghero'],
        ['112002', 'Sant’Anna Arresi'],
      ]),
    };
    expect(checkCodeNamePairs(table, classification)).toEqual([
      'codice 112001: «Sassari» in sardegna-2026.csv, «Alghero» in classificazioni-2026.xlsx',
    ]);
  });
});

describe('areas across two sources', () => {
  it('the largest genuine gap on the real files passes the bound, an area ÷10 does not', () => {
    const registry = { file: 'gi_comuni.csv', km2: new Map([['063069', 2.304]]) };
    expect(checkAreas(registry, { file: 'x.xlsx', km2: new Map([['063069', 2.948]]) }, AREA_AGREEMENT)).toEqual([]);
    expect(checkAreas(registry, { file: 'x.xlsx', km2: new Map([['063069', 23.04]]) }, AREA_AGREEMENT)).toHaveLength(1);
  });

  const registry = {
    file: 'gi_comuni.csv',
    km2: new Map([
      ['001001', 13.2851],
      ['087009', null],
      ['058091', 1287.36],
    ]),
  };
  it('agree within the tolerance, a missing value aside', () => {
    const istat = {
      file: 'classificazioni.xlsx',
      km2: new Map([
        ['001001', 13.29],
        ['087009', 250.86],
        ['058091', 1287.36],
      ]),
    };
    expect(checkAreas(registry, istat, { relative: 0.01 })).toEqual([]);
  });
  it('an area ×10 names both files, the code and the two values', () => {
    const istat = { file: 'classificazioni.xlsx', km2: new Map([['001001', 132.851]]) };
    expect(checkAreas(registry, istat, { relative: 0.01 })).toEqual([
      'superficie del comune 001001: 13,2851 km² in gi_comuni.csv, 132,851 km² in classificazioni.xlsx (90% di scarto, oltre il 1%)',
    ]);
  });
});
