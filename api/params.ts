import { invalidParams, ProblemError, type InvalidParam } from './problem.ts';
import type { ParamSpec, RouteSpec } from './routes.ts';

export type ParamValues = Record<string, string | number | undefined>;

/**
 * Validates the path and query parameters of a request against the route table and
 * returns them typed, with defaults applied. Every problem found is reported at once
 * (400, `invalid_params`). Parameters the route does not define are ignored, so cache
 * busters such as `?_=123` keep working; that choice is documented in the OpenAPI text.
 */
export function parseParams(
  route: RouteSpec,
  pathParams: Record<string, string>,
  query: URLSearchParams,
  instance: string,
): ParamValues {
  const values: ParamValues = {};
  const problems: InvalidParam[] = [];
  for (const spec of route.params) {
    const raw =
      spec.in === 'path'
        ? [pathParams[spec.name] ?? '']
        : [...query.getAll(spec.name), ...(spec.alias ? query.getAll(spec.alias) : [])];
    if (raw.length > 1) {
      const how =
        spec.alias && query.has(spec.alias) && query.has(spec.name)
          ? `indicato sia come ${spec.name} sia come ${spec.alias}`
          : `ripetuto ${raw.length} volte`;
      problems.push({ name: spec.name, reason: `${how}: va indicato una sola volta` });
      continue;
    }
    const text = raw[0];
    if (text === undefined) {
      if (spec.required) problems.push({ name: spec.name, reason: 'obbligatorio' });
      else values[spec.name] = spec.default;
      continue;
    }
    const result = parseOne(spec, text);
    if (typeof result === 'object') problems.push({ name: spec.name, reason: result.reason });
    else values[spec.name] = result;
  }
  if (problems.length > 0) throw new ProblemError(invalidParams(instance, problems));
  return values;
}

function parseOne(spec: ParamSpec, text: string): string | number | { reason: string } {
  if (text.trim() === '') return { reason: 'vuoto' };
  if (spec.type === 'integer') {
    if (!/^-?\d{1,12}$/.test(text.trim())) return { reason: `"${preview(text)}" non è un numero intero` };
    const n = Number(text.trim());
    if (spec.minimum !== undefined && n < spec.minimum)
      return { reason: `deve essere almeno ${spec.minimum} (ricevuto ${n})` };
    if (spec.maximum !== undefined && n > spec.maximum)
      return { reason: `deve essere al massimo ${spec.maximum} (ricevuto ${n})` };
    return n;
  }
  if (spec.enum) {
    const value = text.trim().toLowerCase();
    if (!spec.enum.includes(value))
      return { reason: `"${preview(text)}" non è ammesso; valori ammessi: ${spec.enum.join(', ')}` };
    return value;
  }
  const length = [...text].length;
  if (spec.maxLength !== undefined && length > spec.maxLength)
    return { reason: `troppo lungo: al massimo ${spec.maxLength} caratteri (ricevuti ${length})` };
  if (spec.minLength !== undefined && [...text.trim()].length < spec.minLength)
    return { reason: `troppo corto: almeno ${spec.minLength} caratteri` };
  if (spec.pattern && !new RegExp(spec.pattern).test(text))
    return { reason: `"${preview(text)}" non ha il formato atteso (${spec.pattern})` };
  return text;
}

/** Echoes at most 40 characters of user input in error messages. */
function preview(text: string): string {
  const chars = [...text];
  return chars.length > 40 ? `${chars.slice(0, 40).join('')}…` : text;
}
