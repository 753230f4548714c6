import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { SCHEMAS } from '../../api/schemas/index.ts';
import { foldNullableUnions } from './fold-nullable.ts';

let ajv: Ajv2020 | undefined;
const cache = new Map<string, ValidateFunction>();

/** Compiled validator for a response schema of api/schemas (JSON Schema 2020-12; nullable unions folded for speed). */
export function validatorFor(name: string): ValidateFunction {
  let fn = cache.get(name);
  if (!fn) {
    const schema = SCHEMAS[name];
    if (!schema) throw new Error(`nessuno schema di nome ${name}`);
    ajv ??= (addFormats as unknown as (a: Ajv2020) => Ajv2020)(new Ajv2020({ allErrors: true, strict: false }));
    fn = ajv.compile(foldNullableUnions(schema) as object);
    cache.set(name, fn);
  }
  return fn;
}

export function schemaErrors(name: string, body: unknown): string | null {
  const validate = validatorFor(name);
  if (validate(body)) return null;
  return (validate.errors ?? [])
    .slice(0, 5)
    .map((e) => `${e.instancePath || '/'} ${e.message}${e.params ? ` ${JSON.stringify(e.params)}` : ''}`)
    .join('; ');
}
