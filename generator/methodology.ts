import { METODO_MEDIANA } from './estimate-median.ts';
import { DEFAULT_MAX_DISTANCE_KM, METODI_ARIA, MOTIVO_NESSUNA_STAZIONE } from './attribute-air.ts';
import type { Dataset } from './dataset.ts';

/**
 * /api/metodologia: how every derived figure is computed, by section. Anchors
 * (#demografia, #redditi, …) are what records link to.
 */
export function methodologyDoc(dataset: Dataset, quality: unknown) {
  const report = dataset.report as { demografia: { anni: { anno: number; fonte: string; data_riferimento: string }[] } };
  return {
    titolo: 'Metodologia dei valori derivati',
    sezioni: {
      demografia: {
        titolo: 'Demografia',
        testo: [
          "Per ogni anno si usa una sola fonte: i conteggi ufficiali ISTAT dove esistono, altrimenti l'anagrafe ANPR (conteggi di registro, vicini ma non identici alla popolazione ufficiale).",
          `Anno predefinito: ${dataset.predefiniti.demografia}, il più recente con una fonte che copre tutti i comuni attuali.`,
          'Sono attribuiti solo i codici dei comuni attuali: i comuni fusi o soppressi non sono mai sommati nel comune che li ha sostituiti; un comune istituito di recente ha la serie dal suo primo anno.',
          'Densità (derivata): popolazione / superficie in km² (superficie 2025, Garda Informatica da ISTAT), arrotondata a 0,1.',
          'Variazione della popolazione (derivata): variazione percentuale tra il primo e l\'ultimo anno della serie del comune.',
          'Maschi e femmine: ISTAT POSAS, oggi solo per i comuni del file campione; nati e morti: nessuna fonte nel mirror, quindi null.',
        ],
        anni: report.demografia.anni,
      },
      redditi: {
        titolo: 'Redditi',
        testo: [
          `Anno d'imposta predefinito: ${dataset.predefiniti.redditi}, il più recente completo (con scaglioni); il ${Math.max(...dataset.anni.redditi)} è servito come sintesi senza scaglioni.`,
          'Reddito medio (derivato): ammontare del reddito complessivo / numero di contribuenti con reddito complessivo.',
          'Reddito complessivo prima del 2023: il MEF non pubblica il totale; è la somma degli 8 scaglioni quando nessuno è oscurato, altrimenti null (derivato_da_scaglioni = true).',
          `Mediana (stimata): ${METODO_MEDIANA} Il valore è null quando le celle oscurate rendono incerto lo scaglione mediano o il numero di contribuenti che lo precedono, o quando la mediana cade in uno scaglione aperto.`,
          'Celle vuote del MEF = valori oscurati per riservatezza: null, mai 0.',
        ],
      },
      ambiente: {
        titolo: 'Qualità dell\'aria e consumo di suolo',
        testo: [
          METODI_ARIA.stazioni_nel_comune,
          METODI_ARIA.stazione_piu_vicina,
          MOTIVO_NESSUNA_STAZIONE,
          `Soglia di distanza: ${DEFAULT_MAX_DISTANCE_KM} km in linea d'aria dalle coordinate del comune; si usano solo stazioni con copertura annuale valida (copertura = 1).`,
          'Stessa regola per PM10, PM2.5, NO2 e ozono, anno per anno: le stazioni usate sono sempre elencate con tipo, media e (se fuori dal comune) distanza.',
          "Ozono: la misura rilevante per la salute è il numero di giorni in cui la media mobile massima giornaliera su 8 ore supera 120 µg/m³ (obiettivo a lungo termine, ISPRA giorni_mm8_over_120), media delle stesse stazioni; la classifica indicatore=o3 usa questa, la media annua è accanto nella scheda.",
          "Valori di riferimento OMS 2021 (riferimento_oms_2021 di ogni inquinante, con valore, periodo di mediazione e testo della legenda ISPRA da cui sono letti): per PM10, PM2.5 e NO2 riguardano la media annua, per l'ozono la media massima giornaliera su 8 ore. Sono dati di contesto, non un giudizio: l'API non classifica i comuni rispetto a questi valori.",
          'Consumo di suolo: il dato 2024 è provinciale (ISPRA), applicato ai comuni della provincia e dichiarato tale; l\'unico dato comunale è il suolo consumato pro capite ISPRA 2015 pubblicato nell\'Urban Index.',
        ],
      },
      servizi: {
        titolo: 'Servizi',
        testo: [
          'Aree interne (ISTAT/NUVAP, 2020): classe A–F e tempo medio di percorrenza verso il polo di servizi più vicino.',
          'Urban Index (DIPE): farmacie e posti letto ospedalieri per 1.000 abitanti (2011; il tracciato indica per 10.000 ma i valori sono per 1.000), popolazione esclusa dalla banda larga (2013).',
          'Tempo di guida verso l\'ospedale più vicino: media provinciale ponderata per popolazione (GISCO 2023), dato provinciale.',
        ],
      },
      sicurezza: {
        titolo: 'Sicurezza',
        testo: [
          'Delitti denunciati per 1.000 abitanti della provincia (ISTAT), anno più recente: dato provinciale applicato a ogni comune della provincia.',
          'Le province del file sono associate a quelle attuali con una tabella rivista; una provincia senza corrispondenza certa (Sud Sardegna) ha null.',
        ],
      },
      'medie-nazionali': {
        titolo: 'Medie nazionali',
        testo: [
          'Popolazione e densità: totali su totali sui comuni attuali con un valore.',
          'Reddito medio: reddito complessivo totale / contribuenti con reddito complessivo, sui comuni in cui entrambi sono noti.',
          'Mediana nazionale (stimata): interpolazione negli scaglioni nazionali ottenuti sommando le frequenze pubblicate dei comuni.',
          'Inquinanti: media ponderata per la popolazione dei comuni con un valore (esposizione dei residenti coperti).',
        ],
      },
      'qualita-vita': quality,
    },
    links: { self: '/api/metodologia', fonti: '/api/fonti', copertura: '/api/copertura' },
  };
}
