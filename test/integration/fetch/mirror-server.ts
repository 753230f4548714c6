import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { strToU8, zipSync } from 'fflate';
import { DEFAULT_DATA_DIR } from '../../../data-sources/lib/files.ts';
import type { SourceMeta } from '../../../data-sources/lib/source.ts';
import { isPageUrl } from '../../../data-sources/lib/shape.ts';
import { html, serve, status, type TestServer } from '../../fetch/server.ts';

/** The raw mirror (DATA_DIR, else the shared one beside the project), when this machine has it. */
export const MIRROR_DIR = resolve(process.env.DATA_DIR ?? DEFAULT_DATA_DIR);
export const MIRROR_PRESENT = existsSync(join(MIRROR_DIR, 'SHA256SUMS'));

/** SHA256SUMS of the mirror, by path relative to it. */
export async function mirrorChecksums(): Promise<Map<string, string>> {
  const text = await readFile(join(MIRROR_DIR, 'SHA256SUMS'), 'utf8');
  return new Map(
    text
      .split('\n')
      .filter(Boolean)
      .map((line) => {
        const [sum, path] = line.split(/\s+/);
        return [path!.replace(/^\.\//, ''), sum!] as [string, string];
      }),
  );
}

/**
 * Serves the mirror's files at their sources' official URLs, the way the publishers do:
 * a zip built on the fly (stored, no compression, to stay fast) holding the declared
 * members; a plain file; or an HTML page where the declared URL is a landing page. A zip
 * URL whose declared files are not members of it (the 2024 MEF summary JSONs, derived
 * from the official zip) gets a zip with a stand-in CSV member written here. A file the
 * mirror lacks (the national POSAS file) answers 404, as an unpublished file would.
 */
export async function serveMirror(server: TestServer, sources: readonly SourceMeta[]): Promise<void> {
  const byUrl = new Map<string, { meta: SourceMeta; path: string; zipMember?: string }[]>();
  for (const meta of sources) {
    for (const file of meta.files) {
      const list = byUrl.get(file.url) ?? [];
      list.push({ meta, path: file.path, ...(file.zipMember ? { zipMember: file.zipMember } : {}) });
      byUrl.set(file.url, list);
    }
  }
  for (const [url, files] of byUrl) {
    const present = files.filter((f) => existsSync(join(MIRROR_DIR, f.path)));
    const members = files.filter((f) => f.zipMember);
    if (members.length) {
      const available = members.filter((f) => present.includes(f));
      if (available.length === 0) {
        server.on(url, status(404, 'Not Found'));
        continue;
      }
      const entries: Record<string, Uint8Array> = {};
      for (const f of available) entries[f.zipMember!] = await readFile(join(MIRROR_DIR, f.path));
      server.on(url, serve(zipSync(entries, { level: 0 }), 'application/zip'));
    } else if (isPageUrl(url, files[0]!.meta.landingUrl)) {
      server.on(url, html());
    } else if (url.toLowerCase().endsWith('.zip')) {
      const name = decodeURIComponent(url.split('/').pop()!).replace(/\.zip$/i, '.csv');
      server.on(
        url,
        serve(zipSync({ [name]: strToU8('Anno di imposta;Codice Istat Comune\r\n') }, { level: 0 }), 'application/zip'),
      );
    } else if (present.length) {
      server.on(url, serve(await readFile(join(MIRROR_DIR, present[0]!.path)), 'application/octet-stream'));
    } else {
      server.on(url, status(404, 'Not Found'));
    }
  }
}
