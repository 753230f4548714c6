import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Type } from '@sinclair/typebox';
import { describe, expect, it } from 'vitest';
import { Nullable } from '../../api/schemas/common.ts';
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
});
