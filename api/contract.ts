/**
 * The route contract: what a route declares (its path and query parameters as TypeBox
 * schemas, the name of its response schema) and the types the answer functions get from it, as
 * `createRoute` and `RouteHandler<R>` do in @hono/zod-openapi. The parameter parser, the
 * canonical URLs, the file names, the CDN layer and the OpenAPI document all read the
 * same schema objects.
 *
 * The builders below write exactly what TypeBox's `Type.Integer`, `Type.String`,
 * `Type.Unsafe`, `Type.Optional` and `Type.Object` write (test/api/contract.test.ts
 * compares them), with TypeBox's own symbols: the edge function loads no npm package at
 * run time (test/deno), so the route table cannot call TypeBox itself. The types are
 * TypeBox's, so `Static<>` types the parameter values.
 */
import type {
  IntegerOptions,
  Static,
  StringOptions,
  TInteger,
  TObject,
  TOptional,
  TString,
  TUnsafe,
} from '@sinclair/typebox';
import type { SCHEMAS } from './schemas/index.ts';
import type { RuntimeIndex } from './runtime-index.ts';
import { getOrSet } from '../lib/maps.ts';

const Kind = Symbol.for('TypeBox.Kind');
const OptionalKind = Symbol.for('TypeBox.Optional');

/** What every parameter says of itself; `alias` is another accepted name (the spec spells the ranking order `ordine` or `order` by group). */
interface ParamOptions {
  description: string;
  alias?: string;
}

// The `static` member of a TypeBox type exists in its type only, so a schema object gets its TypeBox type here.
export const integer = (options: IntegerOptions & ParamOptions): TInteger =>
  ({ ...options, [Kind]: 'Integer', type: 'integer' }) as unknown as TInteger;

export const string = (options: StringOptions & ParamOptions): TString =>
  ({ ...options, [Kind]: 'String', type: 'string' }) as unknown as TString;

/** A string among `values`: JSON Schema `enum` (OpenAPI clients read it as a string enum), typed as the union of the values. */
export const stringEnum = <const V extends readonly string[]>(
  values: V,
  options: StringOptions & ParamOptions,
): TStringEnum<V[number]> =>
  ({ enum: [...values], ...options, type: 'string', [Kind]: 'Unsafe' }) as unknown as TStringEnum<V[number]>;

type TStringEnum<T extends string> = TUnsafe<T> & { type: 'string'; enum: readonly T[] };

/** A query parameter with neither a value required nor a default: absent means `undefined`. */
export const optional = <S extends ParamSchema>(schema: S): TOptional<S> =>
  ({ ...schema, [OptionalKind]: 'Optional' }) as unknown as TOptional<S>;

type ParamSchema = TInteger | TString | TStringEnum<string>;
type ParamProperties = Record<string, ParamSchema | TOptional<ParamSchema>>;

/** The parameters of one location: every key required except those marked optional (a default counts as a value). */
export const params = <P extends ParamProperties>(properties: P): TObject<P> => {
  const required = Object.keys(properties).filter((name) => !isOptional(properties[name]!));
  return {
    type: 'object',
    ...(required.length ? { required } : {}),
    properties,
    [Kind]: 'Object',
  } as unknown as TObject<P>;
};

const isOptional = (schema: object) => OptionalKind in schema;

/**
 * How a route is answered:
 * - `file`: one file per key, written by the generator from the full dataset; a
 *   non-default `anno` is a projection of that file done by the handler;
 * - `list`: computed from the runtime index by the same function at build time
 *   (precomputed variants) and at request time (any other parameters);
 * - `dynamic`: computed at request time only (search, comparison, wizard).
 */
export type RouteMode = 'file' | 'list' | 'dynamic';

/** Name of a response schema of api/schemas (checked: a typo does not compile). */
export type SchemaName = keyof typeof SCHEMAS;

/**
 * A reason the route answers 404, with a request that gets it: the OpenAPI document's 404
 * description and examples, and the build checks that the request does answer 404.
 */
export interface NotFound {
  reason: string;
  example: string;
}

/**
 * A file the build writes for a route: the parameter values it answers (its path: api/static-files.ts
 * `staticFilePath`), and for a list the number of items, each page of which at the default limit is a file.
 */
export interface FileKey {
  values: AnyValues;
  total?: number;
}

/**
 * Which files the build writes for a route, read from the runtime index: the writer, the check that the build
 * wrote exactly these, the CDN layer and the tests all read this declaration. Required for `file` and `list`
 * routes (a route without it does not compile); a `dynamic` route has none.
 */
type RouteFiles =
  { mode: 'dynamic'; files?: never } | { mode: 'file' | 'list'; files: (index: RuntimeIndex) => readonly FileKey[] };

export type RouteSpec = RouteFiles & {
  id: string;
  path: string;
  mode: RouteMode;
  tag: string;
  summary: string;
  description: string;
  request: { params: TObject<ParamProperties>; query: TObject<ParamProperties> };
  /**
   * The response schema. A name, not the object: every response schema is built by TypeBox
   * at run time, which the edge function must not load; `SCHEMAS[route.schema]` is typed.
   */
  schema: SchemaName;
  /** Every reason the route answers 404 (none: it never does for a well-formed request). */
  notFound?: readonly NotFound[];
  /** True for endpoints SPEC.md does not list (documented as extensions). */
  extension?: boolean;
  /** The array of the JSON answer whose items are the rows of its CSV form (api/csv.ts); without it, JSON only. */
  csv?: 'risultati' | 'comuni';
};

/** A route as declared, its literal types kept (the `createRoute` of this API). */
export const route = <const R extends RouteSpec>(spec: R): R => spec;

/** The parameter values of a request of route R, as the parser returns them (defaults applied). */
export type Values<R extends RouteSpec> = Static<R['request']['params']> & Static<R['request']['query']>;

/** Values of any route, for the code that serialises them generically (canonical URLs, file names). */
export type AnyValues = Readonly<Record<string, string | number | undefined>>;

/** One parameter with its location, in declaration order (path first), for the code that walks every parameter. */
export interface ParamEntry {
  name: string;
  in: 'path' | 'query';
  /** A value must be given: path parameters, and query parameters neither optional nor defaulted. */
  required: boolean;
  description: string;
  schema: ParamSchemaFields;
}

/** The JSON Schema keywords a parameter schema may carry. */
export interface ParamSchemaFields {
  type: 'integer' | 'string';
  description?: string;
  alias?: string;
  default?: string | number;
  minimum?: number;
  maximum?: number;
  enum?: readonly string[];
  pattern?: string;
  minLength?: number;
  maxLength?: number;
}

const entryCache = new WeakMap<RouteSpec, readonly ParamEntry[]>();

export function paramEntries(route: RouteSpec): readonly ParamEntry[] {
  const of = (location: 'path' | 'query', object: TObject<ParamProperties>) =>
    Object.entries(object.properties).map(([name, schema]) => ({
      name,
      in: location,
      required: location === 'path' || (!isOptional(schema) && schema.default === undefined),
      description: schema.description ?? '',
      schema,
    }));
  return getOrSet(entryCache, route, () => [...of('path', route.request.params), ...of('query', route.request.query)]);
}
