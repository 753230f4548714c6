/**
 * Reviewed correspondence between the territories of ISTAT's "delitti denunciati"
 * files (istat/delitti/*.json, dataset DCCV_DELITTIPS) and the 107 provinces of the
 * registry at 2025-01-01 (gi-db-comuni gi_province.csv, sigla).
 *
 * The files label territories with ISTAT's historical codes (old NUTS 2006/2010 codes
 * such as ITE43 for Roma and ITG25-ITG28 for Sardinia, and ISTAT codes IT108-IT110).
 * The codes are old, the territories are not: for every one of the 106 territories the
 * population the file gives for 2020 equals, to the person, the 2020 population
 * (ISTAT, 1 January) of the comuni that form the current province. That check is what
 * each line below rests on; it was run on the mirror when the table was written.
 *
 * A row is accepted only if both its name and its REF_AREA match a line: a renamed or
 * recoded territory is reported as unmapped instead of being attached by guesswork.
 *
 * Valid for the 2016-2025 set of provinces. The Sardinian provinces ISTAT recodes in
 * 2026 (regional law 9/2023) need a new review when the registry moves to them.
 */

export interface DelittiProvinciaMapping {
  /** Territorio as written in the file. */
  territorio: string;
  /** REF_AREA the file uses for it. */
  ref_area: string;
  /** Current province (gi-db-comuni sigla_provincia). */
  sigla: string;
}

export const DELITTI_PROVINCE: readonly DelittiProvinciaMapping[] = [
  // ISTAT territorial code (not NUTS) of the province created in 2009 from Milano.
  { territorio: 'Monza e della Brianza', ref_area: 'IT108', sigla: 'MB' },
  // ISTAT territorial code (not NUTS) of the province created in 2009 from Ascoli Piceno.
  { territorio: 'Fermo', ref_area: 'IT109', sigla: 'FM' },
  // ISTAT territorial code (not NUTS) of the province created in 2009 from Bari and Foggia.
  { territorio: 'Barletta-Andria-Trani', ref_area: 'IT110', sigla: 'BT' },
  { territorio: 'Torino', ref_area: 'ITC11', sigla: 'TO' },
  { territorio: 'Vercelli', ref_area: 'ITC12', sigla: 'VC' },
  { territorio: 'Biella', ref_area: 'ITC13', sigla: 'BI' },
  { territorio: 'Verbano-Cusio-Ossola', ref_area: 'ITC14', sigla: 'VB' },
  { territorio: 'Novara', ref_area: 'ITC15', sigla: 'NO' },
  { territorio: 'Cuneo', ref_area: 'ITC16', sigla: 'CN' },
  { territorio: 'Asti', ref_area: 'ITC17', sigla: 'AT' },
  { territorio: 'Alessandria', ref_area: 'ITC18', sigla: 'AL' },
  // Name written with spaces around the slash; the registry spells it "Valle d'Aosta/Vallée d'Aoste".
  { territorio: "Valle d'Aosta / Vallée d'Aoste", ref_area: 'ITC20', sigla: 'AO' },
  { territorio: 'Imperia', ref_area: 'ITC31', sigla: 'IM' },
  { territorio: 'Savona', ref_area: 'ITC32', sigla: 'SV' },
  { territorio: 'Genova', ref_area: 'ITC33', sigla: 'GE' },
  { territorio: 'La Spezia', ref_area: 'ITC34', sigla: 'SP' },
  { territorio: 'Varese', ref_area: 'ITC41', sigla: 'VA' },
  { territorio: 'Como', ref_area: 'ITC42', sigla: 'CO' },
  { territorio: 'Lecco', ref_area: 'ITC43', sigla: 'LC' },
  { territorio: 'Sondrio', ref_area: 'ITC44', sigla: 'SO' },
  // Old NUTS code, from before Monza e della Brianza was split off; the figures are for today's territory (2020 population = sum of today's comuni).
  { territorio: 'Milano', ref_area: 'ITC45', sigla: 'MI' },
  { territorio: 'Bergamo', ref_area: 'ITC46', sigla: 'BG' },
  { territorio: 'Brescia', ref_area: 'ITC47', sigla: 'BS' },
  { territorio: 'Pavia', ref_area: 'ITC48', sigla: 'PV' },
  { territorio: 'Lodi', ref_area: 'ITC49', sigla: 'LO' },
  { territorio: 'Cremona', ref_area: 'ITC4A', sigla: 'CR' },
  { territorio: 'Mantova', ref_area: 'ITC4B', sigla: 'MN' },
  // Old NUTS 2006 code (NUTS 2021: ITH10); name written with spaces around the slash. Same for every ITD* (North-East) code below: old codes, same territories.
  { territorio: 'Bolzano / Bozen', ref_area: 'ITD10', sigla: 'BZ' },
  { territorio: 'Trento', ref_area: 'ITD20', sigla: 'TN' },
  { territorio: 'Verona', ref_area: 'ITD31', sigla: 'VR' },
  { territorio: 'Vicenza', ref_area: 'ITD32', sigla: 'VI' },
  { territorio: 'Belluno', ref_area: 'ITD33', sigla: 'BL' },
  { territorio: 'Treviso', ref_area: 'ITD34', sigla: 'TV' },
  { territorio: 'Venezia', ref_area: 'ITD35', sigla: 'VE' },
  { territorio: 'Padova', ref_area: 'ITD36', sigla: 'PD' },
  { territorio: 'Rovigo', ref_area: 'ITD37', sigla: 'RO' },
  { territorio: 'Pordenone', ref_area: 'ITD41', sigla: 'PN' },
  { territorio: 'Udine', ref_area: 'ITD42', sigla: 'UD' },
  { territorio: 'Gorizia', ref_area: 'ITD43', sigla: 'GO' },
  { territorio: 'Trieste', ref_area: 'ITD44', sigla: 'TS' },
  { territorio: 'Piacenza', ref_area: 'ITD51', sigla: 'PC' },
  { territorio: 'Parma', ref_area: 'ITD52', sigla: 'PR' },
  { territorio: "Reggio nell'Emilia", ref_area: 'ITD53', sigla: 'RE' },
  { territorio: 'Modena', ref_area: 'ITD54', sigla: 'MO' },
  { territorio: 'Bologna', ref_area: 'ITD55', sigla: 'BO' },
  { territorio: 'Ferrara', ref_area: 'ITD56', sigla: 'FE' },
  { territorio: 'Ravenna', ref_area: 'ITD57', sigla: 'RA' },
  { territorio: 'Forlì-Cesena', ref_area: 'ITD58', sigla: 'FC' },
  { territorio: 'Rimini', ref_area: 'ITD59', sigla: 'RN' },
  // Central Italy keeps its old NUTS ITE* codes here (NUTS 2021: ITI*); the territories are today's.
  { territorio: 'Massa-Carrara', ref_area: 'ITE11', sigla: 'MS' },
  { territorio: 'Lucca', ref_area: 'ITE12', sigla: 'LU' },
  { territorio: 'Pistoia', ref_area: 'ITE13', sigla: 'PT' },
  { territorio: 'Firenze', ref_area: 'ITE14', sigla: 'FI' },
  { territorio: 'Prato', ref_area: 'ITE15', sigla: 'PO' },
  { territorio: 'Livorno', ref_area: 'ITE16', sigla: 'LI' },
  { territorio: 'Pisa', ref_area: 'ITE17', sigla: 'PI' },
  { territorio: 'Arezzo', ref_area: 'ITE18', sigla: 'AR' },
  { territorio: 'Siena', ref_area: 'ITE19', sigla: 'SI' },
  { territorio: 'Grosseto', ref_area: 'ITE1A', sigla: 'GR' },
  { territorio: 'Perugia', ref_area: 'ITE21', sigla: 'PG' },
  { territorio: 'Terni', ref_area: 'ITE22', sigla: 'TR' },
  { territorio: 'Pesaro e Urbino', ref_area: 'ITE31', sigla: 'PU' },
  { territorio: 'Ancona', ref_area: 'ITE32', sigla: 'AN' },
  { territorio: 'Macerata', ref_area: 'ITE33', sigla: 'MC' },
  // Old code, from before Fermo was split off; today's territory (2020 population checked).
  { territorio: 'Ascoli Piceno', ref_area: 'ITE34', sigla: 'AP' },
  { territorio: 'Viterbo', ref_area: 'ITE41', sigla: 'VT' },
  { territorio: 'Rieti', ref_area: 'ITE42', sigla: 'RI' },
  // Roma: old NUTS code (NUTS 2021: ITI43); the territory of today's Città metropolitana.
  { territorio: 'Roma', ref_area: 'ITE43', sigla: 'RM' },
  { territorio: 'Latina', ref_area: 'ITE44', sigla: 'LT' },
  { territorio: 'Frosinone', ref_area: 'ITE45', sigla: 'FR' },
  { territorio: "L'Aquila", ref_area: 'ITF11', sigla: 'AQ' },
  { territorio: 'Teramo', ref_area: 'ITF12', sigla: 'TE' },
  { territorio: 'Pescara', ref_area: 'ITF13', sigla: 'PE' },
  { territorio: 'Chieti', ref_area: 'ITF14', sigla: 'CH' },
  { territorio: 'Isernia', ref_area: 'ITF21', sigla: 'IS' },
  { territorio: 'Campobasso', ref_area: 'ITF22', sigla: 'CB' },
  { territorio: 'Caserta', ref_area: 'ITF31', sigla: 'CE' },
  { territorio: 'Benevento', ref_area: 'ITF32', sigla: 'BN' },
  { territorio: 'Napoli', ref_area: 'ITF33', sigla: 'NA' },
  { territorio: 'Avellino', ref_area: 'ITF34', sigla: 'AV' },
  { territorio: 'Salerno', ref_area: 'ITF35', sigla: 'SA' },
  // Old code, from before Barletta-Andria-Trani was split off; today's territory (2020 population checked).
  { territorio: 'Foggia', ref_area: 'ITF41', sigla: 'FG' },
  // Old code, from before Barletta-Andria-Trani was split off; today's territory (2020 population checked).
  { territorio: 'Bari', ref_area: 'ITF42', sigla: 'BA' },
  { territorio: 'Taranto', ref_area: 'ITF43', sigla: 'TA' },
  { territorio: 'Brindisi', ref_area: 'ITF44', sigla: 'BR' },
  { territorio: 'Lecce', ref_area: 'ITF45', sigla: 'LE' },
  { territorio: 'Potenza', ref_area: 'ITF51', sigla: 'PZ' },
  { territorio: 'Matera', ref_area: 'ITF52', sigla: 'MT' },
  { territorio: 'Cosenza', ref_area: 'ITF61', sigla: 'CS' },
  { territorio: 'Crotone', ref_area: 'ITF62', sigla: 'KR' },
  { territorio: 'Catanzaro', ref_area: 'ITF63', sigla: 'CZ' },
  { territorio: 'Vibo Valentia', ref_area: 'ITF64', sigla: 'VV' },
  // The file says "Reggio di Calabria", the registry "Reggio Calabria".
  { territorio: 'Reggio di Calabria', ref_area: 'ITF65', sigla: 'RC' },
  { territorio: 'Trapani', ref_area: 'ITG11', sigla: 'TP' },
  { territorio: 'Palermo', ref_area: 'ITG12', sigla: 'PA' },
  { territorio: 'Messina', ref_area: 'ITG13', sigla: 'ME' },
  { territorio: 'Agrigento', ref_area: 'ITG14', sigla: 'AG' },
  { territorio: 'Caltanissetta', ref_area: 'ITG15', sigla: 'CL' },
  { territorio: 'Enna', ref_area: 'ITG16', sigla: 'EN' },
  { territorio: 'Catania', ref_area: 'ITG17', sigla: 'CT' },
  { territorio: 'Ragusa', ref_area: 'ITG18', sigla: 'RG' },
  { territorio: 'Siracusa', ref_area: 'ITG19', sigla: 'SR' },
  // Sardinia. Old NUTS code of the pre-2016 province, but the figures are for the 2016-2025 province (92 comuni, Olbia-Tempio included): 2020 population 484,407 = sum of the 92 comuni of today's SS. Holds for 2014-2024 (2014: 488,789, the old 66-comuni province had about 335,000).
  { territorio: 'Sassari', ref_area: 'ITG25', sigla: 'SS' },
  // Sardinia. Old code; figures for today's Nuoro (74 comuni, Ogliastra included): 2020 population 205,205 = sum of today's NU.
  { territorio: 'Nuoro', ref_area: 'ITG26', sigla: 'NU' },
  // Sardinia. Old code of the larger pre-2016 Cagliari province, but the figures are for today's Città metropolitana (17 comuni): 2020 population 422,840 = sum of today's CA (the old province had about 560,000). The rest of the old province is in Sud Sardegna, which the file lacks.
  { territorio: 'Cagliari', ref_area: 'ITG27', sigla: 'CA' },
  // Sardinia. Old code; figures for today's Oristano (87 comuni): 2020 population 154,974 = sum of today's OR.
  { territorio: 'Oristano', ref_area: 'ITG28', sigla: 'OR' },
];

/**
 * Current provinces that get no crime figures, and why. A province whose territory is
 * not one of the file's territories stays null: figures are never apportioned.
 */
export const DELITTI_PROVINCE_SENZA_DATO: readonly { sigla: string; motivo: string }[] = [
  {
    sigla: 'SU',
    // Sud Sardegna (107 comuni, 344,195 inhabitants in 2020) was formed in 2016 from Carbonia-Iglesias,
    // Medio Campidano and most of the old Cagliari province. The file has no row for it (ISTAT code IT111),
    // and the four Sardinian territories it has cover only SS, NU, CA and OR, so nothing can be attached.
    motivo: 'Provincia del Sud Sardegna assente dal file ISTAT: nessun territorio del file corrisponde al suo.',
  },
];
