import { Type, type Static } from '@sinclair/typebox';
import { CodiceIstat, Provenance, ProvinciaRef, RegioneRef, JsonLink } from './common.ts';

/** GeoJSON (RFC 7946) position: longitude, latitude in WGS84 degrees. */
const Position = Type.Array(Type.Number(), {
  minItems: 2,
  maxItems: 2,
  description: '[longitudine, latitudine], gradi WGS84.',
});
const Ring = Type.Array(Position, { minItems: 4, description: 'Anello chiuso: il primo punto è ripetuto alla fine.' });

export const Confini = Type.Object(
  {
    type: Type.Literal('Feature'),
    id: CodiceIstat,
    bbox: Type.Array(Type.Number(), {
      minItems: 4,
      maxItems: 4,
      description: 'Riquadro [ovest, sud, est, nord] in gradi.',
    }),
    geometry: Type.Union([
      Type.Object(
        { type: Type.Literal('Polygon'), coordinates: Type.Array(Ring, { minItems: 1 }) },
        { additionalProperties: false },
      ),
      Type.Object(
        {
          type: Type.Literal('MultiPolygon'),
          coordinates: Type.Array(Type.Array(Ring, { minItems: 1 }), { minItems: 1 }),
        },
        { additionalProperties: false },
      ),
    ]),
    properties: Type.Object(
      {
        codice_istat: CodiceIstat,
        nome: Type.String(),
        provincia: ProvinciaRef,
        regione: RegioneRef,
        data_riferimento: Type.String({ description: 'Data dei confini (ISO 8601).' }),
        precisione: Type.String({ description: 'Quanto è semplificato il contorno, e per che cosa va bene.' }),
        fonte: Provenance,
        links: Type.Object(
          { json: JsonLink, comune: Type.String(), mappa: Type.String(), topojson: Type.String() },
          { additionalProperties: false },
        ),
      },
      { additionalProperties: false },
    ),
  },
  { additionalProperties: false, description: 'Confini del comune come Feature GeoJSON (RFC 7946).' },
);
export type Confini = Static<typeof Confini>;
