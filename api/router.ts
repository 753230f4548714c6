/**
 * Matches a URL path to a route of a table it is given (it holds no route data):
 * literal segments win over parameters (/api/comuni/cerca before /api/comuni/{codice_istat}).
 */
export interface RouteMatch<R> {
  route: R;
  pathParams: Record<string, string>;
}

export function createRouter<R extends { path: string }>(
  routes: readonly R[],
): (pathname: string) => RouteMatch<R> | null {
  const compiled = [...routes]
    .sort((a, b) => literalWeight(b.path) - literalWeight(a.path))
    .map((route) => {
      const names: string[] = [];
      const source = route.path.replace(/[.]/g, '\\.').replace(/\{([a-z_]+)\}/g, (_, name: string) => {
        names.push(name);
        return '([^/]+)';
      });
      return { route, regex: new RegExp(`^${source}/?$`), names };
    });

  function matchExact(pathname: string): RouteMatch<R> | null {
    for (const { route, regex, names } of compiled) {
      const m = regex.exec(pathname);
      if (!m) continue;
      const pathParams: Record<string, string> = {};
      names.forEach((name, i) => {
        pathParams[name] = safeDecode(m[i + 1]!);
      });
      return { route, pathParams };
    }
    return null;
  }

  /**
   * `/api/comuni/058091.json` is the file form of `/api/comuni/058091`: where no file
   * exists (an unknown code), it gets the same answer as the URL without `.json`.
   */
  return (pathname) =>
    (pathname.endsWith('.json') ? matchExact(pathname.slice(0, -'.json'.length)) : null) ?? matchExact(pathname);
}

function literalWeight(path: string): number {
  return path.split('/').filter((s) => s && !s.startsWith('{')).length * 10 - path.split('{').length;
}

function safeDecode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}
