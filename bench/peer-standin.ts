/**
 * A STAND-IN for the peer API Comuni-ITA (github Samurai016/Comuni-ITA), written by us for
 * `npm run bench:peer`: the peer itself cannot be installed here. It does the same kind of
 * work per request as the peer's server as we read it: Fastify with CORS, ETag and
 * compression plugins and a request log; the list route `/comuni` takes every comune out of
 * the index by code, filters them by the query (a record is `?codice=058091`, a search is
 * `?q=forl`, which normalises every name per request), pages them and sends them as JSON.
 * Same data as the peer's (its comuni.json of 26 January 2026 in the mirror). Not the peer's
 * code, and not a measure of the peer: a measure of the work its design does per request.
 *
 *   PORT=8621 node --import tsx bench/peer-standin.ts
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import compress from '@fastify/compress';
import cors from '@fastify/cors';
import etag from '@fastify/etag';
import { Type, type Static } from '@sinclair/typebox';
import Fastify from 'fastify';
import { resolveConfig } from '../generator/config.ts';

interface Comune {
  codice: string;
  nome: string;
  nomeStraniero: string | null;
  codiceCatastale: string;
  cap: string;
  prefisso: string;
  provincia: { nome: string; sigla: string; codice: string; regione: string };
}

const file = join(resolveConfig([]).dataDir, 'comuni-ita', '2026-01-26', 'comuni.json');
const comuni = JSON.parse(readFileSync(file, 'utf8')) as Comune[];
const byCode = new Map(comuni.map((comune) => [comune.codice, comune]));

/** Lower case without accents, as a name search compares them. */
const plain = (text: string) =>
  text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();

const Query = Type.Object({
  codice: Type.Optional(Type.String()),
  codiceCatastale: Type.Optional(Type.String()),
  provincia: Type.Optional(Type.String()),
  regione: Type.Optional(Type.String()),
  cap: Type.Optional(Type.String()),
  q: Type.Optional(Type.String()),
  limit: Type.Optional(Type.Integer({ minimum: 1, default: 100 })),
  offset: Type.Optional(Type.Integer({ minimum: 0, default: 0 })),
});

function select(query: Static<typeof Query>): Comune[] {
  let result = Array.from(byCode.values());
  if (query.codice) result = result.filter((c) => c.codice === query.codice);
  if (query.codiceCatastale) result = result.filter((c) => c.codiceCatastale === query.codiceCatastale);
  if (query.provincia) {
    const wanted = plain(query.provincia);
    result = result.filter((c) => plain(c.provincia.nome) === wanted);
  }
  if (query.regione) {
    const wanted = plain(query.regione);
    result = result.filter((c) => plain(c.provincia.regione) === wanted);
  }
  if (query.cap) result = result.filter((c) => c.cap === query.cap);
  if (query.q) {
    const wanted = plain(query.q);
    result = result.filter(
      (c) => plain(c.nome).includes(wanted) || (c.nomeStraniero !== null && plain(c.nomeStraniero).includes(wanted)),
    );
  }
  const offset = query.offset ?? 0;
  return result.slice(offset, offset + (query.limit ?? 100));
}

const app = Fastify({ logger: { level: 'info' } });
await app.register(cors);
await app.register(compress);
await app.register(etag);
app.get<{ Querystring: Static<typeof Query> }>('/comuni', { schema: { querystring: Query } }, (request, reply) => {
  reply.type('application/json');
  reply.serializer((payload: unknown) => JSON.stringify(payload));
  reply.send(select(request.query));
});

const port = Number(process.env.PORT ?? 8621);
await app.listen({ port, host: '127.0.0.1' });
