/** Map helpers every layer may import: this folder imports nothing of the project. */

/** Appends a value to the list under a key, in place: building lists by spreading a copy per value is quadratic. */
export function pushTo<K, V>(map: Map<K, V[]>, key: K, value: V): void {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}
