/**
 * JSON Schemas (2020-12) for a Frictionless Data Package v2 whose resources are tabular
 * CSVs with an inline Table Schema and Table Dialect.
 *
 * The official profiles (https://datapackage.org/profiles/2.0/datapackage.json,
 * dataresource.json, tableschema.json, tabledialect.json) cannot be fetched here (no
 * network) and are not vendored, so this is a faithful SUBSET written from the text of
 * the standard:
 * - Data Package  https://datapackage.org/standard/data-package/
 * - Data Resource https://datapackage.org/standard/data-resource/
 * - Table Schema  https://datapackage.org/standard/table-schema/
 * - Table Dialect https://datapackage.org/standard/table-dialect/
 * It checks every MUST of those pages that applies to a package of inline-schema CSV
 * resources, and the documented shape of every optional property the package uses.
 * Additional properties are allowed, as the standard allows them (this dataset adds
 * `unit` on fields, `attribution` on sources, `righe` on resources).
 */

/** "name … MUST consist only of lowercase alphanumeric characters plus '.', '-' and '_'" (Data Package / Data Resource). */
const NAME = { type: 'string', pattern: '^[a-z0-9._-]+$' };

/** A URL or a POSIX path that MUST NOT be absolute nor go up a directory (Data Resource, "path"). */
const PATH = {
  type: 'string',
  minLength: 1,
  anyOf: [
    { pattern: '^https?://' },
    { not: { anyOf: [{ pattern: '^/' }, { pattern: '(^|/)\\.\\.(/|$)' }, { pattern: '^[a-zA-Z]+:' }] } },
  ],
};

/** Licence: "MUST contain a name property and/or a path property"; name is an Open Definition id. */
const LICENSE = {
  type: 'object',
  properties: {
    name: { type: 'string', pattern: '^[A-Za-z0-9.+-]+$' },
    path: { type: 'string', minLength: 1 },
    title: { type: 'string' },
  },
  anyOf: [{ required: ['name'] }, { required: ['path'] }],
};

/** Source: title, path, email, version ("SHOULD" have a title; this subset requires title or path). */
const SOURCE = {
  type: 'object',
  properties: {
    title: { type: 'string', minLength: 1 },
    path: { type: 'string', minLength: 1 },
    email: { type: 'string', format: 'email' },
    version: { type: 'string' },
  },
  anyOf: [{ required: ['title'] }, { required: ['path'] }],
};

const FIELD_TYPES = [
  'string',
  'number',
  'integer',
  'boolean',
  'object',
  'array',
  'list',
  'datetime',
  'date',
  'time',
  'year',
  'yearmonth',
  'duration',
  'geopoint',
  'geojson',
  'any',
];

const CONSTRAINTS = {
  type: 'object',
  properties: {
    required: { type: 'boolean' },
    unique: { type: 'boolean' },
    minLength: { type: 'integer', minimum: 0 },
    maxLength: { type: 'integer', minimum: 0 },
    minimum: { type: ['number', 'string'] },
    maximum: { type: ['number', 'string'] },
    exclusiveMinimum: { type: ['number', 'string'] },
    exclusiveMaximum: { type: ['number', 'string'] },
    pattern: { type: 'string', format: 'regex' },
    enum: { type: 'array', minItems: 1 },
  },
};

/** Field descriptor: "MUST contain a name"; type from the list of Table Schema types. */
const FIELD = {
  type: 'object',
  required: ['name'],
  properties: {
    name: { type: 'string', minLength: 1 },
    type: { enum: FIELD_TYPES },
    format: { type: 'string' },
    title: { type: 'string' },
    description: { type: 'string' },
    constraints: CONSTRAINTS,
    missingValues: { type: 'array', items: { type: 'string' } },
    trueValues: { type: 'array', items: { type: 'string' } },
    falseValues: { type: 'array', items: { type: 'string' } },
    decimalChar: { type: 'string' },
    groupChar: { type: 'string' },
    bareNumber: { type: 'boolean' },
  },
};

const FIELD_LIST = { anyOf: [{ type: 'string' }, { type: 'array', minItems: 1, items: { type: 'string' } }] };

export const TABLE_SCHEMA = {
  type: 'object',
  required: ['fields'],
  properties: {
    $schema: { type: 'string' },
    fields: { type: 'array', minItems: 1, items: FIELD },
    fieldsMatch: { enum: ['exact', 'equal', 'subset', 'superset', 'partial'] },
    missingValues: {
      anyOf: [
        { type: 'array', items: { type: 'string' } },
        {
          type: 'array',
          items: {
            type: 'object',
            required: ['value'],
            properties: { value: { type: 'string' }, label: { type: 'string' } },
          },
        },
      ],
    },
    primaryKey: FIELD_LIST,
    uniqueKeys: { type: 'array', items: { type: 'array', minItems: 1, items: { type: 'string' } } },
    foreignKeys: {
      type: 'array',
      items: {
        type: 'object',
        required: ['fields', 'reference'],
        properties: {
          fields: FIELD_LIST,
          reference: {
            type: 'object',
            required: ['fields'],
            properties: { resource: { type: 'string' }, fields: FIELD_LIST },
          },
        },
      },
    },
  },
};

export const TABLE_DIALECT = {
  type: 'object',
  properties: {
    $schema: { type: 'string' },
    header: { type: 'boolean' },
    headerRows: { type: 'array', items: { type: 'integer', minimum: 1 } },
    headerJoin: { type: 'string' },
    commentRows: { type: 'array', items: { type: 'integer', minimum: 1 } },
    commentChar: { type: 'string', minLength: 1 },
    delimiter: { type: 'string', minLength: 1 },
    lineTerminator: { type: 'string', minLength: 1 },
    quoteChar: { type: 'string', minLength: 1, maxLength: 1 },
    doubleQuote: { type: 'boolean' },
    escapeChar: { type: 'string', minLength: 1, maxLength: 1 },
    nullSequence: { type: 'string' },
    skipInitialSpace: { type: 'boolean' },
  },
};

export const DATA_RESOURCE = {
  type: 'object',
  required: ['name'],
  properties: {
    $schema: { type: 'string' },
    name: NAME,
    path: { anyOf: [PATH, { type: 'array', minItems: 1, items: PATH }] },
    data: {},
    type: { type: 'string' },
    title: { type: 'string' },
    description: { type: 'string' },
    format: { type: 'string' },
    mediatype: { type: 'string', pattern: '^(.+)/(.+)$' },
    encoding: { type: 'string' },
    bytes: { type: 'integer', minimum: 0 },
    hash: { type: 'string', pattern: '^([^:]+:[a-fA-F0-9]+|[a-fA-F0-9]{32})$' },
    sources: { type: 'array', items: SOURCE },
    licenses: { type: 'array', minItems: 1, items: LICENSE },
    dialect: { anyOf: [TABLE_DIALECT, PATH] },
    schema: { anyOf: [TABLE_SCHEMA, PATH] },
  },
  // "MUST contain a path property or a data property", not both.
  oneOf: [{ required: ['path'] }, { required: ['data'] }],
};

export const DATA_PACKAGE = {
  $schema: 'https://json-schema.org/draft/2020-12/schema',
  type: 'object',
  required: ['resources'],
  properties: {
    $schema: { type: 'string' },
    name: NAME,
    id: { type: 'string' },
    title: { type: 'string' },
    description: { type: 'string' },
    homepage: { type: 'string' },
    version: { type: 'string' },
    created: { type: 'string', format: 'date-time' },
    keywords: { type: 'array', items: { type: 'string' } },
    image: { type: 'string' },
    licenses: { type: 'array', minItems: 1, items: LICENSE },
    sources: { type: 'array', items: SOURCE },
    contributors: {
      type: 'array',
      items: { type: 'object', anyOf: [{ required: ['title'] }, { required: ['path'] }] },
    },
    resources: { type: 'array', minItems: 1, items: DATA_RESOURCE },
  },
};
