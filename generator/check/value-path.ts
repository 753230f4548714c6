/** A place inside a record as its checks name it: `contatti.pec`, `serie_storica[2].nati`, after `root` if given. */
export const valuePath = (keys: readonly (string | number)[], root = ''): string =>
  keys.reduce<string>((p, k) => (typeof k === 'number' ? `${p}[${k}]` : p ? `${p}.${k}` : k), root);
