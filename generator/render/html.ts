/** Build-time HTML: a tagged template that escapes every interpolated value unless it is already HTML. */

export class Html {
  constructor(readonly text: string) {}
  toString(): string {
    return this.text;
  }
}

export type HtmlValue = Html | string | number | null | undefined | false | readonly HtmlValue[];

export function escapeHtml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

function render(value: HtmlValue): string {
  if (value instanceof Html) return value.text;
  if (Array.isArray(value)) return value.map(render).join('');
  if (value === null || value === undefined || value === false) return '';
  return escapeHtml(String(value));
}

export function html(strings: TemplateStringsArray, ...values: HtmlValue[]): Html {
  let out = strings[0]!;
  values.forEach((v, i) => (out += render(v) + strings[i + 1]!));
  return new Html(out);
}

/**
 * Fills `{{name}}` placeholders. A placeholder without a value, or a value without a
 * placeholder, is an error: templates and generator cannot drift apart silently.
 */
export function fillTemplate(template: string, values: Readonly<Record<string, HtmlValue>>, name: string): string {
  const used = new Set<string>();
  const out = template.replace(/\{\{\s*([a-z_]+)\s*\}\}/g, (_, key: string) => {
    if (!(key in values)) throw new Error(`template ${name}: nessun valore per {{${key}}}`);
    used.add(key);
    return render(values[key]!);
  });
  const unused = Object.keys(values).filter((k) => !used.has(k));
  if (unused.length > 0) throw new Error(`template ${name}: nessun segnaposto per ${unused.join(', ')}`);
  return out;
}
