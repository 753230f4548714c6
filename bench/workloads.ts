/**
 * The request mixes the benchmarks replay, in process (bench/handler-latency.ts) and over
 * HTTP (bench/http.ts). Every computed mix must stay computed: the runner checks that the
 * handler answers each of its URLs with 200 and, for `computed` mixes, not from a file.
 */
import { QUERY_MIX } from './search-compare.ts';

export interface Workload {
  id: string;
  label: string;
  /** True when the handler computes every answer (no precomputed file behind it). */
  computed: boolean;
  paths: string[];
}

const BIG = ['058091', '015146', '001272', '063049', '082053', '037006', '048017', '010025'];
const SMALL = ['010044', '007071', '001022', '083084', '062070', '001001', '021061', '031003'];

/** 1 to 4 comuni, big and small, default year and past years (2010: income only, no population). */
const CONFRONTA = [
  [BIG[0]],
  [SMALL[0]],
  [BIG[1], BIG[2]],
  [BIG[3], SMALL[1]],
  [SMALL[2], SMALL[3], BIG[4]],
  [BIG[5], BIG[6], BIG[7], SMALL[4]],
  [SMALL[5], SMALL[6], SMALL[7], BIG[0]],
  [BIG[0], BIG[1], BIG[2], BIG[3]],
].flatMap((codes) =>
  [undefined, 2022, 2015, 2010].map((anno) => `/api/confronta?comuni=${codes.join(',')}${anno ? `&anno=${anno}` : ''}`),
);

/** Every budget × size × priority, then a few with a region filter and the largest limit. */
const WIZARD = [
  ...['basso', 'medio', 'alto'].flatMap((budget) =>
    ['piccolo', 'medio', 'grande'].flatMap((dimensione) =>
      ['reddito', 'ambiente', 'servizi', 'bilanciato'].map(
        (priorita) => `/api/qualita-vita/wizard?budget=${budget}&dimensione=${dimensione}&priorita=${priorita}`,
      ),
    ),
  ),
  '/api/qualita-vita/wizard?budget=medio&dimensione=piccolo&priorita=servizi&regione=Piemonte',
  '/api/qualita-vita/wizard?budget=alto&dimensione=medio&priorita=ambiente&regione=toscana',
  '/api/qualita-vita/wizard?budget=basso&dimensione=grande&priorita=reddito&regione=Emilia-Romagna',
  '/api/qualita-vita/wizard?budget=medio&dimensione=medio&priorita=bilanciato&regione=sicilia&limit=50',
  '/api/qualita-vita/wizard?budget=alto&dimensione=piccolo&priorita=bilanciato&limit=50',
];

/** List parameters the build writes no file for: limits, offsets and filters off the precomputed pages. */
const LISTS = [
  '/api/comuni?limit=7&offset=300',
  '/api/comuni?regione=lazio&limit=1000',
  '/api/comuni?provincia=mi&limit=20&offset=40',
  '/api/demografia/classifica/densita?limit=20&offset=40',
  '/api/demografia/classifica/popolazione?ordine=asc&limit=100&offset=7000',
  '/api/redditi/classifica/reddito?limit=500&offset=1000',
  '/api/ambiente/aria/classifica?indicatore=no2&limit=200',
  '/api/ambiente/suolo/classifica?order=asc&limit=10',
  '/api/qualita-vita/classifica?min_pop=5000&max_pop=20000',
  '/api/qualita-vita/classifica?regione=toscana&min_pop=10000&limit=100',
];

/** Past years of a per-comune record: projected from the record file on request. */
const PROJECTIONS = [
  '/api/demografia/058091?anno=2020',
  '/api/demografia/001272?anno=2019',
  '/api/redditi/015146?anno=2015',
  '/api/redditi/063049?anno=2005',
  '/api/redditi/010044?anno=2012',
];

export const CERCA: Workload = {
  id: 'cerca',
  label: 'cerca (autocompletamento)',
  computed: true,
  paths: [
    ...QUERY_MIX.map((q) => `/api/comuni/cerca?q=${encodeURIComponent(q.query)}`),
    // Narrowed by place (a form where the province or region is already chosen).
    '/api/comuni/cerca?q=san&provincia=RM',
    '/api/comuni/cerca?q=castel&regione=Toscana',
    '/api/comuni/cerca?q=mont&regione=piemonte',
  ],
};

/** The dynamic endpoints, timed in process and over HTTP. */
export const DYNAMIC_WORKLOADS: Workload[] = [
  CERCA,
  { id: 'confronta', label: 'confronta (1–4 comuni)', computed: true, paths: CONFRONTA },
  { id: 'wizard', label: 'wizard', computed: true, paths: WIZARD },
  { id: 'list', label: 'lista dinamica', computed: true, paths: LISTS },
  { id: 'anno', label: 'scheda con anno', computed: true, paths: PROJECTIONS },
];

/** Static answers, over HTTP only: a record through the handler, and the same file by its direct .json URL. */
export const STATIC_WORKLOADS: Workload[] = [
  { id: 'file', label: 'file via handler', computed: false, paths: ['/api/comuni/058091'] },
  { id: 'static', label: 'file .json diretto', computed: false, paths: ['/api/comuni/058091.json'] },
];
