import { Type, type Static } from '@sinclair/typebox';
import { AvvisiAnno, CodiceIstat, MissingReasons, Nullable, NullableFrom, Provenance, JsonLink } from './common.ts';
import { TerritorioDato } from './territorio.ts';

/** One measure of the balance by sex (balances can be negative). */
const PerSesso = Type.Object(
  { maschi: Type.Integer(), femmine: Type.Integer(), totale: Type.Integer() },
  { additionalProperties: false, description: 'Persone; maschi + femmine = totale.' },
);

export const BilancioDemografico = Type.Object(
  {
    periodo: Type.String({ description: 'Intervallo dei movimenti, ISO 8601 (2025-01-01/2025-12-31).' }),
    provvisorio: Type.Boolean({ description: 'true dove ISTAT marca il dato come provvisorio ("p").' }),
    nati: PerSesso,
    morti: PerSesso,
    saldo_naturale: PerSesso,
    iscritti_da_altro_comune: PerSesso,
    cancellati_per_altro_comune: PerSesso,
    saldo_migratorio_interno: PerSesso,
    iscritti_dall_estero: PerSesso,
    cancellati_per_l_estero: PerSesso,
    saldo_migratorio_estero: PerSesso,
    variazioni_territoriali: PerSesso,
  },
  {
    additionalProperties: false,
    description:
      'Bilancio demografico ISTAT dell\'anno (fonte in `fonti.bilancio`). Identità contabile verificata a ogni build: popolazione al 31 dicembre = 1° gennaio + saldo naturale + saldi migratori + variazioni territoriali. Iscritti e cancellati "per altri motivi" (in validazione) esclusi.',
  },
);

export const TassiDemografici = Type.Object(
  {
    natalita: Type.Number({ description: 'Nati vivi ogni 1.000 abitanti.' }),
    mortalita: Type.Number({ description: 'Morti ogni 1.000 abitanti.' }),
    crescita_naturale: Type.Number({ description: 'Saldo naturale ogni 1.000 abitanti.' }),
    migratorio: Type.Number({ description: "Saldo migratorio (interno + con l'estero) ogni 1.000 abitanti." }),
    popolazione_media: Type.Number({
      description: 'Denominatore: (popolazione al 1° gennaio + popolazione al 31 dicembre) / 2.',
    }),
    provvisorio: Type.Boolean(),
    metodo: Type.String(),
  },
  {
    additionalProperties: false,
    description: "DERIVATO dal bilancio dell'anno: conteggio / popolazione media × 1.000, arrotondato a 2 decimali.",
  },
);

export const Anagrafe = Type.Object(
  {
    residenti: Type.Integer({
      minimum: 0,
      description: 'Residenti iscritti in anagrafe (persone) nel mese di riferimento.',
    }),
    mese_riferimento: Type.String({
      pattern: '^[0-9]{4}-[0-9]{2}$',
      description: 'Mese del conteggio (AAAA-MM): dicembre 2022 è 2022-12, non "2022".',
    }),
    tipo: Type.Literal('conteggio_anagrafico'),
  },
  {
    additionalProperties: false,
    description:
      "Conteggio del registro ANPR, servito accanto alla popolazione ufficiale e mai al suo posto: ISTAT corregge l'anagrafe con il censimento, ANPR no (Roma 1° gennaio 2025: ISTAT 2.747.290, ANPR 2.802.877). Fonte in `fonti.anagrafe`.",
  },
);

export const DemografiaAnno = Type.Object(
  {
    anno: Type.Integer(),
    data_riferimento: NullableFrom(
      Type.String(),
      'popolazione_totale',
      "Data della popolazione ufficiale ISTAT (1° gennaio dell'anno; per l'anno successivo all'ultimo bilancio, il 31 dicembre precedente), null se ISTAT non ha il dato",
    ),
    provvisorio: NullableFrom(
      Type.Boolean(),
      'popolazione_totale',
      'true se la popolazione ufficiale è provvisoria (ISTAT "p"), null se manca',
    ),
    popolazione_totale: Nullable(
      Type.Integer({ minimum: 0 }),
      'Popolazione residente ufficiale ISTAT (persone); fonte in `fonti.popolazione_totale`. Mai un conteggio ANPR.',
    ),
    maschi: NullableFrom(Type.Integer({ minimum: 0 }), 'sesso', 'Residenti maschi, ISTAT (persone)'),
    femmine: NullableFrom(Type.Integer({ minimum: 0 }), 'sesso', 'Residenti femmine, ISTAT (persone)'),
    nati: NullableFrom(
      Type.Integer({ minimum: 0 }),
      'bilancio',
      "Nati vivi nell'anno (persone), = bilancio.nati.totale",
    ),
    morti: NullableFrom(Type.Integer({ minimum: 0 }), 'bilancio', "Morti nell'anno (persone), = bilancio.morti.totale"),
    densita_ab_km2: Nullable(
      Type.Number({ minimum: 0 }),
      'Derivato: popolazione_totale / superficie_km2 (superficie 2025), arrotondato a 0,1.',
    ),
    bilancio: Nullable(BilancioDemografico),
    tassi_per_1000: Nullable(TassiDemografici),
    anagrafe: Nullable(Anagrafe),
    fonti: Type.Object(
      {
        popolazione_totale: Nullable(Provenance),
        sesso: Nullable(Provenance),
        bilancio: Nullable(Provenance),
        anagrafe: Nullable(Provenance),
      },
      { additionalProperties: false },
    ),
    valori_mancanti: MissingReasons,
    avvisi: AvvisiAnno,
    territorio: Type.Optional(TerritorioDato),
  },
  { additionalProperties: false },
);
export type DemografiaAnno = Static<typeof DemografiaAnno>;
export type BilancioDemografico = Static<typeof BilancioDemografico>;

export const Demografia = Type.Object(
  {
    codice_istat: CodiceIstat,
    nome: Type.String(),
    anno: Type.Integer({ description: 'Anno dei valori in `dati`.' }),
    dati: DemografiaAnno,
    serie_storica: Type.Array(DemografiaAnno, {
      description:
        'Tutti gli anni con almeno un valore, in ordine crescente. Due serie distinte: la popolazione ufficiale ISTAT (`popolazione_totale`, `data_riferimento`) e il conteggio anagrafico ANPR (`anagrafe`), mai mescolate.',
    }),
    anni_disponibili: Type.Array(Type.Integer()),
    fonti_serie_ufficiale: Type.Array(
      Type.Object(
        { anni: Type.Array(Type.Integer()), fonte: Type.String({ description: '/api/fonti/{fonte}' }) },
        { additionalProperties: false },
      ),
      {
        description:
          'Tratti consecutivi della serie ufficiale con la stessa fonte, in ordine: dove la fonte cambia comincia un nuovo tratto (tutte fonti ISTAT).',
      },
    ),
    lacune_serie_ufficiale: Type.Array(
      Type.Object(
        {
          anno_senza_dato: Type.Integer(),
          dato: Type.Union([Type.Literal('popolazione_totale'), Type.Literal('sesso')], {
            description:
              'Il dato che manca: la popolazione totale, o la sola ripartizione per sesso (maschi, femmine).',
          }),
          motivo: Type.String(),
        },
        { additionalProperties: false },
      ),
      {
        description:
          "Anni tra il primo e l'ultimo della serie ufficiale ISTAT senza popolazione totale, e anni tra il primo e l'ultimo con la ripartizione per sesso senza di essa: lacune, non riempite con l'anagrafe né con altro.",
      },
    ),
    variazione_popolazione: Nullable(
      Type.Object(
        {
          da_anno: Type.Integer(),
          a_anno: Type.Integer(),
          percentuale: Type.Number({ description: 'Variazione in per cento (-2.4 = -2,4%), 2 decimali.' }),
          metodo: Type.String(),
        },
        { additionalProperties: false },
      ),
      "Derivato: variazione percentuale della popolazione ufficiale ISTAT tra il primo anno della serie e l'ultimo definitivo.",
    ),
    metodologia: Type.String(),
    links: Type.Object(
      { self: Type.String(), json: JsonLink, comune: Type.String(), redditi: Type.String() },
      { additionalProperties: false },
    ),
  },
  { additionalProperties: false },
);
export type Demografia = Static<typeof Demografia>;
