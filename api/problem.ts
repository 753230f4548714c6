/** RFC 9457 problem details, the body of every error the API returns. */
export interface InvalidParam {
  name: string;
  reason: string;
}

export interface Problem {
  type: string;
  title: string;
  status: number;
  detail: string;
  instance: string;
  invalid_params?: InvalidParam[];
  anni_disponibili?: number[];
  successori?: { codice_istat: string; nome: string; link: string }[];
}

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
