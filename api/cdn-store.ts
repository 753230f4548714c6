import type { StaticStore } from './context.ts';

/**
 * The StaticStore of the Netlify runtimes (the edge function and the serverless Function): the
 * files the build wrote are on the CDN beside them, read by URL relative to the request's.
 */
export const cdnStore: StaticStore = {
  async read(path, base) {
    const response = await fetch(new URL(path, base));
    return response.ok ? response.text() : null;
  },
};
