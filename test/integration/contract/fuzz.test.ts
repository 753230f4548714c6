import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paramEntries, type ParamEntry } from '../../../api/contract.ts';
import { ROUTE_LIST } from '../../../api/routes.ts';
import type { RuntimeIndex } from '../../../api/runtime-index.ts';
import { PROJECT_ROOT } from '../../../generator/config.ts';
import { hasRealBuild, loadBuiltFullIndex, REAL_DATA } from '../helpers/real-build.ts';
import {
  builtOpenApi,
  commonHeaderErrors,
  Contract,
  JSON_TYPE,
  PROBLEM_TYPE,
  startServer,
  type LocalServer,
  type Reply,
} from './harness.ts';

/** At least 2,000 generated requests (FUZZ_RUNS raises it; FUZZ_SEED replays a failure). */
const RUNS = Number(process.env.FUZZ_RUNS ?? 2500);
const SEED = process.env.FUZZ_SEED === undefined ? undefined : Number(process.env.FUZZ_SEED);

interface FuzzRequest {
  method: string;
  target: string;
  headers: Record<string, string>;
}

const INJECTIONS = [
  "' OR '1'='1",
  '1; DROP TABLE comuni --',
  '<script>alert(1)</script>',
  '"><img src=x onerror=alert(1)>',
  '${7*7}',
  '{{7*7}}',
  '$(id)',
  '`id`',
  '__proto__',
  'constructor',
  'prototype',
  'toString',
  '{"$gt":""}',
  'null',
  'undefined',
  'NaN',
  'Infinity',
  'true',
  '[]',
  '\u0000',
  '\r\nX-Injected: 1',
  '\u202e\u0645\u0631\u062d\u0628\u0627',
  'ÀÉÎÕÜ ß ø',
  '👩‍👩‍👧‍👦🇮🇹',
  '\ufeffroma',
];
const NUMBERS = [
  '-0',
  '1e3',
  '0x10',
  '+5',
  ' 5',
  '5 ',
  '٣',
  '１２３',
  '9'.repeat(30),
  '2147483648',
  '-9007199254740993',
  '1.0',
  '01',
  '0'.repeat(20) + '1',
  '-',
  '--1',
  '1_000',
];
/** Already-encoded fragments a client can send that no encoder produces: invalid UTF-8, broken escapes, NUL. */
const RAW = [
  '%FF',
  '%C3%28',
  '%E2%82',
  '%ED%A0%80',
  '%',
  '%%',
  '%2',
  '%zz',
  '%00',
  '%0d%0a',
  '%25',
  '%2F',
  '%5C',
  '+',
  '&',
  '=',
  ';',
  '?',
  '#x',
];
const TRAVERSALS = [
  '../',
  '..%2f',
  '%2e%2e/',
  '%2e%2e%2f',
  '..\\',
  '..%5c',
  '%252e%252e%252f',
  '....//',
  '.%2e/',
  '%c0%ae%c0%ae/',
  './',
  '%2e/',
];
const SECRETS = [
  'etc/passwd',
  'package.json',
  'server/app.ts',
  '.git/config',
  'generated/edge-index.js',
  'tsconfig.json',
  'public/api/status.json',
  'api/openapi.json',
];

/** Every byte sequence as a client would put it on the wire (a lone surrogate cannot be UTF-8: it is replaced). */
const encode = (text: string) => encodeURIComponent(text.replace(/[\uD800-\uDFFF]/gu, '\uFFFD'));
/** Keeps the request line under Node's 16 KB header limit, even with several huge values (a cut may leave a broken escape: also fair input). */
const cap = (text: string) => text.slice(0, 2500);

function arbitraries(index: RuntimeIndex) {
  const codes = [index.comuni.codice[0]!, '058091', '015146', index.comuni.codice.at(-1)!];
  const validByName: Record<string, string[]> = {
    codice_istat: codes,
    fonte: index.fonti.slice(0, 3),
    q: ['roma', 'forli', 'San', 'bozen', 'xy'],
    comuni: [codes.slice(0, 2).join(','), codes.join(','), '058091'],
    anno: ['2020', '2023', '2025', '2026', '1999', '1900', '2100'],
    regione: ['lazio', 'Toscana', "Valle d'Aosta", 'EMILIA-ROMAGNA'],
    provincia: ['RM', 'mi', 'BZ'],
    // Current comuni (Roma, Masainas) and ceased ones (Riva Valdobbia).
    codice_catastale: ['H501', 'm270', 'H329'],
    cap: ['00118', '20121', '99999'],
    min_pop: ['0', '5000', '100000000'],
    max_pop: ['0', '50000', '100000000'],
  };
  const validValues = ({ name, schema }: ParamEntry): string[] => {
    if (validByName[name]) return validByName[name]!;
    if (schema.type === 'string' && schema.enum) return [...schema.enum];
    if (schema.type === 'integer')
      return [schema.minimum, schema.maximum, schema.default, 1].filter((v) => v !== undefined).map(String);
    return [];
  };
  const specsByName = new Map<string, ParamEntry[]>();
  for (const route of ROUTE_LIST)
    for (const p of paramEntries(route)) specsByName.set(p.name, [...(specsByName.get(p.name) ?? []), p]);

  const text = fc.oneof(
    { weight: 3, arbitrary: fc.string({ maxLength: 12 }) },
    { weight: 3, arbitrary: fc.string({ unit: 'grapheme', maxLength: 40 }) },
    { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 20 }) },
    { weight: 3, arbitrary: fc.constantFrom(...INJECTIONS) },
    {
      weight: 3,
      arbitrary: fc.oneof(
        fc.constantFrom(...NUMBERS),
        fc.integer().map(String),
        fc.double().map(String),
        fc.bigInt().map(String),
      ),
    },
    {
      weight: 1,
      arbitrary: fc.oneof(
        fc.integer({ min: 1000, max: 3000 }).map((n) => 'a'.repeat(n)),
        fc.string({ unit: 'grapheme', minLength: 100, maxLength: 200 }),
      ),
    },
  );
  const badValue = fc.oneof(
    { weight: 4, arbitrary: text.map((t) => cap(encode(t))) },
    { weight: 1, arbitrary: fc.constantFrom(...RAW) },
    { weight: 1, arbitrary: fc.tuple(text, fc.constantFrom(...RAW)).map(([t, raw]) => cap(encode(t)) + raw) },
  );
  const valueFor = (name: string) => {
    const valid = (specsByName.get(name) ?? []).flatMap(validValues).map(encode);
    return valid.length
      ? fc.oneof({ weight: 2, arbitrary: fc.constantFrom(...valid) }, { weight: 3, arbitrary: badValue })
      : badValue;
  };
  const knownNames = [...specsByName.keys()];
  const name = fc.oneof(
    { weight: 6, arbitrary: fc.constantFrom(...knownNames) },
    {
      weight: 1,
      arbitrary: fc.constantFrom(
        '__proto__',
        'constructor',
        'prototype',
        'hasOwnProperty',
        '',
        '_',
        'LIMIT',
        'limit[]',
        'limit.x',
        'q%00',
      ),
    },
    { weight: 1, arbitrary: fc.string({ unit: 'grapheme', maxLength: 10 }).map(encode) },
  );
  const pair = name.chain((n) => valueFor(n).map((v) => [n, v] as const));
  const query = fc
    .tuple(
      fc.array(pair, { maxLength: 5 }),
      fc.boolean(),
      fc.constantFrom('&', '&', '&', ';', '&&'),
      fc.constantFrom('', '', '&', '#frag'),
    )
    .map(([pairs, repeat, separator, tail]) => {
      const all = repeat && pairs.length ? [...pairs, pairs[0]!] : pairs;
      return all.length ? `?${all.map(([n, v]) => `${n}=${v}`).join(separator)}${tail}` : '';
    });

  const templatePath = fc.constantFrom(...ROUTE_LIST).chain((route) => {
    const pathParams = paramEntries(route).filter((p) => p.in === 'path');
    return fc
      .tuple(
        ...pathParams.map((p) =>
          fc.oneof(
            { weight: 2, arbitrary: fc.constantFrom(...validValues(p).map(encode)) },
            { weight: 2, arbitrary: badValue },
          ),
        ),
      )
      .map((values) => {
        let path = route.path;
        pathParams.forEach((p, k) => (path = path.replace(`{${p.name}}`, values[k]!)));
        return path;
      });
  });
  const mutated = fc
    .tuple(
      templatePath,
      fc.constantFrom('', '', '', '/', '//', '.json', '/x', '/..', '/.', '%2f', '/%2e%2e/comuni', 'upper', 'double'),
    )
    .map(([path, m]) =>
      m === 'upper' ? path.toUpperCase() : m === 'double' ? path.replace('/api/', '/api//') : path + m,
    );
  const traversal = fc
    .tuple(
      fc.constantFrom('/api/', '/api/comuni/', '/api/fonti/', '/api/comuni/058091/'),
      fc.array(fc.constantFrom(...TRAVERSALS), { minLength: 1, maxLength: 6 }),
      fc.constantFrom(...SECRETS),
    )
    .map(([prefix, steps, secret]) => prefix + steps.join('') + secret);
  const unknown = fc.string({ unit: 'grapheme', maxLength: 30 }).map((t) => `/api/${cap(encode(t))}`);
  const path = fc.oneof(
    { weight: 6, arbitrary: mutated },
    { weight: 2, arbitrary: traversal },
    { weight: 1, arbitrary: unknown },
  );

  const method = fc.oneof(
    { weight: 16, arbitrary: fc.constant('GET') },
    { weight: 3, arbitrary: fc.constant('HEAD') },
    { weight: 2, arbitrary: fc.constantFrom('POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS', 'TRACE') },
  );
  const headers = fc
    .option(fc.oneof(fc.constant('*'), fc.string({ maxLength: 40 }), fc.constant('W/"x", "y"')), { nil: undefined })
    .map((etag): Record<string, string> => (etag === undefined ? {} : { 'If-None-Match': etag }));
  return fc.record({ method, target: fc.tuple(path, query).map(([p, q]) => p + q), headers });
}

/** What a client may rely on, whatever it sends; returns the broken promises. */
async function violations(
  reply: Reply,
  request: FuzzRequest,
  contract: Contract,
  secrets: string[],
): Promise<string[]> {
  const out: string[] = [];
  if (reply.status >= 500) return [`${reply.status} ${reply.body.slice(0, 200)}`];
  const url = new URL(request.target, 'http://localhost');
  const isApi = url.pathname === '/api' || url.pathname.startsWith('/api/');
  if (reply.status === 200 && secrets.some((s) => reply.body.includes(s))) out.push('serves a file outside public/');
  // Outside /api (e.g. /api/../x, which every URL parser resolves to /x) is the site: only the two rules above.
  if (!isApi) return out;

  out.push(...commonHeaderErrors(reply));
  const fileRoute = url.pathname.endsWith('.json') ? url.pathname.replace(/\.json$/, '') : null;
  // A direct file (/api/qualita-vita/classifica.json) answers like the route it was written for (/api/qualita-vita/classifica).
  const asFile = fileRoute && reply.status < 400 ? contract.documented(fileRoute, request.method, reply.status) : null;
  const documented = asFile ?? contract.documented(request.target, request.method, reply.status);
  if (!documented) return [...out, `status ${reply.status} is not documented for ${request.method} ${url.pathname}`];
  const type = reply.headers['content-type'];
  if (reply.status >= 400 && type !== PROBLEM_TYPE) out.push(`4xx with Content-Type ${type}`);
  if (reply.status === 200 && type !== JSON_TYPE) out.push(`200 with Content-Type ${type}`);
  if (request.method === 'HEAD' || reply.status === 304 || reply.status === 204)
    return reply.body === '' ? out : [...out, 'a body where there must be none'];
  if (documented.schemaRef) {
    const body = JSON.parse(reply.body) as { status?: number };
    const errors = contract.errors(documented.schemaRef, body);
    if (errors) out.push(`body fails ${documented.schemaRef}: ${errors}`);
    if (reply.status >= 400 && body.status !== reply.status)
      out.push(`problem status ${body.status} ≠ ${reply.status}`);
  }
  return out;
}

describe.skipIf(!hasRealBuild)(`fuzz: generated bad and edge-case requests over every endpoint${REAL_DATA}`, () => {
  let server: LocalServer;
  let contract: Contract;
  let index: RuntimeIndex;
  let secrets: string[];
  beforeAll(async () => {
    [server, contract, index] = await Promise.all([
      startServer(),
      builtOpenApi().then((doc) => new Contract(doc)),
      loadBuiltFullIndex(),
    ]);
    // Contents that must never come back: files next to public/ and the system's.
    const read = (path: string) =>
      readFile(path, 'utf8')
        .then((t) => t.slice(0, 200))
        .catch(() => null);
    secrets = (
      await Promise.all([
        read('/etc/passwd'),
        read(join(PROJECT_ROOT, 'package.json')),
        read(join(PROJECT_ROOT, 'server/app.ts')),
        read(join(PROJECT_ROOT, 'tsconfig.json')),
      ])
    ).filter((s): s is string => s !== null);
  });
  afterAll(() => server?.close());

  it(`never answers 5xx; every 4xx is a documented problem+json, every 2xx valid against its schema; the server still answers (${RUNS} cases)`, async () => {
    const statuses = new Map<number, number>();
    let cases = 0;
    await fc.assert(
      fc.asyncProperty(arbitraries(index), async (request) => {
        cases++;
        const reply = await server.send(request.target, { method: request.method, headers: request.headers });
        statuses.set(reply.status, (statuses.get(reply.status) ?? 0) + 1);
        const broken = await violations(reply, request, contract, secrets);
        if (broken.length)
          throw new Error(
            `${request.method} ${request.target} ${JSON.stringify(request.headers)} → ${reply.status}: ${broken.join('; ')}`,
          );
      }),
      { numRuns: RUNS, seed: SEED, endOnFailure: false },
    );
    console.log(
      `[fuzz] ${cases} requests; statuses ${JSON.stringify(Object.fromEntries([...statuses].sort(([a], [b]) => a - b)))}`,
    );
    expect(cases).toBeGreaterThanOrEqual(Math.min(RUNS, 2000));
    // Every family of answers was exercised, not just the errors.
    for (const status of [200, 400, 404, 405]) expect(statuses.get(status) ?? 0, `status ${status}`).toBeGreaterThan(0);
    const after = await server.send('/api/comuni/058091');
    expect(after.status).toBe(200);
    expect(JSON.parse(after.body).nome).toBe('Roma');
  });
});
