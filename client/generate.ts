/**
 * Generates the typed TypeScript client in client/sdk/ from the OpenAPI document the build publishes
 * (`npm run client:generate`, after `npm run build`; `--input` takes another document, e.g. the test build's).
 * The pinned @hey-api/openapi-ts writes types, one function per operation and its fetch client, with no
 * runtime dependency. test/integration/contract/sdk.test.ts checks the committed client against a fresh generation.
 */
import { readFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { createClient } from '@hey-api/openapi-ts';

export const CLIENT_DIR = resolve(import.meta.dirname, 'sdk');

/** Writes the client generated from `openapiFile` into `output`. */
export async function generateClient(openapiFile: string, output = CLIENT_DIR): Promise<void> {
  const input = JSON.parse(await readFile(openapiFile, 'utf8')) as Record<string, unknown>;
  await createClient({
    input,
    output: { path: output, importFileExtension: '.ts' },
    plugins: ['@hey-api/client-fetch', '@hey-api/typescript', '@hey-api/sdk'],
    logs: { level: 'silent' },
  } as Parameters<typeof createClient>[0]);
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  const at = process.argv.indexOf('--input');
  const input = at >= 0 ? process.argv[at + 1]! : join('public', 'api', 'openapi.json');
  await generateClient(resolve(input));
  console.log(`Client generato in ${CLIENT_DIR} da ${input}`);
}
