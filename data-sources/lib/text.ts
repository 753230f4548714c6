export type TextEncodingName = 'utf-8' | 'latin1' | 'auto';

const strictUtf8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false });
const latin1 = new TextDecoder('latin1');

/**
 * Decodes a publisher's file. 'auto' is for series whose encoding changes between
 * vintages (MEF: Latin-1 before 2015, ASCII after): valid UTF-8 is read as UTF-8,
 * anything else as Latin-1. A UTF-8 byte-order mark is always dropped.
 */
export function decodeText(bytes: Uint8Array, encoding: TextEncodingName): string {
  if (encoding === 'latin1') return latin1.decode(bytes);
  if (encoding === 'utf-8') return stripBom(new TextDecoder('utf-8').decode(bytes));
  try {
    return stripBom(strictUtf8.decode(bytes));
  } catch {
    return latin1.decode(bytes);
  }
}

function stripBom(text: string): string {
  return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
}
