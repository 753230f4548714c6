import { describe, expect, it } from 'vitest';
import { routeById, type RouteSpec } from '../../api/routes.ts';
import { csvFileName, csvTwinPath, requestedFormat, toCsv } from '../../api/csv.ts';
import { ProblemError } from '../../api/problem.ts';

const LIST = routeById('comuni.list');
const RECORD = routeById('comuni.get');
const format = (route: RouteSpec = LIST, query = '', accept: string | null = null) =>
  requestedFormat(route, new URL(`http://x${route.path}${query}`), accept, route.path + query);
const problemOf = (fn: () => unknown) => {
  try {
    fn();
  } catch (error) {
    if (error instanceof ProblemError) return error.problem;
    throw error;
  }
  throw new Error('no problem raised');
};

describe('toCsv', () => {
  it('writes the rows of the named array, nested fields joined with _, in the JSON order', () => {
    const body = {
      totale: 2,
      risultati: [
        { codice_istat: '058091', nome: 'Roma', provincia: { sigla: 'RM', nome: 'Roma' }, popolazione: 2_755_309 },
        { codice_istat: '001272', nome: 'Torino', provincia: { sigla: 'TO', nome: 'Torino' }, popolazione: null },
      ],
    };
    expect(toCsv(body, 'risultati')).toBe(
      'codice_istat,nome,provincia_sigla,provincia_nome,popolazione\r\n' +
        '058091,Roma,RM,Roma,2755309\r\n' +
        '001272,Torino,TO,Torino,\r\n',
    );
  });

  it('quotes commas, quotes and line breaks, keeps accents, writes arrays as JSON text', () => {
    const csv = toCsv({ comuni: [{ nome: 'Forlì, "centro"', cap: ['47121', '47122'], nota: 'a\nb' }] }, 'comuni');
    expect(csv).toBe('nome,cap,nota\r\n"Forlì, ""centro""","[""47121"",""47122""]","a\nb"\r\n');
  });

  it('gives an object that is null on some rows its columns, empty there', () => {
    const csv = toCsv(
      {
        comuni: [
          { c: '1', demografia: null },
          { c: '2', demografia: { anno: 2025, totale: 10 } },
        ],
      },
      'comuni',
    );
    expect(csv).toBe('c,demografia_anno,demografia_totale\r\n1,,\r\n2,2025,10\r\n');
  });

  it('writes only the header of an empty page', () => {
    expect(toCsv({ risultati: [] }, 'risultati')).toBe('\r\n');
  });
});

describe('requestedFormat', () => {
  it('is JSON by default and for browsers, CSV by formato=csv (any case) or Accept: text/csv', () => {
    expect(format()).toBe('json');
    expect(format(LIST, '', 'text/html,application/xhtml+xml,*/*;q=0.8')).toBe('json');
    expect(format(LIST, '?formato=csv')).toBe('csv');
    expect(format(LIST, '?formato=CSV')).toBe('csv');
    expect(format(LIST, '', 'text/csv')).toBe('csv');
    expect(format(LIST, '', 'application/json;q=0.5, text/csv')).toBe('csv');
    expect(format(LIST, '', 'application/json, text/csv;q=0.5')).toBe('json');
    // The explicit parameter wins over the header.
    expect(format(LIST, '?formato=json', 'text/csv')).toBe('json');
  });

  it('answers JSON to Accept: text/csv on a record, and a 400 to formato=csv there', () => {
    expect(format(RECORD, '', 'text/csv')).toBe('json');
    const problem = problemOf(() => format(RECORD, '?formato=csv'));
    expect(problem.status).toBe(400);
    expect(problem.invalid_params?.map((p) => p.name)).toEqual(['formato']);
  });

  it('refuses an unknown or repeated formato with a 400 naming it', () => {
    for (const query of ['?formato=xml', '?formato=', '?formato=csv&formato=json']) {
      const problem = problemOf(() => format(LIST, query));
      expect(problem.status, query).toBe(400);
      expect(problem.invalid_params?.map((p) => p.name)).toEqual(['formato']);
    }
  });
});

describe('CSV paths and names', () => {
  it('puts the twin of a list file under /csv, and names a download after the request', () => {
    expect(csvTwinPath('/api/comuni/provincia/RM.json')).toBe('/csv/comuni/provincia/RM.csv');
    expect(csvFileName(new URL('http://x/api/comuni?provincia=RM&limit=1000&formato=csv'))).toBe(
      'comuni-provincia-RM-limit-1000.csv',
    );
    expect(csvFileName(new URL('http://x/api/qualita-vita/classifica?regione=Valle%20d%27Aosta'))).toBe(
      'qualita-vita-classifica-regione-Valle-d-Aosta.csv',
    );
  });
});
