/** How the site's fragments write numbers: decimal comma and byte sizes. */

export const decimal = (value: number, digits = 1) => value.toFixed(digits).replace('.', ',');

export function formatBytes(bytes: number): string {
  if (bytes >= 1e6) return `${decimal(bytes / 1e6)} MB`;
  if (bytes >= 1e3) return `${decimal(bytes / 1e3)} kB`;
  return `${bytes} B`;
}
