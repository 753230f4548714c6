// Layering of the code base, checked by `npm run lint:layers` (part of `npm test`).
// From the bottom up: lib/ (helpers, no project imports) → data-sources/ (one reader per upstream
// source) and api/ (the contract and the handler that ships to the edge; neither knows the other)
// → generator/ (the build, which uses both) → server/ (npm start, which may build first).
// netlify/ is the edge adapter: the handler and the generated index only. Type-only imports count
// too: a type is still a dependency on the layer that defines it.
/** A rule forbidding imports from `from` into any of the folders in `to`. */
const forbid = (name, comment, from, to) => ({
  name,
  comment,
  severity: 'error',
  from: { path: `^${from}/` },
  to: { path: `^(${to.join('|')})/` },
});

module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      comment:
        'An import cycle couples modules so that neither can change or be tested alone. The generated client (client/sdk/, written by @hey-api/openapi-ts) is not ours to reshape.',
      severity: 'error',
      from: { pathNot: '^client/sdk/' },
      to: { circular: true },
    },
    forbid(
      'lib-imports-nothing',
      'lib/ is the bottom layer: every other folder may import it, it imports none.',
      'lib',
      ['data-sources', 'api', 'generator', 'server', 'netlify', 'bench', 'test'],
    ),
    forbid(
      'data-sources-stand-alone',
      'A source reader knows its publisher’s format, not the API or the pipeline that uses it.',
      'data-sources',
      ['api', 'generator', 'server', 'netlify', 'bench', 'test'],
    ),
    forbid(
      'api-stand-alone',
      'api/ runs at the edge (Deno) and in the server: it may not pull in the build, the sources or Node-only code.',
      'api',
      ['data-sources', 'generator', 'server', 'netlify', 'bench', 'test'],
    ),
    forbid(
      'generator-below-server',
      'The build is a library the server calls, never the other way round.',
      'generator',
      ['server', 'netlify', 'bench', 'test'],
    ),
    forbid('server-below-tests', 'Production code never imports tests or benchmarks.', 'server', [
      'netlify',
      'bench',
      'test',
    ]),
    forbid(
      'netlify-adapter-only',
      'The edge adapter wraps the handler; everything else is reached through it.',
      'netlify',
      ['data-sources', 'generator', 'server', 'bench', 'test'],
    ),
    {
      name: 'production-without-dev-dependencies',
      comment: 'What ships (build, server, edge) may only use runtime dependencies: `npm ci --omit=dev` must run it.',
      severity: 'error',
      from: { path: `^(lib|data-sources|api|generator|server|netlify)/` },
      to: { dependencyTypes: ['npm-dev'], dependencyTypesNot: ['type-only'] },
    },
  ],
  options: {
    // Packages are reached but not followed: excluding node_modules would drop the edges into it,
    // and production-without-dev-dependencies could never fire.
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '^(public|build|\\.cache)/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: { extensions: ['.ts', '.js', '.mjs', '.d.ts'] },
  },
};
