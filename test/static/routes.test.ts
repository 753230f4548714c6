import { describe, expect, it } from 'vitest';
import { canonicalUrl, paginate } from '../../api/envelope.ts';
import { rankedPositions } from '../../api/lists.ts';
import { params, route } from '../../api/contract.ts';
import { matchRoute, routeById, ROUTE_LIST } from '../../api/routes.ts';
import { staticFilePath } from '../../api/static-files.ts';

describe('route table → files', () => {
  it('maps every file-backed and list route to a readable file path', () => {
    const cases: [string, Record<string, string | number | undefined>, string][] = [
      ['comuni.get', { codice_istat: '058091' }, '/api/comuni/058091.json'],
      ['comuni.list', { regione: 'lazio', offset: 100, limit: 100 }, '/api/comuni/regione/lazio/offset/100.json'],
      ['comuni.list', { provincia: 'RM', offset: 0, limit: 100 }, '/api/comuni/provincia/RM.json'],
      ['comuni.list', { limit: 100, offset: 0 }, '/api/comuni.json'],
      ['comuni.cessati.list', { limit: 100, offset: 100 }, '/api/comuni/cessati/offset/100.json'],
      ['comuni.cessati.get', { codice_catastale: 'H329' }, '/api/comuni/cessati/H329.json'],
      ['demografia.get', { codice_istat: '001001' }, '/api/demografia/001001.json'],
      [
        'demografia.ranking',
        { indicatore: 'densita', ordine: 'desc', limit: 50, offset: 0 },
        '/api/demografia/classifica/densita.json',
      ],
      [
        'demografia.ranking',
        { indicatore: 'densita', ordine: 'asc', limit: 50, offset: 50 },
        '/api/demografia/classifica/densita/ordine/asc/offset/50.json',
      ],
      ['redditi.get', { codice_istat: '015146' }, '/api/redditi/015146.json'],
      [
        'redditi.ranking',
        { indicatore: 'reddito', ordine: 'desc', limit: 50, offset: 0 },
        '/api/redditi/classifica/reddito.json',
      ],
      ['ambiente.get', { codice_istat: '015146' }, '/api/ambiente/015146.json'],
      [
        'ambiente.air.ranking',
        { indicatore: 'pm10', order: 'asc', limit: 50, offset: 0 },
        '/api/ambiente/aria/classifica.json',
      ],
      [
        'ambiente.air.ranking',
        { indicatore: 'no2', order: 'desc', limit: 50, offset: 0 },
        '/api/ambiente/aria/classifica/indicatore/no2/order/desc.json',
      ],
      ['ambiente.soil.ranking', { order: 'desc', limit: 50, offset: 0 }, '/api/ambiente/suolo/classifica.json'],
      [
        'qualita.ranking',
        { limit: 50, offset: 0, regione: 'lazio' },
        '/api/qualita-vita/classifica/regione/lazio.json',
      ],
      ['qualita.get', { codice_istat: '058091' }, '/api/qualita-vita/058091.json'],
      ['comuni.confini', { codice_istat: '058091' }, '/api/comuni/058091/confini.json'],
      ['confronta.national', { anno: 2020 }, '/api/confronta/nazionale-medie/anno/2020.json'],
      ['confronta.national', {}, '/api/confronta/nazionale-medie.json'],
      ['regioni.list', {}, '/api/regioni.json'],
      ['province.list', {}, '/api/province.json'],
      ['fonti.list', {}, '/api/fonti.json'],
      ['fonti.get', { fonte: 'ispra-aria' }, '/api/fonti/ispra-aria.json'],
      ['metodologia', {}, '/api/metodologia.json'],
      ['copertura', {}, '/api/copertura.json'],
      ['status', {}, '/api/status.json'],
      ['openapi', {}, '/api/openapi.json'],
    ];
    for (const [id, values, file] of cases) expect(staticFilePath(routeById(id as never), values), id).toBe(file);
    const covered = new Set(cases.map(([id]) => id));
    const withFiles = ROUTE_LIST.filter((r) => r.files !== undefined).map((r) => r.id);
    expect(withFiles.filter((id) => !covered.has(id))).toEqual([]);
  });

  it('declares the files of every route the build writes, and none for a dynamic one (a missing declaration does not compile)', () => {
    for (const r of ROUTE_LIST) expect(r.files === undefined, r.id).toBe(r.mode === 'dynamic');
    const base = { id: 'x', path: '/api/x', tag: 'x', summary: '', description: '', schema: 'Status' as const };
    const request = { params: params({}), query: params({}) };
    // @ts-expect-error a file route without `files`
    route({ ...base, mode: 'file', request });
    // @ts-expect-error a dynamic route cannot declare files
    route({ ...base, mode: 'dynamic', request, files: () => [] });
    expect(route({ ...base, mode: 'file', request, files: () => [{ values: {} }] }).id).toBe('x');
  });

  it('matches literal paths before parameters, with or without a trailing slash', () => {
    expect(matchRoute('/api/comuni/cerca')?.route.id).toBe('comuni.search');
    expect(matchRoute('/api/comuni/cessati')?.route.id).toBe('comuni.cessati.list');
    expect(matchRoute('/api/comuni/cessati/H329')?.route.id).toBe('comuni.cessati.get');
    expect(matchRoute('/api/comuni/058091/')?.route.id).toBe('comuni.get');
    expect(matchRoute('/api/qualita-vita/classifica')?.route.id).toBe('qualita.ranking');
    expect(matchRoute('/api/qualita-vita/wizard')?.route.id).toBe('qualita.wizard');
    expect(matchRoute('/api/qualita-vita/058091')?.pathParams).toEqual({ codice_istat: '058091' });
    expect(matchRoute('/api/confronta/nazionale-medie')?.route.id).toBe('confronta.national');
    expect(matchRoute('/api/unknown')).toBeNull();
    // The file form of a URL answers like the URL itself.
    expect(matchRoute('/api/comuni/999999.json')?.pathParams).toEqual({ codice_istat: '999999' });
    expect(matchRoute('/api/openapi.json')?.route.id).toBe('openapi');
    expect(matchRoute('/api/nope.json')).toBeNull();
  });
});

describe('rankings and pagination', () => {
  it('orders by value and breaks ties by codice_istat ascending in both orders; nulls left out', () => {
    // Positions are index order = codice_istat order.
    const values = [5, null, 7, 5, 9, 7];
    expect(rankedPositions(values, 'desc')).toEqual([4, 2, 5, 0, 3]);
    expect(rankedPositions(values, 'asc')).toEqual([0, 3, 2, 5, 4]);
  });

  it('builds the envelope: totals, slice and relative links that keep only non-default parameters', () => {
    const route = routeById('comuni.list');
    const items = Array.from({ length: 250 }, (_, i) => i);
    const page = paginate(route, { regione: 'lazio', limit: 100, offset: 100 }, items);
    expect(page).toMatchObject({ totale: 250, limit: 100, offset: 100 });
    expect(page.risultati).toEqual(items.slice(100, 200));
    expect(page.links).toEqual({
      self: '/api/comuni?regione=lazio&offset=100',
      first: '/api/comuni?regione=lazio',
      prev: '/api/comuni?regione=lazio',
      next: '/api/comuni?regione=lazio&offset=200',
      last: '/api/comuni?regione=lazio&offset=200',
    });
    const last = paginate(route, { limit: 100, offset: 200 }, items);
    expect(last.risultati).toHaveLength(50);
    expect(last.links.next).toBeNull();
    const beyond = paginate(route, { limit: 100, offset: 900 }, items);
    expect(beyond.risultati).toEqual([]);
    expect(beyond.links.prev).toBe('/api/comuni?offset=200');
    expect(canonicalUrl(routeById('comuni.get'), { codice_istat: '058091' })).toBe('/api/comuni/058091');
  });
});
