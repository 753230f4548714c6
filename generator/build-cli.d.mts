/** See build-cli.mjs. */
export declare function bundledBuild(): Promise<typeof import('./build.ts')>;
