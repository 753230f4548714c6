/**
 * What an Italian comune's name contains: letters (with accents) of the Latin script, in which every
 * official name is written, including those of the German, French, Slovene, Ladin and Sardinian
 * minorities (ß, č, š, ž, ö, ü), and of the Greek one; apostrophes, hyphens, spaces, the slash of
 * bilingual names ("Bolzano/Bozen") and the dot of abbreviations. Measured on the 2025 registry: every
 * name of the 7,896 comuni, of their provinces and regions and of the other-language names fits.
 */
const NAME = /^[\p{Script=Latin}\p{Script=Greek}\p{M}]+(?:[ '’\-/.]+[\p{Script=Latin}\p{Script=Greek}\p{M}]*)*$/u;
/** Any text field (station names, addresses, mail, web sites): no markup, no control character. */
const UNSAFE = /[<>\p{Cc}\uFFFD]/u;

const show = (text: string) => JSON.stringify(text);

/** Why a comune's (or province's, region's) name is not one, or null. */
export function nameProblem(name: string): string | null {
  if (UNSAFE.test(name)) return `${show(name)} contiene markup o caratteri di controllo`;
  if (!NAME.test(name))
    return `${show(name)} contiene caratteri che un nome di comune non ha (lettere, apostrofi, trattini, spazi, barra dei nomi bilingui)`;
  return null;
}

/** Why a free text field is unsafe to publish, or null. */
export function textProblem(text: string): string | null {
  return UNSAFE.test(text) ? `${show(text)} contiene markup o caratteri di controllo` : null;
}

/** Every string inside a value, with its path ("contatti.pec"), for the free-text check. */
export function* strings(value: unknown, path = ''): Generator<[string, string]> {
  if (typeof value === 'string') yield [path, value];
  else if (Array.isArray(value)) for (const [i, v] of value.entries()) yield* strings(v, `${path}[${i}]`);
  else if (value && typeof value === 'object')
    for (const [k, v] of Object.entries(value)) yield* strings(v, path ? `${path}.${k}` : k);
}
