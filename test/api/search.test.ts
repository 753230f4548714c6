import { describe, expect, it } from 'vitest';
import {
  buildSearchIndex,
  compactKey,
  normalizeName,
  search,
  type SearchEntry,
  type SearchIndex,
} from '../../api/search.ts';
import { expandAbbreviations, MAX_VARIANTS } from '../../api/search/abbreviations.ts';

// Hand-made list: real names and codes, plausible populations.
const e = (
  codice_istat: string,
  nome: string,
  popolazione: number | null,
  nome_altra_lingua: string | null = null,
): SearchEntry => ({
  codice_istat,
  nome,
  nome_altra_lingua,
  popolazione,
});
const ENTRIES: SearchEntry[] = [
  e('058091', 'Roma', 2_802_877),
  e('016183', 'Romano di Lombardia', 21_103),
  e('090061', 'Romana', 471),
  e('040012', 'Forlì', 117_813),
  e('040013', 'Forlimpopoli', 13_200),
  e('094020', 'Forlì del Sannio', 624),
  e('015146', 'Milano', 1_406_980),
  e('083049', 'Milazzo', 30_127),
  e('027024', 'Mirano', 27_096),
  e('083084', "Sant'Agata di Militello", 12_189),
  e('062070', "Sant'Agata de' Goti", 10_299),
  e('099026', "Sant'Agata Feltria", 1_977),
  e('050033', "Santa Croce sull'Arno", 14_700),
  e('021008', 'Bolzano', 107_146, 'Bozen'),
  e('003022', 'Bolzano Novarese', 1_127),
  e('024013', 'Bolzano Vicentino', 6_529),
  e('080063', 'Reggio di Calabria', 171_831),
  e('035033', "Reggio nell'Emilia", 172_698),
  e('035032', 'Reggiolo', 9_313),
  e('064014', 'Calabritto', 2_300),
  e('007003', 'Aosta', 33_215, 'Aoste'),
  e('071046', 'San Giovanni Rotondo', 26_601),
  e('078115', 'San Giovanni in Fiore', 16_400),
  e('066049', "L'Aquila", 71_358),
  e('008003', "Aquila d'Arroscia", 146),
  e('007052', 'Pont-Saint-Martin', 3_532),
  e('021118', 'Senale-San Felice', 760, 'Unsere Liebe Frau im Walde-St. Felix'),
  e('022049', 'Castelnuovo', 1_085),
  e('023022', 'Castelnuovo del Garda', 13_288),
  e('021013', 'Brunico', 17_187, 'Bruneck'),
  e('021004', 'Appiano sulla strada del vino', 14_998, 'Eppan an der Weinstraße'),
];
const INDEX = buildSearchIndex(ENTRIES);
const NAME = new Map(ENTRIES.map((x) => [x.codice_istat, x.nome]));

/** Names of the results, in order. */
const names = (query: string, limit?: number, index: SearchIndex = INDEX) =>
  search(index, query, limit).map((r) => NAME.get(r.codice_istat) ?? r.codice_istat);
const first = (query: string) => names(query)[0];
const matchOf = (query: string, nome: string) => {
  const r = search(INDEX, query, 50).find((x) => NAME.get(x.codice_istat) === nome);
  return r ? [r.corrispondenza, r.punteggio] : null;
};

describe('normalizeName', () => {
  it('folds case, accents, apostrophes, hyphens, dots and runs of spaces', () => {
    expect(normalizeName('Forlì')).toBe('forli');
    expect(normalizeName("Sant'Agata de' Goti")).toBe('sant agata de goti');
    expect(normalizeName('SANT’AGATA   DE’ GOTI ')).toBe('sant agata de goti');
    expect(normalizeName('Pont-Saint-Martin')).toBe('pont saint martin');
    expect(normalizeName('Unsere Liebe Frau im Walde-St. Felix')).toBe('unsere liebe frau im walde st felix');
    expect(normalizeName('Doberdò del Lago')).toBe('doberdo del lago');
    expect(normalizeName('Števerjan')).toBe('steverjan');
    expect(normalizeName('Sovodnje ob Soči')).toBe('sovodnje ob soci');
  });

  it('spells ß as ss and drops invisible characters instead of splitting the word', () => {
    expect(normalizeName('Eppan an der Weinstraße')).toBe('eppan an der weinstrasse');
    expect(normalizeName('Mila\u00ADno')).toBe('milano');
    expect(normalizeName('Mi\u200Blano')).toBe('milano');
  });

  it("gives the same compact key for santagata, sant agata and sant'agata", () => {
    expect(compactKey('santagata')).toBe('santagata');
    expect(compactKey('sant agata')).toBe('santagata');
    expect(compactKey("Sant'Agata")).toBe('santagata');
  });
});

describe('search: case, accents, apostrophes', () => {
  it('finds Forlì from forli / FORLI / Forlì, exact first', () => {
    for (const q of ['forli', 'FORLI', 'Forlì', ' forlì ']) {
      expect(names(q)).toEqual(['Forlì', 'Forlimpopoli', 'Forlì del Sannio']);
    }
    expect(search(INDEX, 'forli')[0]).toEqual({ codice_istat: '040012', punteggio: 1, corrispondenza: 'esatta' });
  });

  it("treats santagata, sant agata and sant'agata alike, larger comune first", () => {
    const expected = ["Sant'Agata di Militello", "Sant'Agata de' Goti", "Sant'Agata Feltria"];
    for (const q of ['santagata', 'sant agata', "sant'agata", 'SANT’AGATA', 'sant-agata', 'sant   agata']) {
      expect(names(q)).toEqual(expected);
    }
    expect(first("sant'agata de' goti")).toBe("Sant'Agata de' Goti");
    expect(first('santagata de goti')).toBe("Sant'Agata de' Goti");
  });

  it('folds hyphens and repeated spaces in names and queries', () => {
    for (const q of ['pont saint martin', 'Pont-Saint-Martin', 'pont  saint   martin', 'pontsaintmartin']) {
      expect(search(INDEX, q)[0]).toMatchObject({ codice_istat: '007052', corrispondenza: 'esatta' });
    }
    expect(first('senale san felice')).toBe('Senale-San Felice');
  });

  it('reaches "Santa Agata" (a wrong split) through typo tolerance', () => {
    const r = search(INDEX, 'santa agata');
    expect(r.slice(0, 3).map((x) => NAME.get(x.codice_istat))).toEqual([
      "Sant'Agata di Militello",
      "Sant'Agata de' Goti",
      "Sant'Agata Feltria",
    ]);
    expect(r[0]!.corrispondenza).toBe('approssimata');
  });

  it('ignores a soft hyphen pasted inside the query', () => {
    expect(search(INDEX, 'Mila\u00ADno')[0]).toMatchObject({ codice_istat: '015146', corrispondenza: 'esatta' });
  });
});

describe('search: names in the other language', () => {
  it('finds Bolzano from Bozen and returns the comune', () => {
    expect(search(INDEX, 'Bozen')[0]).toEqual({ codice_istat: '021008', punteggio: 1, corrispondenza: 'esatta' });
    expect(search(INDEX, 'boze')[0]).toMatchObject({ codice_istat: '021008', corrispondenza: 'prefisso' });
    expect(first('Aoste')).toBe('Aosta');
    expect(first('Bruneck')).toBe('Brunico');
  });

  it('lists a comune once even when both its names match', () => {
    const b = buildSearchIndex([e('021999', 'Brennero', 2_200, 'Brenner')]);
    expect(search(b, 'brenne')).toEqual([{ codice_istat: '021999', punteggio: 0.8, corrispondenza: 'prefisso' }]);
  });

  it('matches later words of the other-language name, with ß as ss', () => {
    expect(matchOf('weinstrasse', 'Appiano sulla strada del vino')).toEqual(['parola', 0.6]);
    expect(matchOf('weinstraße', 'Appiano sulla strada del vino')).toEqual(['parola', 0.6]);
    expect(first('st felix')).toBe('Senale-San Felice');
  });
});

describe('search: ranking tiers', () => {
  it('puts the exact name first, then prefixes of the whole name by population', () => {
    expect(names('roma')).toEqual(['Roma', 'Romano di Lombardia', 'Romana']);
    expect(search(INDEX, 'roma').map((r) => r.corrispondenza)).toEqual(['esatta', 'prefisso', 'prefisso']);
    // A small exact match beats a larger prefix match.
    expect(names('castelnuovo')).toEqual(['Castelnuovo', 'Castelnuovo del Garda']);
    expect(names('romana')[0]).toBe('Romana');
  });

  it('ranks the start of a later word after prefixes, whatever the population', () => {
    expect(names('calabri')).toEqual(['Calabritto', 'Reggio di Calabria']);
    expect(search(INDEX, 'calabri').map((r) => r.corrispondenza)).toEqual(['prefisso', 'parola']);
    expect(first('calabria')).toBe('Reggio di Calabria');
    expect(matchOf('calabria', 'Reggio di Calabria')).toEqual(['parola', 0.6]);
    // Only at a word start: "labria" is inside a word.
    expect(names('labria')).toEqual([]);
  });

  it('matches a query of several words word by word, in order', () => {
    expect(search(INDEX, 'reggio emilia')[0]).toMatchObject({ codice_istat: '035033', corrispondenza: 'parola' });
    expect(first('reggio calabria')).toBe('Reggio di Calabria');
    expect(first('s giovanni rotondo')).toBe('San Giovanni Rotondo');
    expect(first('sant agata militello')).toBe("Sant'Agata di Militello");
    expect(names('emilia reggio')).toEqual([]);
  });

  it('treats a leading elided article as optional', () => {
    expect(names('aquila')).toEqual(["L'Aquila", "Aquila d'Arroscia"]);
    expect(search(INDEX, 'aquila')[0]!.corrispondenza).toBe('esatta');
    expect(first("l'aquila")).toBe("L'Aquila");
    expect(first('laquila')).toBe("L'Aquila");
  });

  it('orders by population within a tier: mila → Milano before Milazzo', () => {
    expect(names('mila')).toEqual(['Milano', 'Milazzo', 'Mirano']);
    expect(search(INDEX, 'mila').map((r) => r.corrispondenza)).toEqual(['prefisso', 'prefisso', 'approssimata']);
    expect(names('mi')).toEqual(['Milano', 'Milazzo', 'Mirano', "Sant'Agata di Militello"]);
    expect(names('reggio').slice(0, 2).sort()).toEqual(['Reggio di Calabria', "Reggio nell'Emilia"]);
    expect(names('reggio')).toEqual(["Reggio nell'Emilia", 'Reggio di Calabria', 'Reggiolo']);
  });

  it('breaks population ties by name, then codice_istat; unknown population last', () => {
    const tie = buildSearchIndex([
      e('000004', 'Monte Zeta', 500),
      e('000003', 'Monte Alfa', 500),
      e('000002', 'Monte Beta', 500),
      e('000001', 'Monte Beta', 500),
      e('000005', 'Monte Grande', null),
      e('000006', 'Monte Piccolo', 10),
    ]);
    expect(search(tie, 'monte').map((r) => r.codice_istat)).toEqual([
      '000003',
      '000001',
      '000002',
      '000004',
      '000006',
      '000005',
    ]);
  });
});

describe('search: typo tolerance', () => {
  it('finds Milano from milnao and Bolzano from bolzzano', () => {
    expect(search(INDEX, 'milnao')[0]).toEqual({
      codice_istat: '015146',
      punteggio: 0.4,
      corrispondenza: 'approssimata',
    });
    expect(first('bolzzano')).toBe('Bolzano');
    expect(first('forlimpopolli')).toBe('Forlimpopoli');
    expect(first('Bozne')).toBe('Bolzano');
  });

  it('matches a typo against a prefix of the name', () => {
    expect(first('forlinpo')).toBe('Forlimpopoli');
    expect(matchOf('forlinpo', 'Forlimpopoli')).toEqual(['approssimata', 0.4]);
  });

  it('allows 1 edit for 4–7 characters, 2 for 8 or more, none below 4', () => {
    expect(names('mlia')).toEqual(['Milano', 'Milazzo']); // 4 chars, transposition
    expect(names('mlo')).toEqual([]); // 3 chars: no fuzzy
    expect(names('mxlxno')).toEqual([]); // 6 chars, 2 edits
    expect(names('milaxxo')).toEqual([]); // 7 chars, 2 edits
    expect(first('bolzzanno')).toBe('Bolzano'); // 9 chars, 2 edits
    expect(matchOf('bolzzanno', 'Bolzano')).toEqual(['approssimata', 0.2]);
    expect(names('bolzzzanno')).not.toContain('Bolzano'); // 3 edits
  });

  it('ranks distance 1 before distance 2, whatever the population', () => {
    const idx = buildSearchIndex([e('000001', 'Abcdefgh', 10), e('000002', 'Abcdexgh', 1_000_000)]);
    // "abcdefgx" is 1 edit from Abcdefgh and 2 from Abcdexgh.
    expect(search(idx, 'abcdefgx')).toEqual([
      { codice_istat: '000001', punteggio: 0.4, corrispondenza: 'approssimata' },
      { codice_istat: '000002', punteggio: 0.2, corrispondenza: 'approssimata' },
    ]);
  });

  it('agrees with a brute-force Damerau–Levenshtein over many random names and queries', () => {
    const rnd = prng(42);
    const alphabet = 'abcdeilmnorst';
    // Names from a few syllables, so that many share long prefixes (the scan shares work across them).
    const syllables = ['sa', 'san', 'ta', 'mon', 'te', 'ri', 'o', 'la', 'ca', 'stel', 'no', 'ro', 'ma', 'di'];
    const word = () =>
      Array.from({ length: 1 + Math.floor(rnd() * 4) }, () => syllables[Math.floor(rnd() * syllables.length)]).join('');
    const list: SearchEntry[] = Array.from({ length: 300 }, (_, i) =>
      e(
        String(100000 + i),
        [word(), rnd() < 0.5 ? word() : '', rnd() < 0.3 ? word() : ''].join(' '),
        Math.floor(rnd() * 1000),
      ),
    );
    const idx = buildSearchIndex(list);
    const keys = list.map((x) => compactKey(x.nome));
    for (let t = 0; t < 200; t++) {
      const base = keys[Math.floor(rnd() * keys.length)]!;
      const q = mutate(base.slice(0, 3 + Math.floor(rnd() * 10)), rnd, alphabet);
      const qc = compactKey(q);
      const results = search(idx, q, 10_000);
      const maxDist = qc.length >= 8 ? 2 : qc.length >= 4 ? 1 : 0;
      const earlier = new Set(results.filter((r) => r.corrispondenza !== 'approssimata').map((r) => r.codice_istat));
      const expected = new Map<string, number>();
      if (qc.length >= 2 && maxDist > 0) {
        list.forEach((x, i) => {
          const d = prefixDistance(qc, keys[i]!);
          if (d <= maxDist && !earlier.has(x.codice_istat)) expected.set(x.codice_istat, d);
        });
      }
      const fuzzy = new Map(
        results.filter((r) => r.corrispondenza === 'approssimata').map((r) => [r.codice_istat, r.punteggio]),
      );
      expect([...fuzzy.keys()].sort(), q).toEqual([...expected.keys()].sort());
      for (const [code, d] of expected) expect(fuzzy.get(code), `${q} ${code}`).toBe(d === 1 ? 0.4 : 0.2);
    }
  });
});

describe('search: results and limits', () => {
  it('returns codes with score and match kind only (the caller renders the official name)', () => {
    for (const r of search(INDEX, 'reggio'))
      expect(Object.keys(r).sort()).toEqual(['codice_istat', 'corrispondenza', 'punteggio']);
  });

  it('returns at most `limit` results, with non-increasing scores', () => {
    expect(search(INDEX, 'sant', 2)).toHaveLength(2);
    expect(search(INDEX, 'roma', 1)).toEqual([{ codice_istat: '058091', punteggio: 1, corrispondenza: 'esatta' }]);
    const all = search(INDEX, 'mila', 100);
    expect(all.map((r) => r.punteggio)).toEqual([0.8, 0.8, 0.4]);
    for (let i = 1; i < all.length; i++) expect(all[i]!.punteggio).toBeLessThanOrEqual(all[i - 1]!.punteggio);
    expect(search(INDEX, 'roma', 0)).toEqual([]);
  });

  it('does not fall back to fuzzy matches when the earlier tiers fill the limit', () => {
    expect(search(INDEX, 'mila', 2).map((r) => r.corrispondenza)).toEqual(['prefisso', 'prefisso']);
    expect(search(INDEX, 'mila', 3).map((r) => r.corrispondenza)).toEqual(['prefisso', 'prefisso', 'approssimata']);
    expect(search(INDEX, 'milano', 1)).toEqual([{ codice_istat: '015146', punteggio: 1, corrispondenza: 'esatta' }]);
    expect(names('milano', 10)).toEqual(['Milano', 'Mirano']);
  });

  it('returns [] for queries shorter than 2 characters once normalized', () => {
    for (const q of ['', ' ', 'r', "'", '-', ' ì ', "l'", '...']) expect(search(INDEX, q)).toEqual([]);
    expect(search(INDEX, 'ro').length).toBeGreaterThan(0);
  });
});

describe('buildSearchIndex', () => {
  it('is compact and JSON-serialisable: arrays of strings and numbers, no per-entry objects', () => {
    const parsed = JSON.parse(JSON.stringify(INDEX)) as SearchIndex;
    expect(parsed).toEqual(INDEX);
    for (const [field, value] of Object.entries(INDEX)) {
      if (field === 'v') continue;
      expect(Array.isArray(value), field).toBe(true);
      for (const item of value as unknown[]) expect(['string', 'number']).toContain(typeof item);
    }
    expect(INDEX.codici).toHaveLength(ENTRIES.length);
    for (const q of ['roma', 'bozen', 'calabria', 'milnao', 'reggio emilia'])
      expect(search(parsed, q)).toEqual(search(INDEX, q));
  });

  it('is deterministic: the same entries in any order give the same index', () => {
    const shuffled = [...ENTRIES].reverse();
    shuffled.push(shuffled.shift()!);
    expect(buildSearchIndex(shuffled)).toEqual(INDEX);
  });
});

/** Deterministic pseudo-random numbers in [0, 1) (mulberry32). */
function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** One or two random edits (substitution, insertion, deletion, adjacent transposition). */
function mutate(s: string, rnd: () => number, alphabet: string): string {
  let out = s;
  const edits = 1 + Math.floor(rnd() * 2);
  for (let k = 0; k < edits && out.length > 1; k++) {
    const i = Math.floor(rnd() * out.length);
    const c = alphabet[Math.floor(rnd() * alphabet.length)]!;
    switch (Math.floor(rnd() * 4)) {
      case 0:
        out = out.slice(0, i) + c + out.slice(i + 1);
        break;
      case 1:
        out = out.slice(0, i) + c + out.slice(i);
        break;
      case 2:
        out = out.slice(0, i) + out.slice(i + 1);
        break;
      default:
        if (i + 1 < out.length) out = out.slice(0, i) + out[i + 1] + out[i] + out.slice(i + 2);
    }
  }
  return out;
}

/**
 * Reference: min over prefixes p of `key` of the optimal-string-alignment distance between q and p.
 * The full matrix of q against `key` holds q against every prefix in its last row (the matrix of a
 * prefix is the left part of it), so one matrix gives them all.
 */
function prefixDistance(q: string, key: string): number {
  const d = Array.from({ length: q.length + 1 }, (_, i) =>
    Array.from({ length: key.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)),
  );
  for (let i = 1; i <= q.length; i++) {
    for (let j = 1; j <= key.length; j++) {
      const cost = q[i - 1] === key[j - 1] ? 0 : 1;
      let v = Math.min(d[i - 1]![j]! + 1, d[i]![j - 1]! + 1, d[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && q[i - 1] === key[j - 2] && q[i - 2] === key[j - 1]) v = Math.min(v, d[i - 2]![j - 2]! + 1);
      d[i]![j] = v;
    }
  }
  return Math.min(...d[q.length]!);
}

describe('search: abbreviations of saints and common prefixes', () => {
  // Real names and codes; populations rounded.
  const REAL: SearchEntry[] = [
    e('059026', 'Santi Cosma e Damiano', 6_600),
    e('078113', 'San Cosmo Albanese', 570),
    e('050033', "Santa Croce sull'Arno", 14_700),
    e('025050', 'Santo Stefano di Cadore', 2_500),
    e('051025', 'Monte San Savino', 8_500),
    e('037020', 'Castel San Pietro Terme', 21_000),
    e('058025', 'Castel San Pietro Romano', 900),
    e('066028', 'Castel di Sangro', 6_400),
    e('023022', 'Castelnuovo del Garda', 13_288),
    e('109034', "Porto Sant'Elpidio", 26_000),
    e('048004', 'Borgo San Lorenzo', 18_300),
    e('046030', 'Stazzema', 3_000),
    e('071054', 'Stornara', 5_000),
  ];
  const idx = buildSearchIndex(REAL);
  const realName = new Map(REAL.map((x) => [x.codice_istat, x.nome]));
  const top = (query: string) => search(idx, query).map((r) => realName.get(r.codice_istat));

  it('spells out ss. as Santi: ss. cosma e damiano finds Santi Cosma e Damiano first', () => {
    expect(top('ss. cosma e damiano')[0]).toBe('Santi Cosma e Damiano');
    expect(top('SS Cosma e Damiano')[0]).toBe('Santi Cosma e Damiano');
    expect(search(idx, 'ss. cosma e damiano')[0]!.corrispondenza).toBe('esatta');
  });

  it('spells out s., sta, s.ta and sto as san, santa, santo, with the dot or without', () => {
    expect(top("s. croce sull'arno")[0]).toBe("Santa Croce sull'Arno");
    expect(top('sta croce')[0]).toBe("Santa Croce sull'Arno");
    expect(top('s.ta croce')[0]).toBe("Santa Croce sull'Arno");
    expect(top('sto stefano di cadore')[0]).toBe('Santo Stefano di Cadore');
    expect(top('s. cosmo')[0]).toBe('San Cosmo Albanese');
  });

  it('spells out mte / m.te as Monte, c. as Castel, p.to as Porto and b.go as Borgo', () => {
    expect(top('mte san savino')[0]).toBe('Monte San Savino');
    expect(top('m.te s. savino')[0]).toBe('Monte San Savino');
    expect(top('c. san pietro')).toEqual(['Castel San Pietro Terme', 'Castel San Pietro Romano']);
    expect(top('c. di sangro')[0]).toBe('Castel di Sangro');
    expect(top('c.nuovo del garda')[0]).toBe('Castelnuovo del Garda');
    expect(top('p.to s. elpidio')[0]).toBe("Porto Sant'Elpidio");
    expect(top('b.go s. lorenzo')[0]).toBe('Borgo San Lorenzo');
  });

  it('keeps a short form typed alone a prefix: sta → Stazzema, sto → Stornara', () => {
    expect(top('sta')).toEqual(['Stazzema']);
    expect(top('sto')).toEqual(['Stornara']);
  });

  it('expands every combination, the query as typed first, and at most MAX_VARIANTS of them', () => {
    expect(expandAbbreviations(['ss', 'cosma'])).toEqual([
      ['ss', 'cosma'],
      ['santi', 'cosma'],
    ]);
    expect(expandAbbreviations(['m', 'te', 'savino'])).toEqual([
      ['m', 'te', 'savino'],
      ['monte', 'savino'],
    ]);
    expect(expandAbbreviations(['cosma', 'ss'])).toEqual([['cosma', 'ss']]);
    const many = expandAbbreviations(['s', 's', 's', 'x']);
    expect(many).toHaveLength(MAX_VARIANTS);
    expect(many[0]).toEqual(['s', 's', 's', 'x']);
  });
});

describe('search: filter', () => {
  it('keeps only the comuni the filter accepts, ranked as before, and still fills the limit', () => {
    const inLazio = (codice: string) => codice.startsWith('058') || codice.startsWith('059');
    const all = search(INDEX, 'ro', 10);
    const lazio = search(INDEX, 'ro', 10, inLazio);
    expect(lazio.map((r) => r.codice_istat)).toEqual(
      all.filter((r) => inLazio(r.codice_istat)).map((r) => r.codice_istat),
    );
    expect(lazio[0]!.codice_istat).toBe('058091');
    // A filter that leaves out the best matches does not shorten the list: 'mi' has Milano, Milazzo, Mirano…
    const notMilano = search(INDEX, 'mi', 2, (codice) => codice !== '015146');
    expect(notMilano.map((r) => NAME.get(r.codice_istat))).toEqual(['Milazzo', 'Mirano']);
  });

  it('applies to typo matches too', () => {
    expect(search(INDEX, 'milnao', 10, (codice) => codice !== '015146').map((r) => r.codice_istat)).not.toContain(
      '015146',
    );
    expect(search(INDEX, 'milnao', 10)[0]!.codice_istat).toBe('015146');
  });
});
