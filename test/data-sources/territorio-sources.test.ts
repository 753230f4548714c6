import { describe, expect, it } from 'vitest';
import { parseArchivioComuni } from '../../data-sources/anpr-archivio-comuni.ts';
import { parseSardegna2026 } from '../../data-sources/istat-codici-sardegna.ts';
import { layerFeatures, parsePolygonLayer } from '../../data-sources/lib/topojson.ts';

// Hand-written rows in ANPR's layout: BOM, every cell quoted, 9999-12-31 for an open period, "ND" where the archive has no cadastral code.
const ARCHIVIO = [
  '\uFEFF"ID","DATAISTITUZIONE","DATACESSAZIONE","CODISTAT","CODCATASTALE","DENOMINAZIONE_IT","DENOMTRASLITTERATA","ALTRADENOMINAZIONE","ALTRADENOMTRASLITTERATA","ID_PROVINCIA","IDPROVINCIAISTAT","IDREGIONE","IDPREFETTURA","STATO","SIGLAPROVINCIA","FONTE","DATAULTIMOAGG","COD_DENOM"',
  '11139,"1974-08-02","2005-12-31","092103","M270","MASAINAS","MASAINAS","","",92,"092","20","","C","CA","","2016-06-17",""',
  '22887,"2016-04-28","9999-12-31","111040","M270","MASAINAS","MASAINAS","","",112,"111","20","CA","A","SU","","2017-11-13",""',
  '446,"1861-03-17","1911-07-04","003809","ND","ARIZZANO","ARIZZANO","","",3,"003","01","","C","NO","","2016-06-17",""',
].join('\n');

describe('ANPR archive of comuni', () => {
  it('reads one period per row, open periods as null, and leaves out rows without a cadastral code', () => {
    const rows = parseArchivioComuni(ARCHIVIO);
    expect(rows).toEqual([
      {
        codice_istat: '092103',
        codice_catastale: 'M270',
        nome: 'MASAINAS',
        nome_altra_lingua: null,
        sigla_provincia: 'CA',
        inizio: '1974-08-02',
        fine: '2005-12-31',
      },
      {
        codice_istat: '111040',
        codice_catastale: 'M270',
        nome: 'MASAINAS',
        nome_altra_lingua: null,
        sigla_provincia: 'SU',
        inizio: '2016-04-28',
        fine: null,
      },
    ]);
  });

  it('stops on a malformed date instead of guessing a period', () => {
    expect(() => parseArchivioComuni(ARCHIVIO.replace('1974-08-02', '02/08/1974'))).toThrow(/date non valide/);
  });
});

describe('ISTAT Sardinian codes of 1 January 2026', () => {
  const TEXT = [
    'Codici statistici e denominazioni delle unità amministrative rispondenti ai nuovi assetti territoriali della Sardegna. In vigore dal 1° gennaio 2026;;;;;;',
    '"Denominazione Provincia/\nCittà metropolitana";"Codice Provincia/\nCittà metropolitana";Codice Comune;Denominazione Comune;Codice Comune precedente;"Codice Provincia/\nCittà metropolitana precedente";"Denominazione Provincia/\nCittà metropolitana precedente"',
    'Città metropolitana di Sassari;112;112050;Sassari;090064;090;Provincia di Sassari',
    'Provincia del Sulcis Iglesiente;119;119010;Masainas;111040;111;Provincia del Sud Sardegna',
  ].join('\n');

  it('maps each 2025 code to its 2026 code and new province', () => {
    expect(parseSardegna2026(TEXT)).toEqual([
      {
        codice_2026: '112050',
        nome: 'Sassari',
        codice_precedente: '090064',
        provincia_2026: { codice: '112', nome: 'Città metropolitana di Sassari' },
      },
      {
        codice_2026: '119010',
        nome: 'Masainas',
        codice_precedente: '111040',
        provincia_2026: { codice: '119', nome: 'Provincia del Sulcis Iglesiente' },
      },
    ]);
  });

  it('rejects a table where a 2026 code appears twice', () => {
    expect(() => parseSardegna2026(`${TEXT}\nAltro;119;119010;Doppio;111041;111;X`)).toThrow(/compare due volte/);
  });
});

describe('TopoJSON polygons as rings (crosswalk containment)', () => {
  it('delta-decodes a quantized topology and joins arcs into rings, reversing negative indexes', () => {
    const topology = {
      type: 'Topology',
      transform: { scale: [1, 1], translate: [10, 40] },
      arcs: [
        [
          [0, 0],
          [2, 0],
          [0, 2],
        ],
        [
          [2, 2],
          [-2, 0],
          [0, -2],
        ],
      ],
      objects: {
        comuni: {
          type: 'GeometryCollection',
          geometries: [
            { type: 'Polygon', arcs: [[0, 1]], properties: { id: 'a' } },
            { type: 'Polygon', arcs: [[~1, ~0]], properties: { id: 'b' } },
          ],
        },
      },
    };
    const text = JSON.stringify(topology);
    const [a, b] = layerFeatures(parsePolygonLayer(text, 'comuni', 'fixture.topo.json'));
    expect(a!.polygons).toEqual([
      [
        [
          [10, 40],
          [12, 40],
          [12, 42],
          [10, 42],
          [10, 40],
        ],
      ],
    ]);
    expect(b!.polygons[0]![0]).toEqual([
      [10, 40],
      [10, 42],
      [12, 42],
      [12, 40],
      [10, 40],
    ]);
    expect(() => parsePolygonLayer(text, 'province', 'fixture.topo.json')).toThrow(/province/);
  });

  it('leaves out null geometries (islands without an outline in openpolis 2019) and refuses other kinds', () => {
    const topology = (geometries: unknown[]) =>
      JSON.stringify({
        type: 'Topology',
        arcs: [
          [
            [0, 0],
            [1, 0],
            [1, 1],
            [0, 0],
          ],
        ],
        objects: { comuni: { type: 'GeometryCollection', geometries } },
      });
    const layer = parsePolygonLayer(
      topology([
        { type: null, properties: { id: 'isola' } },
        { type: 'Polygon', arcs: [[0]], properties: { id: 'a' } },
      ]),
      'comuni',
      'fixture.topo.json',
    );
    expect(layerFeatures(layer).map((f) => f.properties.id)).toEqual(['a']);
    expect(() =>
      parsePolygonLayer(topology([{ type: 'Point', coordinates: [0, 0] }]), 'comuni', 'fixture.topo.json'),
    ).toThrow(/Point/);
  });
});
