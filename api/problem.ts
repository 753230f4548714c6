import type { Static } from '@sinclair/typebox';
import type { Problem as ProblemSchema } from './schemas/common.ts';

/** RFC 9457 problem details, the body of every error the API returns (its schema: api/schemas/common.ts). */
export type Problem = Static<typeof ProblemSchema>;

export type InvalidParam = NonNullable<Problem['invalid_params']>[number];

/** Problem types are documented at /api/errori#<slug> (the landing page explains each). */
const TYPES = {
  400: { slug: 'parametro-non-valido', title: 'Parametro non valido' },
  404: { slug: 'non-trovato', title: 'Risorsa non trovata' },
  405: { slug: 'metodo-non-consentito', title: 'Metodo non consentito' },
  429: { slug: 'troppe-richieste', title: 'Troppe richieste' },
} as const;

export type ProblemStatus = keyof typeof TYPES;

export function problem(
  status: ProblemStatus,
  detail: string,
  instance: string,
  extra: Partial<Problem> = {},
): Problem {
  const t = TYPES[status];
  return { type: `/api/errori#${t.slug}`, title: t.title, status, detail, instance, ...extra };
}

export class ProblemError extends Error {
  constructor(readonly problem: Problem) {
    super(problem.detail);
  }
}

export function invalidParams(instance: string, params: InvalidParam[]): Problem {
  const detail = params.map((p) => `${p.name}: ${p.reason}`).join('; ');
  return problem(400, detail, instance, { invalid_params: params });
}

/**
 * The body of an unexpected error (a bug, not bad input): it says nothing of the internals.
 * `about:blank` (RFC 9457 §4.2.1): no more to say than the status's own title.
 */
export function internalProblem(instance: string): Problem {
  return { type: 'about:blank', title: 'Errore interno', status: 500, detail: 'Errore inatteso del server.', instance };
}
