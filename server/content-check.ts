/** What a content check of the build's inputs needs (server/freshness.ts), loaded only when one is due. */
export { ALL_SOURCE_META } from '../data-sources/index.ts';
export { hashSourceFiles, sha256ByPath } from '../generator/load/source-hashes.ts';
