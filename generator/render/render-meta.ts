import type { Static } from '@sinclair/typebox';
import type { Fonte, Province, Regioni, Status } from '../../api/schemas/meta.ts';
import type { RuntimeIndex } from '../../api/runtime-index.ts';
import type { Dataset, SourceStatus } from '../join/dataset.ts';
import { DATI_ZIP_ALIAS, type DatiRelease } from './dati-release.ts';

export function regioniDoc(dataset: Dataset, index: RuntimeIndex): Static<typeof Regioni> {
  return {
    totale: dataset.regioni.length,
    risultati: dataset.regioni.map((r, k) => {
      const comuni = dataset.comuni.filter((c) => c.anagrafica.regione.codice === r.codice);
      const pops = comuni.map(
        (c) => c.demografia.find((d) => d.anno === dataset.predefiniti.demografia)?.popolazione_totale ?? null,
      );
      return {
        codice: r.codice,
        nome: r.nome,
        tipologia: r.tipologia,
        ripartizione: r.ripartizione,
        numero_comuni: comuni.length,
        numero_province: dataset.province.filter((p) => p.codice_regione === r.codice).length,
        superficie_km2: r.superficie_km2,
        popolazione: pops.some((p) => p === null) ? null : pops.reduce((t: number, p) => t + p!, 0),
        anno_popolazione: dataset.predefiniti.demografia,
        link_comuni: `/api/comuni?regione=${index.regioni[k]!.slug}`,
      };
    }),
  };
}

export function provinceDoc(dataset: Dataset): Static<typeof Province> {
  return {
    totale: dataset.province.length,
    risultati: dataset.province.map((p) => {
      const comuni = dataset.comuni.filter((c) => c.anagrafica.provincia.sigla === p.sigla);
      const region = dataset.regioni.find((r) => r.codice === p.codice_regione)!;
      return {
        sigla: p.sigla,
        nome: p.nome,
        codice: comuni[0]?.anagrafica.provincia.codice ?? '',
        codice_uts: p.codice_uts,
        tipologia: p.tipologia,
        regione: { codice: region.codice, nome: region.nome },
        numero_comuni: comuni.length,
        superficie_km2: p.superficie_km2,
        link_comuni: `/api/comuni?provincia=${p.sigla}`,
      };
    }),
  };
}

export function fonteDoc(s: SourceStatus): Static<typeof Fonte> {
  const m = s.meta;
  return {
    id: m.id,
    editore: m.publisher,
    dataset: m.dataset,
    pagina: m.landingUrl,
    annata: m.vintage,
    data_riferimento: m.referenceDate,
    licenza: { nome: m.licence.name, url: m.licence.url },
    attribuzione: m.attribution,
    file: m.files.map((f) => ({ percorso: f.path, url: f.url, membro_zip: f.zipMember ?? null, anno: f.year ?? null })),
    obbligatoria: m.required,
    alimenta: m.feeds,
    note: m.notes,
    disponibile: s.mancante === null,
    motivo_mancante: s.mancante,
  };
}

export function statusDoc(
  dataset: Dataset,
  release: DatiRelease,
  generato: string,
  files: number,
  fetchedAt: Map<string, string>,
  cambiamenti: Static<typeof Status>['cambiamenti'],
): Static<typeof Status> {
  return {
    stato: 'ok',
    generato,
    versione_dati: release.hash,
    dataset_in_blocco: {
      versione: release.version,
      creato: release.created,
      zip: `/dati/${release.zip}`,
      zip_ultima_versione: `/dati/${DATI_ZIP_ALIAS}`,
      datapackage: '/dati/datapackage.json',
    },
    conteggi: {
      comuni: dataset.comuni.length,
      province: dataset.province.length,
      regioni: dataset.regioni.length,
      file: files,
    },
    anni_predefiniti: { ...dataset.predefiniti },
    fonti: dataset.fonti.map((s) => ({
      id: s.meta.id,
      annata: s.meta.vintage,
      disponibile: s.mancante === null,
      scaricato: fetchedAt.get(s.meta.id) ?? null,
    })),
    cambiamenti,
  };
}
