import { expect, it } from 'vitest';
import { meta as aria } from '../../data-sources/ispra-aria.ts';
import { meta as gi } from '../../data-sources/gi-db-comuni.ts';
import { fontiHtml } from '../../generator/render/site/sources.ts';

it('lists each source with its vintage and, where data:fetch recorded it, the download date', () => {
  const html = String(
    fontiHtml(
      [
        { meta: gi, mancante: null },
        { meta: aria, mancante: null },
      ],
      new Map([['gi-db-comuni', '2026-11-20T09:15:00.000Z']]),
    ),
  );
  expect(html).toContain('Scaricata il');
  const row = (id: string) =>
    html.slice(html.indexOf(`id="fonte-${id}"`), html.indexOf('</tr>', html.indexOf(`id="fonte-${id}"`)));
  expect(row('gi-db-comuni')).toContain('<td>2026-11-20</td>');
  expect(row('gi-db-comuni')).toContain(`<td>${gi.vintage}</td>`);
  expect(row('ispra-aria')).toContain('<td>—</td>');
});
