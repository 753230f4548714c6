// The API reference, rendered in the browser from /api/openapi.json: every operation with its
// parameters, responses, schemas and real examples, and a form to try it on this host.
import { h } from './dom.js';

const root = document.getElementById('riferimento');
const nav = document.getElementById('operazioni');

/** Values to prefill when the document gives no example or default for a parameter. */
const FALLBACK_VALUES = { codice_istat: '058091', q: 'rom', comuni: '058091,015146' };
const MAX_SHOWN_CHARS = 40_000;

/** Text with `code` spans, as the descriptions of the document write it. */
function inline(text) {
  return String(text)
    .split(/(`[^`]+`)/)
    .map((part) =>
      part.startsWith('`') && part.endsWith('`') && part.length > 1 ? h('code', {}, part.slice(1, -1)) : part,
    );
}

function prose(text) {
  return String(text ?? '')
    .split(/\n{2,}/)
    .filter((p) => p.trim())
    .map((p) => h('p', {}, inline(p)));
}

function resolver(doc) {
  return (node) => {
    let current = node;
    for (let i = 0; current && current.$ref && i < 10; i++) {
      current = current.$ref
        .replace(/^#\//, '')
        .split('/')
        .reduce((o, k) => o?.[k.replace(/~1/g, '/').replace(/~0/g, '~')], doc);
    }
    return current ?? {};
  };
}

const refName = (ref) => ref.split('/').pop();

// ---- schemas -------------------------------------------------------------------

function typeLabel(schema) {
  if (!schema || typeof schema !== 'object') return 'qualsiasi';
  if (schema.$ref) return refName(schema.$ref);
  const union = schema.anyOf ?? schema.oneOf;
  if (union) return union.map(typeLabel).join(' | ');
  if ('const' in schema) return JSON.stringify(schema.const);
  if (schema.enum) return schema.enum.map((v) => JSON.stringify(v)).join(' | ');
  if (schema.type === 'array') return `array di ${typeLabel(schema.items)}`;
  if (schema.type === 'object' && !schema.properties && (schema.additionalProperties || schema.patternProperties)) {
    const value = schema.additionalProperties ?? Object.values(schema.patternProperties)[0];
    return `mappa di ${typeof value === 'object' ? typeLabel(value) : 'valori'}`;
  }
  return [schema.type ?? 'qualsiasi', schema.format].filter(Boolean).join(', ');
}

function constraints(schema) {
  const out = [];
  if (schema.pattern) out.push(`formato ${schema.pattern}`);
  if (schema.minimum !== undefined) out.push(`≥ ${schema.minimum}`);
  if (schema.exclusiveMinimum !== undefined) out.push(`> ${schema.exclusiveMinimum}`);
  if (schema.maximum !== undefined) out.push(`≤ ${schema.maximum}`);
  if (schema.minLength !== undefined) out.push(`almeno ${schema.minLength} caratteri`);
  if (schema.maxLength !== undefined) out.push(`al massimo ${schema.maxLength} caratteri`);
  if (schema.minItems !== undefined) out.push(`almeno ${schema.minItems} elementi`);
  if (schema.maxItems !== undefined) out.push(`al massimo ${schema.maxItems} elementi`);
  if (schema.default !== undefined) out.push(`predefinito ${JSON.stringify(schema.default)}`);
  return out.join(', ');
}

/** The schemas nested in `schema` that deserve their own level: properties, items, union members. */
function children(schema, resolve) {
  const s = resolve(schema);
  if (s.properties)
    return Object.entries(s.properties).map(([name, child]) => ({
      name,
      schema: child,
      required: (s.required ?? []).includes(name),
    }));
  if (s.type === 'array' && s.items) return children(s.items, resolve);
  const union = s.anyOf ?? s.oneOf;
  if (union) return union.filter((m) => m.type !== 'null' && !('const' in m)).flatMap((m) => children(m, resolve));
  const map = s.additionalProperties ?? (s.patternProperties && Object.values(s.patternProperties)[0]);
  if (map && typeof map === 'object') return children(map, resolve);
  return [];
}

/** A schema as a tree of <details>; each level is rendered when first opened (the document is large). */
function schemaTree(schema, resolve, depth = 0) {
  const rows = children(schema, resolve);
  if (rows.length === 0 || depth > 12) return null;
  return h(
    'ul',
    { class: 'schema' },
    rows.map(({ name, schema: child, required }) => {
      const resolved = resolve(child);
      const head = [
        h('code', { class: 'prop' }, name),
        ' ',
        h('span', { class: 'type' }, typeLabel(child)),
        required ? h('span', { class: 'req' }, ' obbligatorio') : null,
      ];
      const text = child.description ?? resolved.description;
      const extra = constraints(resolved);
      const body = [
        text ? h('span', { class: 'desc' }, ' — ', inline(text)) : null,
        extra ? h('span', { class: 'limits' }, ` (${extra})`) : null,
      ];
      if (children(child, resolve).length === 0) return h('li', {}, head, body);
      const details = h('details', {}, h('summary', {}, head, body));
      details.addEventListener(
        'toggle',
        () =>
          details.open &&
          details.childElementCount === 1 &&
          details.append(schemaTree(child, resolve, depth + 1) ?? ''),
      );
      return h('li', {}, details);
    }),
  );
}

function lazyDetails(label, render) {
  const details = h('details', { class: 'lazy' }, h('summary', {}, label));
  details.addEventListener('toggle', () => {
    if (details.open && details.childElementCount === 1) details.append(render());
  });
  return details;
}

/** Pretty JSON in a scrollable block; examples are cut at MAX_SHOWN_CHARS, a "try it" answer (`whole`) never is. */
function jsonBlock(value, { whole = false } = {}) {
  const text = JSON.stringify(value, null, 2);
  return h(
    'pre',
    { class: 'json', tabindex: '0' },
    h(
      'code',
      {},
      !whole && text.length > MAX_SHOWN_CHARS
        ? `${text.slice(0, MAX_SHOWN_CHARS)}\n… (troncato: ${text.length} caratteri in tutto)`
        : text,
    ),
  );
}

// ---- operations ----------------------------------------------------------------

function parameterRows(params, resolve) {
  return params.map((p) => {
    const schema = resolve(p.schema ?? {});
    return h(
      'tr',
      {},
      h('td', {}, h('code', {}, p.name), p.required ? h('span', { class: 'req' }, ' obbligatorio') : null),
      h('td', {}, p.in),
      h('td', {}, typeLabel(schema), constraints(schema) ? h('div', { class: 'limits' }, constraints(schema)) : null),
      h('td', {}, inline(p.description ?? '')),
    );
  });
}

function tryForm(path, params, resolve) {
  const editable = params.filter((p) => p.in === 'path' || p.in === 'query');
  const fields = editable.map((p) => {
    const schema = resolve(p.schema ?? {});
    const value = p.example ?? schema.default ?? FALLBACK_VALUES[p.name] ?? '';
    const id = `${path}-${p.name}`;
    const control = schema.enum
      ? h(
          'select',
          { id, name: p.name },
          p.required ? null : h('option', { value: '' }, '—'),
          schema.enum.map((v) => h('option', { value: v, selected: String(v) === String(value) }, v)),
        )
      : h('input', {
          id,
          name: p.name,
          type: schema.type === 'integer' ? 'number' : 'text',
          value: String(value),
          placeholder: p.required ? 'obbligatorio' : 'facoltativo',
        });
    return h('label', { for: id }, h('span', {}, p.name), control);
  });
  const curl = h('code', {});
  const output = h('div', { class: 'output', 'aria-live': 'polite' });
  const form = h(
    'form',
    { class: 'try-it' },
    fields,
    h('button', { type: 'submit' }, 'Invia la richiesta'),
    h('pre', { class: 'curl', tabindex: '0' }, curl),
    output,
  );
  const url = () => {
    let target = path;
    const query = new URLSearchParams();
    for (const p of editable) {
      const value = form.elements[p.name].value.trim();
      if (p.in === 'path') target = target.replace(`{${p.name}}`, encodeURIComponent(value));
      else if (value !== '') query.set(p.name, value);
    }
    const qs = query.toString().replace(/%2C/gi, ',');
    return qs ? `${target}?${qs}` : target;
  };
  const showCurl = () => (curl.textContent = `curl '${location.origin}${url()}'`);
  form.addEventListener('input', showCurl);
  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    const target = url();
    output.replaceChildren(h('p', { class: 'hint' }, 'Richiesta in corso…'));
    try {
      const response = await fetch(target);
      const type = response.headers.get('Content-Type') ?? '';
      const body = type.includes('json') ? await response.json() : await response.text();
      output.replaceChildren(
        h(
          'p',
          { class: `status s${String(response.status)[0]}xx` },
          `${response.status} ${response.statusText}`,
          h('span', { class: 'meta' }, ` · ${type}`),
          ' · ',
          h('a', { href: target }, 'apri'),
        ),
        typeof body === 'string' ? h('pre', { tabindex: '0' }, body) : jsonBlock(body, { whole: true }),
      );
    } catch (error) {
      output.replaceChildren(h('p', { class: 'error' }, `Richiesta non riuscita: ${error.message}`));
    }
  });
  showCurl();
  return form;
}

function responsesList(responses, resolve) {
  return h(
    'ul',
    { class: 'responses' },
    Object.entries(responses ?? {}).map(([code, raw]) => {
      const response = resolve(raw);
      const content = Object.entries(response.content ?? {});
      return h(
        'li',
        {},
        h('span', { class: `status s${code[0]}xx` }, code),
        ' ',
        inline(response.description ?? ''),
        content.map(([type, media]) => {
          const examples = Object.values(media.examples ?? {}).map((e) => resolve(e));
          return h(
            'div',
            { class: 'media' },
            h('code', { class: 'meta' }, type),
            media.schema
              ? lazyDetails(['Schema: ', h('code', {}, typeLabel(media.schema))], () =>
                  h('div', {}, prose(resolve(media.schema).description), schemaTree(media.schema, resolve) ?? ''),
                )
              : null,
            examples.map((e) =>
              lazyDetails(['Esempio reale: ', h('code', {}, e.summary ?? '')], () => jsonBlock(e.value)),
            ),
          );
        }),
      );
    }),
  );
}

function operationSection(path, item, resolve) {
  const op = item.get;
  const params = [...(item.parameters ?? []), ...(op.parameters ?? [])].map(resolve);
  const others = ['head', 'options'].filter((m) => item[m]).map((m) => m.toUpperCase());
  return h(
    'section',
    { class: 'operation', id: path },
    h('h2', {}, op.summary),
    h(
      'p',
      { class: 'endpoint' },
      h('span', { class: 'method' }, 'GET'),
      ' ',
      h('code', {}, path),
      others.length ? h('span', { class: 'meta' }, ` · anche ${others.join(' e ')}`) : null,
    ),
    prose(op.description),
    params.length
      ? h(
          'div',
          { class: 'scroll', tabindex: '0', role: 'region', 'aria-label': 'Parametri' },
          h(
            'table',
            {},
            h(
              'thead',
              {},
              h(
                'tr',
                {},
                ['Parametro', 'Dove', 'Tipo', 'Descrizione'].map((t) => h('th', { scope: 'col' }, t)),
              ),
            ),
            h('tbody', {}, parameterRows(params, resolve)),
          ),
        )
      : null,
    h('h3', {}, 'Prova'),
    tryForm(path, params, resolve),
    h('h3', {}, 'Risposte'),
    responsesList(op.responses, resolve),
  );
}

function navigation(doc) {
  const groups = new Map();
  for (const [path, item] of Object.entries(doc.paths)) {
    const tag = item.get?.tags?.[0] ?? 'Altro';
    if (!groups.has(tag)) groups.set(tag, []);
    groups
      .get(tag)
      .push(
        h('li', {}, h('a', { href: `#${encodeURIComponent(path)}` }, item.get?.summary ?? path, h('code', {}, path))),
      );
  }
  return [...groups].map(([tag, items]) => h('div', {}, h('h2', {}, tag), h('ul', {}, items)));
}

async function main() {
  try {
    const response = await fetch('/api/openapi.json');
    if (!response.ok) throw new Error(`${response.status} ${response.statusText}`);
    const doc = await response.json();
    const resolve = resolver(doc);
    const operations = Object.entries(doc.paths).filter(([, item]) => item.get);
    root.replaceChildren(
      h(
        'h1',
        {},
        `Riferimento dell'API ${doc.info.title}`,
        h('span', { class: 'meta' }, ` versione ${doc.info.version} · OpenAPI ${doc.openapi}`),
      ),
      h('p', { class: 'lead' }, inline(doc.info.summary ?? '')),
      h('div', { class: 'intro' }, prose(doc.info.description)),
      h(
        'p',
        {},
        `${operations.length} endpoint. Documento completo: `,
        h('a', { href: '/api/openapi.json' }, h('code', {}, '/api/openapi.json')),
        '.',
      ),
      ...operations.map(([path, item]) => operationSection(path, item, resolve)),
    );
    nav.replaceChildren(...navigation(doc));
    root.setAttribute('aria-busy', 'false');
    if (location.hash) document.getElementById(decodeURIComponent(location.hash.slice(1)))?.scrollIntoView();
  } catch (error) {
    root.setAttribute('aria-busy', 'false');
    root.append(h('p', { class: 'error' }, `Impossibile caricare /api/openapi.json: ${error.message}`));
  }
}

main();
