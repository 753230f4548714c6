import { Type, type Static } from '@sinclair/typebox';
import { CodiceIstat, MissingReasons, Nullable, Provenance } from './common.ts';
import { TerritorioDato } from './territorio.ts';

export const DemografiaAnno = Type.Object(
  {
    anno: Type.Integer(),
    data_riferimento: Type.String({ description: 'Data (o mese, per ANPR) a cui si riferisce il conteggio.' }),
    popolazione_totale: Nullable(Type.Integer({ minimum: 0 }), 'Residenti (persone) alla data di riferimento; fonte in `fonti.popolazione_totale`.'),
    maschi: Nullable(Type.Integer({ minimum: 0 }), 'Residenti maschi (persone); fonte in `fonti.sesso`.'),
    femmine: Nullable(Type.Integer({ minimum: 0 }), 'Residenti femmine (persone); fonte in `fonti.sesso`.'),
    nati: Nullable(Type.Integer({ minimum: 0 }), 'Nati vivi nell\'anno (persone).'),
    morti: Nullable(Type.Integer({ minimum: 0 }), 'Morti nell\'anno (persone).'),
    densita_ab_km2: Nullable(Type.Number({ minimum: 0 }), 'Derivato: popolazione_totale / superficie_km2 (superficie 2025), arrotondato a 0,1.'),
    fonti: Type.Object(
      { popolazione_totale: Nullable(Provenance), sesso: Nullable(Provenance) },
      { additionalProperties: false },
    ),
    valori_mancanti: MissingReasons,
    territorio: Type.Optional(TerritorioDato),
  },
  { additionalProperties: false },
);
export type DemografiaAnno = Static<typeof DemografiaAnno>;

export const Demografia = Type.Object(
  {
    codice_istat: CodiceIstat,
    nome: Type.String(),
    anno: Type.Integer({ description: 'Anno dei valori in `dati`.' }),
    dati: DemografiaAnno,
    serie_storica: Type.Array(DemografiaAnno, { description: 'Tutti gli anni disponibili, in ordine crescente.' }),
    anni_disponibili: Type.Array(Type.Integer()),
    variazione_popolazione: Nullable(
      Type.Object(
        { da_anno: Type.Integer(), a_anno: Type.Integer(), percentuale: Type.Number({ description: 'Variazione in per cento (-2.4 = -2,4%), 1 decimale.' }), metodo: Type.String() },
        { additionalProperties: false },
      ),
      'Derivato: variazione percentuale tra il primo e l\'ultimo anno della serie.',
    ),
    metodologia: Type.String(),
    links: Type.Object({ self: Type.String(), comune: Type.String(), redditi: Type.String() }, { additionalProperties: false }),
  },
  { additionalProperties: false },
);
export type Demografia = Static<typeof Demografia>;
