import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Type } from '@sinclair/typebox';
import { describe, expect, it } from 'vitest';
import { Nullable } from '../../api/schemas/common.ts';
import { SCHEMAS } from '../../api/schemas/index.ts';
import { nullsWithoutReason } from '../../generator/check/null-reasons.ts';
import { PROJECT_ROOT } from '../../generator/config.ts';
import { CoverageTally } from '../../generator/report/coverage.ts';

// Real records of the golden build (the build itself runs this check on every record it writes).
const golden = (path: string) =>
  JSON.parse(readFileSync(join(PROJECT_ROOT, 'test', 'golden', 'mini-mirror', 'api', path), 'utf8'));

describe('every served null has a reason, read from the schema', () => {
  it('passes the golden records as built', () => {
    expect(nullsWithoutReason(SCHEMAS.Comune, golden('comuni/058091.json'))).toEqual([]);
    expect(nullsWithoutReason(SCHEMAS.Redditi, golden('redditi/002002.json'))).toEqual([]);
    expect(nullsWithoutReason(SCHEMAS.Ambiente, golden('ambiente/058091.json'))).toEqual([]);
  });

  it('fails on a planted null without reason, and passes once valori_mancanti explains it', () => {
    const record = golden('comuni/058091.json');
    record.superficie_km2 = null;
    expect(nullsWithoutReason(SCHEMAS.Comune, record)).toEqual(['superficie_km2']);
    record.valori_mancanti.superficie_km2 = 'Assente nella fonte.';
    expect(nullsWithoutReason(SCHEMAS.Comune, record)).toEqual([]);
  });

  it('is found by the coverage count too, which the build runs on each record instead (one walk for both)', () => {
    const demografia = golden('demografia/058091.json');
    const entry = demografia.serie_storica.findIndex((y: { maschi: unknown }) => y.maschi !== null);
    demografia.serie_storica[entry].maschi = null;
    const tally = new CoverageTally([{ dominio: 'demografia', schema: SCHEMAS.Demografia }]);
    expect(tally.add('demografia', '058091', demografia)).toEqual([`serie_storica[${entry}].maschi`]);
    expect(tally.add('demografia', '058091', golden('demografia/058091.json'))).toEqual([]);
  });

  it('names the year of a series whose null has no reason, and accepts an enclosing motivo_mancante', () => {
    const demografia = golden('demografia/058091.json');
    const entry = demografia.serie_storica.findIndex((y: { maschi: unknown }) => y.maschi !== null);
    demografia.serie_storica[entry].maschi = null;
    expect(nullsWithoutReason(SCHEMAS.Demografia, demografia)).toEqual([`serie_storica[${entry}].maschi`]);
    const ambiente = golden('ambiente/058091.json');
    ambiente.aria.pm10.valore_ug_m3 = null;
    ambiente.aria.pm10.motivo_mancante = null;
    expect(nullsWithoutReason(SCHEMAS.Ambiente, ambiente)).toEqual(['aria.pm10.valore_ug_m3']);
    ambiente.aria.pm10.motivo_mancante = 'Nessuna stazione.';
    expect(nullsWithoutReason(SCHEMAS.Ambiente, ambiente)).toEqual([]);
  });

  it('needs no reason where the schema says null is the answer (a comune without a second name)', () => {
    const record = golden('comuni/058091.json');
    expect(record.nome_altra_lingua).toBeNull();
    expect(nullsWithoutReason(SCHEMAS.Comune, record)).toEqual([]);
  });

  it('checks a field as soon as a schema declares it nullable, with no list to update', () => {
    const schema = Type.Composite([SCHEMAS.Comune, Type.Object({ altitudine_m: Nullable(Type.Number()) })]);
    const record = { ...golden('comuni/058091.json'), altitudine_m: null };
    expect(nullsWithoutReason(schema, record)).toEqual(['altitudine_m']);
  });
});
