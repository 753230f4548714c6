/**
 * What a downloaded body looks like, judged on its bytes (the Content-Type header only
 * breaks a tie for markup): publishers that move a file typically answer 200 with an HTML
 * page, which must never be written where a CSV, xlsx, zip or JSON file is expected.
 */
export type ContentKind = 'empty' | 'html' | 'zip' | 'json' | 'text' | 'binary';

const KIND_LABEL: Record<ContentKind, string> = {
  empty: 'an empty body',
  html: 'an HTML page',
  zip: 'a zip archive (zip/xlsx)',
  json: 'JSON',
  text: 'text (CSV)',
  binary: 'binary data',
};

export function describeKind(kind: ContentKind): string {
  return KIND_LABEL[kind];
}

const HTML_MARKERS = /<!doctype\s+html|<html[\s>]|<head[\s>]|<body[\s>]|<title[\s>]|<meta\s|<script[\s>]/i;

/** Zip archives (and xlsx, which are zips) start with a local file header or an empty-archive record. */
export function isZip(bytes: Uint8Array): boolean {
  return (
    bytes.length >= 4 &&
    bytes[0] === 0x50 &&
    bytes[1] === 0x4b &&
    (bytes[2] === 0x03 || bytes[2] === 0x05) &&
    (bytes[3] === 0x04 || bytes[3] === 0x06)
  );
}

export function sniff(bytes: Uint8Array, contentType: string | null = null): ContentKind {
  if (bytes.length === 0) return 'empty';
  if (isZip(bytes)) return 'zip';
  const head = bytes.subarray(0, 8192);
  if (head.includes(0)) return 'binary';
  const start = new TextDecoder('latin1')
    .decode(head)
    .replace(/^\uFEFF|^\u00EF\u00BB\u00BF/, '')
    .trimStart();
  if (start.startsWith('<') && (HTML_MARKERS.test(start.slice(0, 4096)) || /text\/html|xhtml/i.test(contentType ?? '')))
    return 'html';
  if (start.startsWith('{') || start.startsWith('[')) {
    try {
      JSON.parse(new TextDecoder('utf-8').decode(bytes));
      return 'json';
    } catch {
      return 'text';
    }
  }
  return 'text';
}

const BY_EXTENSION: Record<string, ContentKind[]> = {
  csv: ['text'],
  tsv: ['text'],
  txt: ['text'],
  xml: ['text'],
  json: ['json'],
  geojson: ['json'],
  zip: ['zip'],
  xlsx: ['zip'],
  ods: ['zip'],
  xls: ['binary'],
  html: ['html'],
  htm: ['html'],
};

/** Extension of the last segment of a path or URL path, lower case, or null. */
export function extensionOf(pathOrUrl: string): string | null {
  let path = pathOrUrl;
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(pathOrUrl)) {
    try {
      path = new URL(pathOrUrl).pathname;
    } catch {
      /* keep as is */
    }
  }
  const last = path.split('/').pop() ?? '';
  const dot = last.lastIndexOf('.');
  return dot > 0 ? last.slice(dot + 1).toLowerCase() : null;
}

/**
 * A URL whose answer is a web page by design: the source's landing page, or a URL whose
 * path does not name a data file (no .csv/.zip/.json/.xlsx… extension). An HTML answer from
 * such a URL is a manual step; from a data-file URL it means the publisher moved the file.
 */
export function isPageUrl(url: string, landingUrl: string): boolean {
  if (url === landingUrl) return true;
  const ext = extensionOf(url);
  return ext === null || !(ext in BY_EXTENSION) || ext === 'html' || ext === 'htm';
}

export type ShapeCheck = { ok: true } | { ok: false; got: ContentKind; expected: string };

/**
 * The kinds of content accepted for a declared path (by its extension) fetched from `url`.
 * The URL's own format is accepted too, except a zip (an archive needs a declared
 * zipMember), for a source that keeps a re-saved copy (e.g. an xlsx) of an official CSV
 * under its own path. Null when the extension says nothing.
 */
export function acceptedKinds(path: string, url: string | null): ContentKind[] | null {
  const fromPath = BY_EXTENSION[extensionOf(path) ?? ''] ?? null;
  if (fromPath === null) return null;
  const fromUrl =
    url === null ? [] : (BY_EXTENSION[extensionOf(url) ?? ''] ?? []).filter((k) => k !== 'zip' && k !== 'html');
  return [...new Set<ContentKind>([...fromPath, ...fromUrl])];
}

export function describeExpected(path: string, url: string | null): string {
  return acceptedKinds(path, url)?.map(describeKind).join(' or ') ?? 'a data file';
}

/** Checks a file's bytes against the format its declared path (or URL) names; never accepts an empty body or, unless asked for, HTML. */
export function checkShape(
  bytes: Uint8Array,
  path: string,
  url: string | null,
  contentType: string | null = null,
): ShapeCheck {
  const got = sniff(bytes, contentType);
  const accepted = acceptedKinds(path, url);
  if (got === 'empty') return { ok: false, got, expected: describeExpected(path, url) };
  // Unknown extension: anything but a web page.
  if (accepted === null) return got === 'html' ? { ok: false, got, expected: 'a data file' } : { ok: true };
  return accepted.includes(got) ? { ok: true } : { ok: false, got, expected: describeExpected(path, url) };
}
