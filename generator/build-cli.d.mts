/** See build-cli.mjs. */
export declare function bundledBuild(): Promise<typeof import('./build.ts')>;
export declare function importBundled(entry: string, cache?: string): Promise<Record<string, unknown>>;
export declare function reusableBundle(entry: string, cache?: string): Promise<string | null>;
