/**
 * The build writes exactly the files the route table declares (RouteSpec `files`): every declared file is
 * written, and every answer written at a route's URL is declared. A route whose writer and declaration
 * disagree fails the build, instead of answering "file missing" at request time.
 */
import { ROUTE_LIST } from '../../api/routes.ts';
import type { RuntimeIndex } from '../../api/runtime-index.ts';
import { NOT_FOUND_FILE, routeFiles, staticFilePath } from '../../api/static-files.ts';

/**
 * The disagreements, in Italian (empty if none). `written`: the API answers the build wrote; `absent`: declared
 * files the build has a stated reason not to write (a comune without boundaries, in the build report).
 */
export function undeclaredOrMissingFiles(
  written: ReadonlySet<string>,
  index: RuntimeIndex,
  absent: ReadonlySet<string> = new Set(),
): string[] {
  const declared = new Set(
    ROUTE_LIST.flatMap((route) => routeFiles(route, index).map((values) => staticFilePath(route, values))),
  );
  const missing = [...declared].filter((path) => !written.has(path) && !absent.has(path));
  // Every answer under /api/, pages and filtered lists included (their files are no route's URL), but Netlify's 404 body.
  const undeclared = [...written].filter(
    (path) => path.startsWith('/api/') && path !== NOT_FOUND_FILE && !declared.has(path),
  );
  return [
    ...missing.map((path) => `${path}: dichiarato nella tabella delle route (files), non scritto dalla build`),
    ...undeclared.map((path) => `${path}: scritto dalla build, non dichiarato nei files della sua route (api/routes/)`),
  ];
}
