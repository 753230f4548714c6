import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { SCHEMAS } from '../../api/schemas/index.ts';
import { foldNullableUnions } from './fold-nullable.ts';
import { shareRepeatedSubschemas } from './shared-subschemas.ts';

/**
 * Two compilations of every schema: one that stops at the first error, for the ~50,000 bodies
 * the build checks (~40% faster on a valid body than collecting every error), and one that
 * collects them all, run only on a body already known to fail, for the message. Each is
 * compiled from the schema with its nullable unions folded and its repeated parts shared
 * (`inlineRefs: false`: each shared part one function; see shared-subschemas.ts). The schemas
 * are code, not input: the tests compile every one of them checked against JSON Schema's
 * meta-schema (test/generator/shared-subschemas.test.ts), so the build does not check them
 * again (`validateSchema: false`), which took ~40% of compiling the record validators.
 * ajv's optimisation passes over the generated code (`code.optimize`: dropping unused names,
 * folding constants) are skipped too: they took ~40% of the remaining compile time (5 record
 * schemas: 300–520 → 190–215 ms CPU, cold, three runs each), and the validators run as fast
 * without them (7,500 real records: 100–106 ms either way once warm).
 */
const compilers = new Map<boolean, Ajv2020>();
const cache = new Map<string, ValidateFunction>();

function compiled(name: string, allErrors: boolean): ValidateFunction {
  const key = `${name}\0${allErrors}`;
  let fn = cache.get(key);
  if (!fn) {
    const schema = SCHEMAS[name];
    if (!schema) throw new Error(`nessuno schema di nome ${name}`);
    let ajv = compilers.get(allErrors);
    if (!ajv) {
      ajv = (addFormats as unknown as (a: Ajv2020) => Ajv2020)(
        new Ajv2020({ allErrors, strict: false, inlineRefs: false, validateSchema: false, code: { optimize: false } }),
      );
      compilers.set(allErrors, ajv);
    }
    fn = ajv.compile(shareRepeatedSubschemas(foldNullableUnions(schema) as Record<string, unknown>));
    cache.set(key, fn);
  }
  return fn;
}

/** Compiled validator for a response schema of api/schemas (JSON Schema 2020-12; nullable unions folded and repeated parts shared, for speed), reporting every error. */
export const validatorFor = (name: string): ValidateFunction => compiled(name, true);

export function schemaErrors(name: string, body: unknown): string | null {
  if (compiled(name, false)(body)) return null;
  const validate = validatorFor(name);
  validate(body);
  const errors = (validate.errors ?? [])
    .slice(0, 5)
    .map((e) => `${e.instancePath || '/'} ${e.message}${e.params ? ` ${JSON.stringify(e.params)}` : ''}`);
  // Never an empty (falsy) answer for an invalid body, whatever the second validator says.
  return errors.length > 0 ? errors.join('; ') : 'non valido';
}
