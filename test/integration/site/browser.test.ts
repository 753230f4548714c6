import { existsSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Demografia } from '../../../api/schemas/demografia.ts';
import type { Redditi } from '../../../api/schemas/redditi.ts';
import { PROJECT_ROOT } from '../../../generator/config.ts';
import { createApp } from '../../../server/app.ts';
import { hasRealBuild, loadBuiltIndex, readBuilt, REAL_DATA, TEST_BUILD } from '../helpers/real-build.ts';

/** Debian's Chromium (.ci/run installs it), never a browser downloaded by a test tool. */
const CHROMIUM = '/usr/bin/chromium';
const hasChromium = existsSync(CHROMIUM);
/** Quiet, offline Chromium: without these flags it keeps trying to reach Google's services. */
const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
/** Screenshots are test artifacts (gitignored), for a person to look at. */
const ARTIFACTS = join(PROJECT_ROOT, 'test-artifacts');
const SKIPPED = !hasRealBuild
  ? REAL_DATA
  : hasChromium
    ? ''
    : ` (SKIPPED: no ${CHROMIUM}; .ci/run installs it with apt-get)`;
const ROMA = '058091';
const MILANO = '015146';
const NAPOLI = '063049';
/** axe-core's browser build, injected into each page (never fetched from another host). */
const AXE = createRequire(import.meta.url).resolve('axe-core/axe.min.js');
const VIEWPORTS = { desktop: { width: 1280, height: 900 }, telefono: { width: 390, height: 844 } } as const;
/** The pages every size is checked on: what a visitor lands on, a comune's panel, the reference and the map. */
const PAGES = [
  { name: 'home', path: '/', ready: '#cerca' },
  { name: 'comune-roma', path: `/#comune-${ROMA}`, ready: '#grafico-popolazione svg.chart' },
  { name: 'riferimento', path: '/riferimento.html', ready: '#riferimento[aria-busy="false"] .operation' },
  { name: 'mappa', path: '/mappa.html', ready: '#mappa[aria-busy="false"] svg.map' },
  {
    name: 'confronta',
    path: `/confronta.html?comuni=${ROMA},${MILANO},${NAPOLI}`,
    ready: '#confronto[aria-busy="false"] #confronto-reddito svg.chart',
  },
  {
    name: 'wizard',
    path: '/wizard.html?budget=medio&dimensione=medio&priorita=ambiente&regione=Toscana',
    ready: '#wizard-risultati[aria-busy="false"] .wizard-result',
  },
  { name: '404', path: '/404.html', ready: 'h1' },
];

describe.skipIf(!hasRealBuild || !hasChromium)(`the documentation site in headless Chromium${SKIPPED}`, () => {
  let server: Server;
  let base: string;
  let browser: Browser;

  beforeAll(async () => {
    server = createApp(TEST_BUILD.outDir, await loadBuiltIndex(), () => {});
    // An ephemeral port: parallel test runs never collide.
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    // launch() gives every run a fresh temporary profile (its own --user-data-dir).
    browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
    await mkdir(ARTIFACTS, { recursive: true });
  });

  afterAll(async () => {
    await browser?.close();
    await new Promise((resolve) => server?.close(resolve));
  });

  /** A page that records console errors, uncaught exceptions, failed requests, HTTP errors and requests to other hosts. */
  async function openPage(
    viewport: { width: number; height: number } = VIEWPORTS.desktop,
  ): Promise<{ page: Page; problems: string[] }> {
    const page = await browser.newPage({ viewport });
    const problems: string[] = [];
    page.on('console', (m) => m.type() === 'error' && problems.push(`console: ${m.text()}`));
    page.on('pageerror', (e) => problems.push(`exception: ${e.message}`));
    page.on('requestfailed', (r) => problems.push(`failed: ${r.url()} ${r.failure()?.errorText ?? ''}`));
    page.on('response', (r) => r.status() >= 400 && problems.push(`HTTP ${r.status()}: ${r.url()}`));
    page.on(
      'request',
      (r) => !r.url().startsWith(`${base}/`) && !r.url().startsWith('data:') && problems.push(`other host: ${r.url()}`),
    );
    return { page, problems };
  }

  it('serves the landing page with every section, no console error, no failed request, nothing from other hosts', async () => {
    const { page, problems } = await openPage();
    await page.goto(`${base}/`, { waitUntil: 'networkidle' });
    await expect(page.title()).resolves.toContain('comuni italiani');
    for (const id of ['cerca', 'avvio-rapido', 'endpoint', 'dati', 'fonti', 'annate', 'copertura', 'metodologia'])
      expect(await page.locator(`#${id}`).count(), id).toBe(1);
    // The quickstart shows curl against the host the page came from, with real codes.
    expect(await page.locator('#avvio-rapido pre').first().textContent()).toBe(`curl '${base}/api/comuni/${ROMA}'`);
    // One row per file of public/dati/: every resource of the package, the descriptor, README, citation and the zip.
    const pkg = await readBuilt<{ resources: unknown[] }>('/dati/datapackage.json');
    expect(await page.locator('#dati tbody tr').count()).toBe(pkg.resources.length + 4);
    await page.screenshot({ path: join(ARTIFACTS, 'landing.png'), fullPage: true });
    expect(problems).toEqual([]);
    await page.close();
  });

  it("shows Roma when 'rom' is typed in the search box, and draws the comune's charts when it is chosen", async () => {
    const { page, problems } = await openPage();
    await page.goto(`${base}/`, { waitUntil: 'networkidle' });
    await page.locator('#cerca-comune').pressSequentially('rom', { delay: 60 });
    const roma = page.locator('#cerca-risultati li[role="option"]', { hasText: 'Roma' }).first();
    await roma.waitFor({ state: 'visible' });
    expect(await page.locator('#cerca-comune').getAttribute('aria-expanded')).toBe('true');
    expect(await roma.getAttribute('data-codice')).toBe(ROMA);
    await page.screenshot({ path: join(ARTIFACTS, 'search-rom.png') });

    await roma.click();
    const population = page.locator('#grafico-popolazione svg.chart');
    await population.waitFor({ state: 'visible' });
    const demografia = await readBuilt<Demografia>(`/api/demografia/${ROMA}.json`);
    const redditi = await readBuilt<Redditi>(`/api/redditi/${ROMA}.json`);
    // One point per year with a value; the line is drawn.
    // One marker per official figure and one per register count: two series, never merged.
    expect(await population.locator('.punto').count()).toBe(
      demografia.serie_storica.filter((d) => d.popolazione_totale !== null).length +
        demografia.serie_storica.filter((d) => d.anagrafe !== null).length,
    );
    expect(await population.locator('path.serie').first().getAttribute('d')).toMatch(
      /^M[\d.]+,[\d.]+(L[\d.]+,[\d.]+)+/,
    );
    expect(await page.locator('#grafico-reddito svg.chart .punto').count()).toBeGreaterThanOrEqual(
      redditi.serie_storica.filter((r) => r.reddito_imponibile_medio_euro !== null).length,
    );
    // Zero-based value axis; the official and the register counts are separate, labelled lines.
    expect(await population.locator('.grid text').first().textContent()).toBe('0');
    expect(await page.locator('#grafico-popolazione .legenda li').allTextContents()).toEqual(
      expect.arrayContaining([expect.stringContaining('ISTAT'), expect.stringContaining('ANPR')]),
    );
    expect(await page.locator('#grafico-popolazione .chart-note').textContent()).toMatch(/gennaio 2026/);
    await expect(page.locator('#comune h2').textContent()).resolves.toContain('Roma');
    expect(page.url()).toBe(`${base}/#comune-${ROMA}`);
    await page.locator('#comune').screenshot({ path: join(ARTIFACTS, 'comune-roma.png') });
    expect(problems).toEqual([]);
    await page.close();
  });

  it('renders every operation of /api/openapi.json in the reference and runs a request from it', async () => {
    const { page, problems } = await openPage();
    await page.goto(`${base}/riferimento.html`, { waitUntil: 'networkidle' });
    await page.locator('#riferimento[aria-busy="false"] .operation').first().waitFor();
    const openapi = await readBuilt<{ paths: Record<string, { get?: unknown }> }>('/api/openapi.json');
    const paths = Object.keys(openapi.paths).filter((p) => openapi.paths[p]!.get);
    expect(await page.locator('.operation').evaluateAll((sections) => sections.map((s) => s.id))).toEqual(paths);
    expect(await page.locator('#operazioni a').count()).toBe(paths.length);
    await page.screenshot({ path: join(ARTIFACTS, 'reference.png') });

    const section = page.locator('section[id="/api/comuni/{codice_istat}"]');
    await section.locator('button[type="submit"]').click();
    await expect(section.locator('.output .status').textContent()).resolves.toMatch(/^200/);
    expect(await section.locator('.output pre').textContent()).toContain('"nome": "Roma"');
    // The response schema is rendered when its details are opened.
    await section.locator('.responses details.lazy summary').first().click();
    await section
      .locator('ul.schema code.prop', { hasText: /^codice_istat$/ })
      .first()
      .waitFor();
    expect(await section.locator('ul.schema code.prop').allTextContents()).toEqual(
      expect.arrayContaining(['codice_istat', 'nome', 'provincia', 'popolazione']),
    );
    await section.screenshot({ path: join(ARTIFACTS, 'reference-comune.png') });
    expect(problems).toEqual([]);
    await page.close();
  });

  for (const [size, viewport] of Object.entries(VIEWPORTS)) {
    for (const target of PAGES) {
      it(
        `${target.name} at ${viewport.width}×${viewport.height}: no sideways scroll, charts inside their panels with labels ≥ 11 px, no serious or critical axe violation`,
        async () => {
          const { page, problems } = await openPage(viewport);
          await page.goto(`${base}${target.path}`, { waitUntil: 'networkidle' });
          await page.locator(target.ready).first().waitFor();
          expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
          const charts = await page.locator('svg.chart').evaluateAll((svgs) =>
            svgs.map((svg) => ({
              width: svg.getBoundingClientRect().width,
              panel: svg.closest('.chart-box')!.getBoundingClientRect().width,
              smallestLabel: Math.min(
                ...[...svg.querySelectorAll('text')].map((t) =>
                  t.getBoundingClientRect().height > 0
                    ? parseFloat(getComputedStyle(t).fontSize) *
                      (svg.getBoundingClientRect().width / (svg as SVGSVGElement).viewBox.baseVal.width)
                    : 99,
                ),
              ),
            })),
          );
          if (target.name === 'comune-roma') expect(charts).toHaveLength(2);
          for (const c of charts) {
            expect(c.width).toBeLessThanOrEqual(c.panel + 0.5);
            expect(c.smallestLabel).toBeGreaterThanOrEqual(11);
          }
          await page.addScriptTag({ path: AXE });
          const violations = await page.evaluate(async () => {
            const axe = (
              window as unknown as {
                axe: {
                  run: (
                    context: Document,
                  ) => Promise<{ violations: { id: string; impact: string; nodes: { target: string[] }[] }[] }>;
                };
              }
            ).axe;
            return (await axe.run(document)).violations
              .filter((v) => v.impact === 'serious' || v.impact === 'critical')
              .map(
                (v) =>
                  `${v.id}: ${v.nodes
                    .map((n) => n.target.join(' '))
                    .slice(0, 3)
                    .join(', ')}`,
              );
          });
          expect(violations).toEqual([]);
          await page.screenshot({ path: join(ARTIFACTS, `${target.name}-${size}.png`) });
          expect(problems).toEqual([]);
          await page.close();
          // axe walks all 7,896 paths of the map: about 1 minute on a loaded 2-core machine.
        },
        target.name === 'mappa' ? 300_000 : undefined,
      );
    }
  }

  it('draws all 7,896 comuni on the map, coloured, with a legend that states unit, period and source; hovering shows a value, a tap keeps it in place and its link opens the panel', async () => {
    const { page, problems } = await openPage(VIEWPORTS.telefono);
    await page.goto(`${base}/mappa.html`, { waitUntil: 'networkidle' });
    await page.locator('#mappa[aria-busy="false"] svg.map').waitFor();
    const codes = (await readBuilt<{ codici: string[] }>('/mappa/indicatori.json')).codici;
    expect(codes).toHaveLength(7896);
    expect(await page.locator('#mappa path.comune').count()).toBe(7896);
    expect(await page.locator('#mappa path.comune:not([fill])').count()).toBe(0);
    await page.selectOption('#mappa-indicatore', 'reddito-medio');
    await expect(page.locator('#mappa-legenda').textContent()).resolves.toMatch(
      /in euro · anno d'imposta \d{4} · fonte: MEF/,
    );
    // Zoom to Lazio, then point at Roma and click it.
    await page.selectOption('#mappa-regione', '12');
    const roma = page.locator(`path[data-codice="${ROMA}"]`);
    await roma.hover();
    await expect(page.locator('#mappa-dettaglio').textContent()).resolves.toMatch(/^Roma \(RM\): [\d.]+ €/);
    const scrolled = await page.evaluate(() => window.scrollY);
    await roma.click();
    // The tap shows the value where the map is: the page does not jump to the panel.
    expect(await page.evaluate(() => window.scrollY)).toBe(scrolled);
    await page.locator('#mappa-dettaglio a', { hasText: 'Roma' }).click();
    await page.locator('#comune h2', { hasText: 'Roma' }).waitFor();
    await page.locator('#comune #grafico-popolazione svg.chart').waitFor();
    expect(page.url()).toBe(`${base}/mappa.html#comune-${ROMA}`);
    await page.screenshot({ path: join(ARTIFACTS, 'mappa-roma-telefono.png') });
    expect(problems).toEqual([]);
    await page.close();
  });

  /** The value of a figure of the comune panel, by its label. */
  const figureValue = (page: Page, label: string) =>
    page.locator('#comune .figure', { has: page.locator('dt', { hasText: new RegExp(`^${label}$`) }) }).locator('dd');

  for (const [size, viewport] of Object.entries(VIEWPORTS)) {
    it(`${size}: finds "forli" by typing and reads Forlì's population and income from its panel`, async () => {
      const { page, problems } = await openPage(viewport);
      await page.goto(`${base}/`, { waitUntil: 'networkidle' });
      await page.locator('#cerca-comune').pressSequentially('forli', { delay: 40 });
      const forli = page.locator('#cerca-risultati li[role="option"]', { hasText: /^Forlì FC / }).first();
      const code = (await forli.getAttribute('data-codice'))!;
      await forli.click();
      await page.locator('#comune h2', { hasText: 'Forlì' }).waitFor();
      const demografia = await readBuilt<Demografia>(`/api/demografia/${code}.json`);
      const redditi = await readBuilt<Redditi>(`/api/redditi/${code}.json`);
      const numbers = new Intl.NumberFormat('it-IT', { maximumFractionDigits: 0, useGrouping: 'always' });
      await expect(figureValue(page, 'Popolazione').textContent()).resolves.toContain(
        numbers.format(demografia.dati.popolazione_totale!),
      );
      await expect(figureValue(page, 'Reddito medio').textContent()).resolves.toContain(
        `${numbers.format(redditi.dati.reddito_medio_euro!)} €`,
      );
      await page.screenshot({ path: join(ARTIFACTS, `forli-${size}.png`) });
      expect(problems).toEqual([]);
      await page.close();
    });

    it(`${size}: compares Roma, Milano and Napoli chosen by name, with the newest population of each and Italy as reference; the URL keeps the choice`, async () => {
      const { page, problems } = await openPage(viewport);
      await page.goto(`${base}/confronta.html`, { waitUntil: 'networkidle' });
      for (const [name, sigla] of [
        ['Roma', 'RM'],
        ['Milano', 'MI'],
        ['Napoli', 'NA'],
      ] as const) {
        await page.locator('#confronta-cerca').pressSequentially(name.toLowerCase(), { delay: 40 });
        await page
          .locator('#confronta-risultati li[role="option"]', { hasText: new RegExp(`^${name} ${sigla} `) })
          .first()
          .click();
        await page.locator('#confronta-scelti li', { hasText: name }).waitFor();
      }
      await page.locator('#confronto[aria-busy="false"] .cmp-row').first().waitFor();
      expect(new URL(page.url()).searchParams.get('comuni')).toBe(`${ROMA},${MILANO},${NAPOLI}`);
      const residents = page.locator('.cmp-row', { has: page.locator('h4', { hasText: /^Residenti$/ }) });
      const compared = await page.evaluate(async (url) => (await fetch(url)).json(), `/api/confronta?comuni=${ROMA}`);
      const roma = compared.comuni[0].demografia;
      const numbers = new Intl.NumberFormat('it-IT', { maximumFractionDigits: 0, useGrouping: 'always' });
      await expect(residents.locator('li', { hasText: 'Roma' }).textContent()).resolves.toContain(
        `${numbers.format(roma.popolazione_totale)} ${roma.anno}`,
      );
      // No empty column because of a default year: every comune has its residents.
      expect(await residents.locator('.cmp-value.missing').count()).toBe(0);
      // The national average is a reference row where it is comparable (income), with its method.
      const income = page.locator('.cmp-row', { has: page.locator('h4', { hasText: /^Reddito medio/ }) });
      await expect(income.locator('li.riferimento').textContent()).resolves.toMatch(/Italia \(media\)[\d.]+ €/);
      expect(await page.locator('#confronto-popolazione .legenda li').allTextContents()).toEqual(
        expect.arrayContaining([expect.stringContaining('Roma'), expect.stringContaining('Napoli')]),
      );
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
      // Reloading the URL shows the same three comuni.
      await page.reload({ waitUntil: 'networkidle' });
      await expect(page.locator('#confronta-scelti li').allTextContents()).resolves.toEqual([
        expect.stringContaining('Roma'),
        expect.stringContaining('Milano'),
        expect.stringContaining('Napoli'),
      ]);
      await page.screenshot({ path: join(ARTIFACTS, `confronta-scelta-${size}.png`), fullPage: true });
      expect(problems).toEqual([]);
      await page.close();
    });

    it(`${size}: the wizard in Toscana with priority environment lists the API's top picks, with reasons and links`, async () => {
      const { page, problems } = await openPage(viewport);
      await page.goto(`${base}/wizard.html`, { waitUntil: 'networkidle' });
      // No answer is preselected: the user chooses each.
      expect(await page.locator('#wizard input[type="radio"]:checked').count()).toBe(0);
      await page.locator('#wizard-regione option', { hasText: 'Toscana' }).waitFor({ state: 'attached' });
      await page.getByLabel(/Nella media/).check();
      await page.getByLabel(/Una cittadina/).check();
      await page.getByLabel(/L'ambiente/).check();
      await page.selectOption('#wizard-regione', 'Toscana');
      await page.getByRole('button', { name: 'Mostra i comuni' }).click();
      await page.locator('#wizard-risultati[aria-busy="false"] .wizard-result').first().waitFor();
      const query = 'budget=medio&dimensione=medio&priorita=ambiente&regione=Toscana';
      expect(new URL(page.url()).search).toBe(`?${query}`);
      const answer = await page.evaluate(
        async (url) => (await fetch(url)).json(),
        `/api/qualita-vita/wizard?${query}&limit=10`,
      );
      const names = await page.locator('.wizard-result h3 a').allTextContents();
      expect(names).toEqual(answer.risultati.map((r: { nome: string }) => r.nome));
      const first = page.locator('.wizard-result').first();
      expect(await first.locator('.dims li').count()).toBe(5);
      await expect(first.textContent()).resolves.toContain(answer.risultati[0].perche);
      expect(await first.locator(`a[href="./#comune-${answer.risultati[0].codice_istat}"]`).count()).toBeGreaterThan(0);
      expect(await first.locator(`a[href="mappa.html#comune-${answer.risultati[0].codice_istat}"]`).count()).toBe(1);
      // The URL alone brings the same results back.
      await page.reload({ waitUntil: 'networkidle' });
      await page.locator('#wizard-risultati[aria-busy="false"] .wizard-result').first().waitFor();
      expect(await page.locator('.wizard-result h3 a').allTextContents()).toEqual(names);
      expect(problems).toEqual([]);
      await page.close();
    });

    it(`${size}: finds Bologna on the map, which zooms to it and keeps its value in place when switching to income`, async () => {
      const { page, problems } = await openPage(viewport);
      await page.goto(`${base}/mappa.html`, { waitUntil: 'networkidle' });
      await page.locator('#mappa[aria-busy="false"] svg.map').waitFor();
      const whole = await page.locator('svg.map').getAttribute('viewBox');
      await page.locator('#mappa-cerca').pressSequentially('bologna', { delay: 40 });
      await page
        .locator('#mappa-risultati li[role="option"]', { hasText: /^Bologna BO / })
        .first()
        .click();
      const bologna = page.locator('path[data-codice="037006"]');
      // Zoomed in: Bologna is now a target of at least 44 px, outlined and labelled.
      const box = (await bologna.boundingBox())!;
      expect(Math.max(box.width, box.height)).toBeGreaterThanOrEqual(44);
      expect(await page.locator('svg.map').getAttribute('viewBox')).not.toBe(whole);
      expect(await page.locator('svg.map .evidenziato').getAttribute('d')).toBe(await bologna.getAttribute('d'));
      await expect(page.locator('.map-label').textContent()).resolves.toMatch(/^Bologna: /);
      await page.selectOption('#mappa-indicatore', 'reddito-medio');
      await expect(page.locator('#mappa-dettaglio').textContent()).resolves.toMatch(
        /^Bologna \(BO\): [\d.]+ € · Reddito complessivo medio/,
      );
      await expect(page.locator('.map-label').textContent()).resolves.toMatch(/^Bologna: [\d.]+ €$/);
      // The panel is below the map, and not opened: the page stays where it is.
      expect(await page.locator('#comune').isHidden()).toBe(true);
      await page.locator('.map-zoom button[aria-label="Avvicina"]').click();
      await page.screenshot({ path: join(ARTIFACTS, `mappa-bologna-${size}.png`) });
      expect(problems).toEqual([]);
      await page.close();
    }, 120_000);
  }

  it('reaches a comune with the keyboard only: skip link, search, arrow, Enter, and the panel gets the focus path', async () => {
    const { page, problems } = await openPage(VIEWPORTS.desktop);
    await page.goto(`${base}/`, { waitUntil: 'networkidle' });
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Vai al contenuto');
    // The focus ring is the accent colour, at least 3:1 against the page.
    const ring = await page.evaluate(() => getComputedStyle(document.activeElement!).outlineColor);
    expect(ring).toBe('rgb(11, 110, 79)');
    for (let i = 0; i < 40; i++) {
      await page.keyboard.press('Tab');
      if (await page.evaluate(() => document.activeElement?.id === 'cerca-comune')) break;
    }
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('cerca-comune');
    await page.keyboard.type('napoli', { delay: 40 });
    await page.locator('#cerca-risultati li[role="option"]').first().waitFor();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await page.locator('#comune h2', { hasText: 'Napoli' }).waitFor();
    expect(page.url()).toBe(`${base}/#comune-${NAPOLI}`);
    // On the map, the search, the map itself, its zoom buttons and the legend are all reachable by Tab.
    await page.goto(`${base}/mappa.html`, { waitUntil: 'networkidle' });
    await page.locator('#mappa[aria-busy="false"] svg.map').waitFor();
    const reached = new Set<string>();
    for (let i = 0; i < 30; i++) {
      await page.keyboard.press('Tab');
      reached.add(
        await page.evaluate(() => {
          const a = document.activeElement!;
          return a.id || a.getAttribute('aria-label') || a.tagName;
        }),
      );
    }
    expect([...reached]).toEqual(
      expect.arrayContaining(['mappa-cerca', 'mappa-indicatore', 'Avvicina', 'Allontana', 'mappa-legenda']),
    );
    expect(problems).toEqual([]);
    await page.close();
  });

  it('serves an Italian 404 page with a title and a way home', async () => {
    const { page } = await openPage(VIEWPORTS.telefono);
    await page.goto(`${base}/404.html`);
    expect(await page.locator('html').getAttribute('lang')).toBe('it');
    expect(await page.title()).toBe('Pagina non trovata · comuni-api');
    await page.getByRole('link', { name: 'Torna alla pagina iniziale' }).click();
    await page.waitForURL(`${base}/`);
    await page.close();
  });
});
