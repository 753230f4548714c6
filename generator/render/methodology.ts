import { METODO_MEDIANA } from '../derive/estimate-median.ts';
import { jsonLink } from '../../api/static-files.ts';
import { DEFAULT_MAX_DISTANCE_KM, METODI_ARIA, MOTIVO_NESSUNA_STAZIONE } from '../join/attribute-air.ts';
import type { Dataset } from '../join/dataset.ts';
import { RATES_METHOD, type DemographicsReport } from '../join/join-demographics.ts';

/**
 * /api/metodologia: how every derived figure is computed, by section. Anchors
 * (#demografia, #redditi, …) are what records link to.
 */
export function methodologyDoc(dataset: Dataset, quality: unknown) {
  const report = dataset.report as { demografia: DemographicsReport };
  return {
    titolo: 'Metodologia dei valori derivati',
    sezioni: {
      demografia: {
        titolo: 'Demografia',
        testo: [
          'Due serie distinte, mai mescolate. Popolazione ufficiale (popolazione_totale, maschi, femmine): ISTAT, una sola fonte per anno (1° gennaio 2018–2021; bilancio demografico per il 1° gennaio 2025, definitivo, e il 31 dicembre 2025, provvisorio, servito come anno 2026). Gli anni senza dato ISTAT sono lacune con il motivo (lacune_serie_ufficiale), non riempite con altro.',
          "Conteggio anagrafico (anagrafe): ANPR, servito accanto con il suo mese esatto (dicembre 2022 = 2022-12). ISTAT corregge l'anagrafe con il censimento permanente, ANPR no: i due numeri differiscono (Roma 1° gennaio 2025: ISTAT 2.747.290, ANPR 2.802.877).",
          `Anno predefinito: ${dataset.predefiniti.demografia}, il più recente in cui tutti i comuni attuali hanno popolazione per sesso, nati e morti (il record della specifica).`,
          'Bilancio demografico ISTAT: nati, morti, saldo naturale, iscritti e cancellati da e per altri comuni e l\'estero, saldi, per sesso; provvisorio dove ISTAT lo marca "p". A ogni build si verifica, per ogni comune e sesso, che maschi + femmine = totale e che popolazione al 31 dicembre = 1° gennaio + saldi + variazioni territoriali; iscritti e cancellati "per altri motivi" (in validazione) sono esclusi.',
          `Tassi per 1.000 abitanti (derivati): ${RATES_METHOD}`,
          'Sono attribuiti solo i codici dei comuni attuali: i comuni fusi o soppressi non sono mai sommati nel comune che li ha sostituiti; un comune istituito di recente ha la serie dal suo primo anno.',
          'Densità (derivata): popolazione ufficiale / superficie in km² (superficie ufficiale ISTAT al 1° gennaio 2025), arrotondata a 0,1.',
          "Variazione della popolazione (derivata): variazione percentuale della popolazione ufficiale ISTAT tra il primo anno della serie del comune e l'ultimo definitivo; mai tra fonti di natura diversa (ISTAT e ANPR).",
        ],
        anni: report.demografia.anni,
        controlli_incrociati: report.demografia.controlli_incrociati,
      },
      redditi: {
        titolo: 'Redditi',
        testo: [
          `Anno d'imposta predefinito: ${dataset.predefiniti.redditi}, il più recente completo (con scaglioni); il ${Math.max(...dataset.anni.redditi)} è servito come sintesi senza scaglioni.`,
          'reddito_imponibile_medio_euro (derivato, serie confrontabile fra anni): ammontare del reddito imponibile / contribuenti con reddito imponibile (frequenza). Il MEF pubblica questa coppia senza oscuramenti per ogni comune e anno dal 2000 (e nella sintesi 2024): è la serie usata per i confronti fra anni e comuni, nei grafici e come riferimento nazionale.',
          'Definizione fiscale dell\'imponibile: nel 2003–2006 la "no tax area" e le deduzioni per familiari si sottraevano dall\'imponibile, e solo il 69–75% dei contribuenti ha un imponibile (contro il 95–98% degli altri anni): in quegli anni la media riguarda una popolazione diversa. La serie nazionale lo segnala in `avvisi`.',
          'reddito_medio_euro (derivato): ammontare del reddito complessivo / contribuenti con reddito complessivo, solo dove il totale è noto: pubblicato dal 2023; prima è la somma degli 8 scaglioni quando nessuno è oscurato (derivato_da_scaglioni = true), altrimenti null con il motivo.',
          "reddito_medio_limiti_euro (derivato): dove il totale non è noto e sono oscurati solo scaglioni chiusi, l'intervallo certo del reddito complessivo medio. I contribuenti oscurati sono h = contribuenti con reddito complessivo − somma delle frequenze pubblicate (dal 2023), altrimenti fra 0 e contribuenti − somma pubblicata; ciascuno ha un reddito fra il limite inferiore più basso e il superiore più alto degli scaglioni oscurati. Il medio (somma pubblicata + reddito oscurato) / (frequenze pubblicate + h) è monotono in h, quindi i limiti si hanno agli estremi; arrotondati verso l'esterno. Nessuna stima puntuale: se è oscurato uno scaglione aperto (≤ 0 o oltre 120.000 euro) il limite non esiste e il campo è null con il motivo.",
          `Mediana (stimata): ${METODO_MEDIANA} Il valore è null quando le celle oscurate rendono incerto lo scaglione mediano o il numero di contribuenti che lo precedono, o quando la mediana cade in uno scaglione aperto.`,
          'Celle vuote del MEF = valori oscurati per riservatezza: null, mai 0.',
        ],
      },
      ambiente: {
        titolo: "Qualità dell'aria e consumo di suolo",
        testo: [
          METODI_ARIA.stazioni_nel_comune,
          METODI_ARIA.stazione_piu_vicina,
          MOTIVO_NESSUNA_STAZIONE,
          `Soglia di distanza: ${DEFAULT_MAX_DISTANCE_KM} km in linea d'aria dalle coordinate del comune; si usano solo stazioni con copertura annuale valida (copertura = 1).`,
          'Stessa regola per PM10, PM2.5, NO2 e ozono, anno per anno: le stazioni usate sono sempre elencate con tipo, media e (se fuori dal comune) distanza.',
          'Ozono: la misura rilevante per la salute è il numero di giorni in cui la media mobile massima giornaliera su 8 ore supera 120 µg/m³ (obiettivo a lungo termine, ISPRA giorni_mm8_over_120), media delle stesse stazioni; la classifica indicatore=o3 usa questa, la media annua è accanto nella scheda.',
          "Valori di riferimento OMS 2021 (riferimento_oms_2021 di ogni inquinante, con valore, periodo di mediazione e testo della legenda ISPRA da cui sono letti): per PM10, PM2.5 e NO2 riguardano la media annua, per l'ozono la media massima giornaliera su 8 ore. Sono dati di contesto, non un giudizio: l'API non classifica i comuni rispetto a questi valori.",
          "Consumo di suolo: il dato 2024 del comune (ISPRA), in ettari e in % della superficie comunale (a 0,01), con l'incremento netto di ogni periodo pubblicato; la variazione netta dal 2006 è derivata, somma degli incrementi netti dei periodi 2006-2024. Il dato 2024 della provincia resta come contesto; il suolo consumato pro capite ISPRA 2015 (Urban Index) è l'indicatore più vecchio, in suolo.pro_capite_2015 e nella classifica con indicatore=pro_capite.",
        ],
      },
      servizi: {
        titolo: 'Servizi',
        testo: [
          'Aree interne (ISTAT/NUVAP, 2020): classe A–F e tempo medio di percorrenza verso il polo di servizi più vicino.',
          "Scuole statali (anagrafe MIM 2025/26, per codice catastale): punti di erogazione per livello (infanzia, primaria, secondaria di primo e di secondo grado), esclusi le righe di istituzione (istituti comprensivi e superiori, le cui sedi sono righe proprie), i centri per adulti, i convitti e le scuole in carcere e in ospedale; per 1.000 abitanti sulla popolazione ufficiale ISTAT dell'anno predefinito. Valle d'Aosta e Trentino-Alto Adige non sono nell'anagrafe statale: nessun valore, mai zero.",
          'Fibra fino a casa (AGCOM Broadband Map, 2026, primo semestre: la data di riferimento non è nel file, creato il 4 giugno 2026, con famiglie uguali e FTTH di poco inferiore al rapporto del 30 giugno 2026): quota delle famiglie residenti raggiunte in FTTH come pubblicata da AGCOM (famiglie raggiunte / famiglie residenti, stime AGCOM), per comune; codici 2026, la Sardegna ricondotta ai codici 2025 con la tabella ISTAT dei codici sardi.',
          'Urban Index (DIPE): farmacie e posti letto ospedalieri per 1.000 abitanti (2011; il tracciato indica per 10.000 ma i valori sono per 1.000), popolazione esclusa dalla banda larga (2013).',
          "Tempo di guida verso l'ospedale più vicino: media provinciale ponderata per popolazione (GISCO 2023), dato provinciale.",
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
          'Popolazione, nati, morti: somme sui comuni attuali con un valore, una sola fonte per dato e anno (la popolazione ufficiale ISTAT e il conteggio ANPR sono sommati a parte). Densità: popolazione / superficie degli stessi comuni del numeratore. Tassi: totali su totali, sulla popolazione media degli stessi comuni.',
          "Redditi: totali su totali su tutte le righe comunali MEF dell'anno (i comuni di quell'anno, anche quelli poi fusi o ricodificati; esclusa la riga dei contribuenti senza comune), e per regione sulle righe della regione indicata dal MEF. Ogni valore dichiara la copertura: quota di comuni e di contribuenti inclusi.",
          'reddito_imponibile_medio_euro: imponibile totale / contribuenti con imponibile; copertura completa in ogni anno: è la serie predefinita per i confronti fra anni (`redditi.serie_predefinita`).',
          "reddito_medio_euro (reddito complessivo): solo sui comuni in cui il totale è noto; prima del 2023 sono circa due terzi dei contribuenti (2018–2022) o l'82–92% (2000–2017), quindi il salto al 2023 viene in parte dalla copertura. Una serie la cui copertura varia fra gli anni di più di un punto lo dichiara (`copertura_costante: false` e `avvisi`).",
          'Mediana nazionale (stimata): interpolazione negli scaglioni nazionali ottenuti sommando le frequenze pubblicate dei comuni.',
          'Inquinanti: media ponderata per la popolazione dei comuni con un valore (esposizione dei residenti coperti).',
        ],
      },
      'qualita-vita': quality,
    },
    links: {
      self: '/api/metodologia',
      json: jsonLink('metodologia', {}),
      fonti: '/api/fonti',
      copertura: '/api/copertura',
    },
  };
}
