import { readFile } from 'node:fs/promises';
import { Agent, request as httpRequest, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import ts from 'typescript';
import { matchRoute } from '../../../api/routes.ts';
import { createApp } from '../../../server/app.ts';
import { loadBuiltIndex, TEST_BUILD } from '../helpers/real-build.ts';

/** What the contract tests hold every response to. */
export const CACHE_CONTROL = 'public, max-age=3600, stale-while-revalidate=86400';
export const JSON_TYPE = 'application/json; charset=utf-8';
export const PROBLEM_TYPE = 'application/problem+json; charset=utf-8';

export interface Reply {
  status: number;
  headers: IncomingHttpHeaders;
  body: string;
}

export interface LocalServer {
  base: string;
  /** Sends `target` exactly as given (no client-side normalisation), so encoded and traversal paths reach the server. */
  send(target: string, options?: { method?: string; headers?: Record<string, string> }): Promise<Reply>;
  close(): Promise<void>;
}

/** The local server of `npm start`, in-process on 127.0.0.1 (an ephemeral port: test files run in parallel), on the test build. */
export async function startServer(): Promise<LocalServer> {
  const server: Server = createApp(TEST_BUILD.outDir, await loadBuiltIndex(), () => {});
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const agent = new Agent({ keepAlive: true, maxSockets: 8 });
  const send: LocalServer['send'] = (target, options = {}) =>
    new Promise((resolve, reject) => {
      const req = httpRequest(
        { host: '127.0.0.1', port, path: target, method: options.method ?? 'GET', headers: options.headers, agent },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () =>
            resolve({
              status: res.statusCode ?? 0,
              headers: res.headers,
              body: Buffer.concat(chunks).toString('utf8'),
            }),
          );
          res.on('error', reject);
        },
      );
      req.on('error', reject);
      req.end();
    });
  return {
    base: `http://127.0.0.1:${port}`,
    send,
    close: () =>
      new Promise((resolve) => {
        agent.destroy();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

type OpenApiDoc = {
  paths: Record<
    string,
    Record<
      string,
      { responses: Record<string, { $ref?: string; content?: Record<string, { schema: { $ref: string } }> }> }
    >
  >;
  components: { responses: Record<string, { content?: Record<string, { schema: { $ref: string } }> }> } & Record<
    string,
    unknown
  >;
};

export async function builtOpenApi(): Promise<OpenApiDoc & Record<string, unknown>> {
  return JSON.parse(await readFile(join(TEST_BUILD.outDir, 'api', 'openapi.json'), 'utf8'));
}

const DOC_ID = 'https://comuni-api.local/openapi.json';

const PROBLEM = { schemaRef: '#/components/schemas/Problem', mediaType: 'application/problem+json' };

/**
 * Validates bodies against the schemas of the published OpenAPI document (not the
 * TypeBox sources), with ajv's JSON Schema 2020-12 build, as a client would.
 */
export class Contract {
  private readonly ajv = new Ajv2020({ allErrors: true, strict: false });
  private readonly compiled = new Map<string, ValidateFunction>();

  constructor(readonly doc: OpenApiDoc) {
    (addFormats as unknown as (a: Ajv2020) => Ajv2020)(this.ajv);
    // The components are addressed as JSON pointers into the document, exactly as its $refs are written.
    this.ajv.addSchema({ $id: DOC_ID, components: doc.components });
  }

  /**
   * The documented response for a request: the operation (GET, HEAD or OPTIONS) of
   * the route the path matches, or the API-wide problem answers (unknown path, refused method) the document describes in its introduction.
   * Null when the document does not describe that status for that request.
   */
  documented(
    target: string,
    method: string,
    status: number,
  ): { schemaRef: string | null; mediaType: string | null } | null {
    const pathname = new URL(target, 'http://localhost').pathname;
    if (!['GET', 'HEAD', 'OPTIONS'].includes(method)) return status === 405 ? PROBLEM : null;
    const route = matchRoute(pathname)?.route;
    if (!route) {
      // The preflight of any URL is accepted (the browser asks before knowing whether it exists).
      if (method === 'OPTIONS') return status === 204 ? { schemaRef: null, mediaType: null } : null;
      return status === 404 ? PROBLEM : null;
    }
    const operation = this.doc.paths[route.path]?.[method.toLowerCase()];
    const response = operation?.responses[String(status)];
    const resolved = response?.$ref
      ? this.doc.components.responses[response.$ref.replace('#/components/responses/', '')]
      : response;
    return resolved ? this.fromResponse(resolved) : null;
  }

  private fromResponse(response: { content?: Record<string, { schema: { $ref: string } }> } | undefined) {
    if (!response) return null;
    const [mediaType, media] = Object.entries(response.content ?? {})[0] ?? [null, null];
    return { schemaRef: media?.schema.$ref ?? null, mediaType };
  }

  /** Errors of `body` against a `#/components/schemas/...` reference of the document, or null. */
  errors(schemaRef: string, body: unknown): string | null {
    let validate = this.compiled.get(schemaRef);
    if (!validate) {
      validate = this.ajv.compile({ $ref: DOC_ID + schemaRef });
      this.compiled.set(schemaRef, validate);
    }
    if (validate(body)) return null;
    return this.ajv.errorsText(validate.errors?.slice(0, 5), { separator: '; ' });
  }
}

/** The headers CONVENTIONS.md requires on every API response. */
export function commonHeaderErrors(reply: Reply): string[] {
  const h = reply.headers;
  const out: string[] = [];
  if (h['cache-control'] !== CACHE_CONTROL) out.push(`Cache-Control ${h['cache-control']}`);
  if (h['access-control-allow-origin'] !== '*')
    out.push(`Access-Control-Allow-Origin ${h['access-control-allow-origin']}`);
  if (h['x-content-type-options'] !== 'nosniff') out.push(`X-Content-Type-Options ${h['x-content-type-options']}`);
  if (reply.status !== 204 && !/^(W\/)?"[^"]+"$/.test(h.etag ?? '')) out.push(`ETag ${h.etag}`);
  return out;
}

/** Type errors of a generated client's test file, strict mode, as `file:line message` (paths relative to `dir`). */
export function typeErrors(file: string, dir: string): string[] {
  const program = ts.createProgram([file], {
    strict: true,
    noEmit: true,
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.ESNext,
    moduleResolution: ts.ModuleResolutionKind.Bundler,
    allowImportingTsExtensions: true,
    noUnusedLocals: false,
    types: [],
  });
  return ts
    .getPreEmitDiagnostics(program)
    .map(
      (d) =>
        `${d.file ? `${d.file.fileName.replace(dir, '')}:${d.file.getLineAndCharacterOfPosition(d.start ?? 0).line + 1} ` : ''}${ts.flattenDiagnosticMessageText(d.messageText, '\n').slice(0, 500)}`,
    );
}
