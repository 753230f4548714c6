/** How the site's fragments write byte sizes. */
import { formatDecimal } from '../../../api/numbers.ts';

export function formatBytes(bytes: number): string {
  if (bytes >= 1e6) return `${formatDecimal(bytes / 1e6)} MB`;
  if (bytes >= 1e3) return `${formatDecimal(bytes / 1e3)} kB`;
  return `${bytes} B`;
}
