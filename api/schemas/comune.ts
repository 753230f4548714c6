import { Type, type Static } from '@sinclair/typebox';
import { CodiceIstat, MissingReasons, Nullable, NullableFrom, NullIsAnswer, Provenance, JsonLink } from './common.ts';
import { StoriaComune } from './territorio.ts';

const Nuts = Type.Object(
  {
    versione: Type.Literal('2021'),
    nuts1: Type.String(),
    nuts2: Type.String(),
    nuts3: Type.String(),
    nuts3_2010: NullIsAnswer(
      Type.String(),
      "Codice NUTS3 nella versione 2010 (null per i comuni istituiti dopo l'elenco ISTAT 2023).",
    ),
    metodo: Type.String({
      description: "Come è stato attribuito: dall'elenco ISTAT o, per i comuni istituiti dopo, dalla provincia.",
    }),
  },
  { additionalProperties: false },
);

const Contatti = Type.Object(
  {
    prefisso: Nullable(Type.String()),
    email: Nullable(Type.String()),
    pec: Nullable(Type.String()),
    telefono: Nullable(Type.String()),
    fax: Nullable(Type.String()),
  },
  { additionalProperties: false, description: 'Contatti del municipio (Comuni-ITA, da Wikidata).' },
);

const Codificato = (codici: number[], description: string) =>
  Nullable(
    Type.Object(
      {
        codice: Type.Union(codici.map((c) => Type.Literal(c))),
        descrizione: Type.String({ description: 'Etichetta della Legenda ISTAT.' }),
      },
      { additionalProperties: false },
    ),
    description,
  );

const Classificazione = Type.Object(
  {
    zona_altimetrica: Codificato(
      [1, 2, 3, 4, 5],
      'Zona altimetrica ISTAT: 1 montagna interna, 2 montagna litoranea, 3 collina interna, 4 collina litoranea, 5 pianura.',
    ),
    altitudine_centro_m: Nullable(
      Type.Number(),
      'Altitudine s.l.m. del centro (sede del municipio), metri; rilevata al censimento 2011.',
    ),
    litoraneo: Nullable(Type.Boolean(), 'true se almeno un tratto del confine è bagnato dal mare (i lacuali no).'),
    isolano: Nullable(Type.Boolean(), 'true per i comuni delle isole minori marittime e lacuali.'),
    grado_urbanizzazione: Codificato(
      [1, 2, 3],
      'Grado di urbanizzazione (DEGURBA 2021, Eurostat e ISTAT): 1 città, 2 piccole città e sobborghi, 3 zone rurali.',
    ),
    anni_riferimento: Type.Object(
      {
        zona_altimetrica: Type.Integer(),
        altitudine_centro_m: Type.Integer(),
        litoraneo: Type.Integer(),
        isolano: Type.Integer(),
        grado_urbanizzazione: Type.Integer(),
      },
      { additionalProperties: false, description: 'Anno di riferimento di ciascun campo (foglio Legenda ISTAT).' },
    ),
  },
  {
    additionalProperties: false,
    description:
      'Classificazioni statistiche ISTAT del comune (tabella al 1° gennaio 2026); fonte in `fonti.classificazione`. null con il motivo in `valori_mancanti` se la tabella manca.',
  },
);

export const Anagrafica = Type.Object(
  {
    codice_istat: CodiceIstat,
    nome: Type.String({ description: 'Denominazione ufficiale in italiano.' }),
    nome_completo: Type.String({
      description: 'Denominazione ufficiale completa, bilingue dove previsto (es. Bolzano/Bozen).',
    }),
    nome_altra_lingua: NullIsAnswer(Type.String(), "Denominazione nell'altra lingua ufficiale (124 comuni)."),
    codice_catastale: Type.String({ description: 'Codice catastale (Belfiore).' }),
    capoluogo: Type.Boolean({ description: 'Capoluogo di provincia, città metropolitana o libero consorzio.' }),
    provincia: Type.Object(
      {
        sigla: Type.String(),
        nome: Type.String(),
        codice: Type.String({ description: 'Codice storico della provincia (prime 3 cifre del codice ISTAT).' }),
        codice_uts: Type.String({ description: "Codice dell'unità territoriale sovracomunale." }),
        tipologia: Type.String(),
      },
      { additionalProperties: false },
    ),
    regione: Type.Object(
      { codice: Type.String(), nome: Type.String(), tipologia: Type.String() },
      { additionalProperties: false },
    ),
    ripartizione: Type.String({ description: 'Ripartizione geografica (Nord-ovest, Nord-est, Centro, Sud, Isole).' }),
    nuts: Nuts,
    cap: Type.Array(Type.String({ pattern: '^[0-9]{5}$' }), { description: 'Tutti i CAP del comune.' }),
    coordinate: NullableFrom(
      Type.Object(
        { lat: Type.Number({ minimum: 35, maximum: 48 }), lon: Type.Number({ minimum: 6, maximum: 19 }) },
        { additionalProperties: false },
      ),
      'anagrafica',
      'Coordinate del comune (WGS84, gradi decimali), dal registro dei comuni',
    ),
    superficie_km2: Nullable(
      Type.Number({ exclusiveMinimum: 0 }),
      'Superficie territoriale ufficiale ISTAT al 1° gennaio 2025, km²; fonte in `fonti.superficie`. Dove la tabella ISTAT manca si usa la superficie del registro (Garda Informatica); null con il motivo in `valori_mancanti` se manca anche quella.',
    ),
    classificazione: Nullable(Classificazione),
    contatti: Nullable(Contatti),
    valori_mancanti: MissingReasons,
  },
  { additionalProperties: false },
);
export type Anagrafica = Static<typeof Anagrafica>;

export const Comune = Type.Composite([
  Anagrafica,
  Type.Object({
    ...StoriaComune,
    popolazione: Nullable(
      Type.Object(
        {
          anno: Type.Integer(),
          data_riferimento: Type.String({ description: 'Data della popolazione ufficiale ISTAT (AAAA-MM-GG).' }),
          popolazione_totale: Type.Integer({
            minimum: 0,
            description: 'Popolazione residente ufficiale ISTAT (persone); fonte in `fonti.popolazione`.',
          }),
          densita_ab_km2: Nullable(Type.Number(), 'Derivato: abitanti per km² (popolazione / superficie).'),
        },
        { additionalProperties: false },
      ),
      "Popolazione dell'anno demografico predefinito (dettagli e serie storica in /api/demografia/{codice_istat}).",
    ),
    fonti: Type.Object(
      {
        anagrafica: Provenance,
        nuts: Provenance,
        superficie: Nullable(Provenance),
        classificazione: Nullable(Provenance),
        popolazione: Nullable(Provenance),
        contatti: Nullable(Provenance),
      },
      { additionalProperties: false },
    ),
    links: Type.Object(
      {
        self: Type.String(),
        json: JsonLink,
        demografia: Type.String(),
        redditi: Type.String(),
        ambiente: Type.String(),
        qualita_vita: Type.String(),
        confronta: Type.String(),
      },
      { additionalProperties: false },
    ),
  }),
]);
export type Comune = Static<typeof Comune>;
