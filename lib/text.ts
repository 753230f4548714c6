/** Helpers every layer may import (data-sources, api, generator, server): this folder imports nothing of the project. */

/** Folds case, accents, apostrophes and punctuation so "Valle d'Aosta/Vallée d'Aoste" and "valle d aosta" compare equal. */
export function foldText(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
}

/** URL- and file-safe form of a name: "Valle d'Aosta/Vallée d'Aoste" → "valle-d-aosta-vallee-d-aoste". */
export function slugify(text: string): string {
  return foldText(text).replace(/ /g, '-');
}
