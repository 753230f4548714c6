import { paramEntries, type ParamSchemaFields, type RouteSpec, type Values } from './contract.ts';
import { invalidParams, ProblemError, type InvalidParam } from './problem.ts';

/**
 * Validates the path and query parameters of a request against the route's schemas and
 * returns them typed, with defaults applied. Every problem found is reported at once
 * (400, `invalid_params`). Parameters the route does not define are ignored, so cache
 * busters such as `?_=123` keep working; that choice is documented in the OpenAPI text.
 */
export function parseParams<R extends RouteSpec>(
  route: R,
  pathParams: Record<string, string>,
  query: URLSearchParams,
  instance: string,
): Values<R> {
  const values: Record<string, string | number | undefined> = {};
  const problems: InvalidParam[] = [];
  for (const { name, in: location, required, schema } of paramEntries(route)) {
    const alias = schema.alias;
    const raw =
      location === 'path' ? [pathParams[name] ?? ''] : [...query.getAll(name), ...(alias ? query.getAll(alias) : [])];
    if (raw.length > 1) {
      const how =
        alias && query.has(alias) && query.has(name)
          ? `indicato sia come ${name} sia come ${alias}`
          : `ripetuto ${raw.length} volte`;
      problems.push({ name, reason: `${how}: va indicato una sola volta` });
      continue;
    }
    const text = raw[0];
    if (text === undefined) {
      if (required) problems.push({ name, reason: 'obbligatorio' });
      else values[name] = schema.default;
      continue;
    }
    const result = parseOne(schema, text);
    if (typeof result === 'object') problems.push({ name, reason: result.reason });
    else values[name] = result;
  }
  if (problems.length > 0) throw new ProblemError(invalidParams(instance, problems));
  // The one assertion of the contract: every value above was checked against its schema, or is its default.
  return values as Values<R>;
}

function parseOne(schema: ParamSchemaFields, text: string): string | number | { reason: string } {
  if (text.trim() === '') return { reason: 'vuoto' };
  if (schema.type === 'integer') {
    if (!/^-?\d{1,12}$/.test(text.trim())) return { reason: `"${preview(text)}" non è un numero intero` };
    const n = Number(text.trim());
    if (schema.minimum !== undefined && n < schema.minimum)
      return { reason: `deve essere almeno ${schema.minimum} (ricevuto ${n})` };
    if (schema.maximum !== undefined && n > schema.maximum)
      return { reason: `deve essere al massimo ${schema.maximum} (ricevuto ${n})` };
    return n;
  }
  if (schema.enum) {
    // Enumerated values are case-insensitive (`ASC` = `asc`), as the OpenAPI text says.
    const value = text.trim().toLowerCase();
    if (!schema.enum.includes(value))
      return { reason: `"${preview(text)}" non è ammesso; valori ammessi: ${schema.enum.join(', ')}` };
    return value;
  }
  const length = [...text].length;
  if (schema.maxLength !== undefined && length > schema.maxLength)
    return { reason: `troppo lungo: al massimo ${schema.maxLength} caratteri (ricevuti ${length})` };
  if (schema.minLength !== undefined && [...text.trim()].length < schema.minLength)
    return { reason: `troppo corto: almeno ${schema.minLength} caratteri` };
  if (schema.pattern && !new RegExp(schema.pattern).test(text))
    return { reason: `"${preview(text)}" non ha il formato atteso (${schema.pattern})` };
  return text;
}

/** Echoes at most 40 characters of user input in error messages. */
function preview(text: string): string {
  const chars = [...text];
  return chars.length > 40 ? `${chars.slice(0, 40).join('')}…` : text;
}
