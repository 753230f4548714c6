/** Map helpers every layer may import: this folder imports nothing of the project. */

/** The value under a key, made by `make` and stored on first use: the memo of every per-object cache. */
export function getOrSet<K, V>(
  map: { get(key: K): V | undefined; set(key: K, value: V): unknown },
  key: K,
  make: () => NoInfer<V>,
): V {
  let value = map.get(key);
  if (value === undefined) {
    value = make();
    map.set(key, value);
  }
  return value;
}

/** Appends a value to the list under a key, in place: building lists by spreading a copy per value is quadratic. */
export function pushTo<K, V>(map: Map<K, V[]>, key: K, value: V): void {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}
