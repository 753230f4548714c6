import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Type } from '@sinclair/typebox';
import { describe, expect, it } from 'vitest';
import { Nullable, NullableFrom } from '../../api/schemas/common.ts';
import { SCHEMAS } from '../../api/schemas/index.ts';
import { nullablePaths } from '../../api/schemas/nullable-paths.ts';
import { PROJECT_ROOT } from '../../generator/config.ts';
import { CoverageTally } from '../../generator/report/coverage.ts';

const golden = (path: string) =>
  JSON.parse(readFileSync(join(PROJECT_ROOT, 'test', 'golden', 'mini-mirror', 'api', path), 'utf8'));

describe('the coverage report is derived from the record schemas', () => {
  it("lists exactly the record schema's nullable fields (less metadata and the `dati` copy of a series year)", () => {
    const tally = new CoverageTally([{ dominio: 'anagrafica', schema: SCHEMAS.Comune }]);
    tally.add('anagrafica', '058091', golden('comuni/058091.json'));
    const fields = tally.report().campi.map((f) => f.campo);
    expect(fields).toEqual(nullablePaths(SCHEMAS.Comune).map((p) => p.path));
    expect(fields).toContain('superficie_km2');
    expect(fields.some((f) => f.startsWith('fonti.'))).toBe(false);
    const yearly = new CoverageTally([{ dominio: 'demografia', schema: SCHEMAS.Demografia }]).report().campi;
    expect(yearly.some((f) => f.campo.startsWith('dati.'))).toBe(false);
    expect(yearly.map((f) => f.campo)).toContain('serie_storica[].popolazione_totale');
  });

  it('reports a nullable field added to a schema, counting the comuni that have a value', () => {
    const schema = Type.Composite([SCHEMAS.Comune, Type.Object({ altitudine_m: Nullable(Type.Number(), 'Metri.') })]);
    const tally = new CoverageTally([{ dominio: 'anagrafica', schema }]);
    tally.add('anagrafica', '058091', { ...golden('comuni/058091.json'), altitudine_m: 21 });
    tally.add('anagrafica', '002002', { ...golden('comuni/002002.json'), altitudine_m: null });
    const row = tally.report().campi.find((f) => f.campo === 'altitudine_m');
    expect(row).toEqual({
      campo: 'altitudine_m',
      dominio: 'anagrafica',
      anno: null,
      fonte: null,
      comuni_con_valore: 1,
      percentuale: 50,
      nota: 'Metri.',
    });
  });

  it('gives a field of a yearly series one row per year, with the source its entries name', () => {
    const tally = new CoverageTally([{ dominio: 'redditi', schema: SCHEMAS.Redditi }]);
    const record = golden('redditi/002002.json');
    tally.add('redditi', '002002', record);
    const rows = tally.report().campi.filter((f) => f.campo === 'serie_storica[].contribuenti');
    expect(rows.map((r) => r.anno)).toEqual(record.serie_storica.map((y: { anno: number }) => y.anno));
    const newest = record.serie_storica.at(-1);
    expect(rows.at(-1)).toMatchObject({
      fonte: newest.fonte.fonte,
      comuni_con_valore: newest.contribuenti === null ? 0 : 1,
    });
  });

  it("names a field's source where its schema points into `fonti`, and an object's where the object carries its own", () => {
    const fonte = (id: string) => ({ fonte: id, editore: 'x', dataset: 'x', licenza: 'x', anno_riferimento: 2024 });
    const schema = Type.Object({
      maschi: NullableFrom(Type.Integer(), 'sesso', 'Maschi'),
      superficie_km2: Nullable(Type.Number()),
      scuole: Nullable(Type.Object({ numero: Type.Integer(), fonte: Type.Unknown() })),
      fonti: Type.Object({ sesso: Type.Unknown(), superficie: Type.Unknown() }),
    });
    const tally = new CoverageTally([{ dominio: 'prova', schema }]);
    tally.add('prova', '058091', {
      maschi: 10,
      superficie_km2: 1.5,
      scuole: { numero: 3, fonte: fonte('mim-scuole-statali') },
      fonti: { sesso: fonte('istat-popolazione-2024'), superficie: fonte('istat-superfici') },
    });
    const sources = Object.fromEntries(tally.report().campi.map((f) => [f.campo, f.fonte]));
    expect(sources).toEqual({
      maschi: 'istat-popolazione-2024',
      superficie_km2: 'istat-superfici',
      scuole: 'mim-scuole-statali',
    });
    expect(tally.report().campi[0]!.nota).toBe('Maschi; fonte in `fonti.sesso`.');
  });
});
