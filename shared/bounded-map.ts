// Caches and short memories kept in a Map have one eviction rule here: a Map iterates in insertion
// order, so re-inserting an entry makes it the newest, and the first keys are the oldest to drop.

/** Sets `key` as the newest entry of `map`, then drops the oldest entries until at most `limit` remain. */
export function setNewest<K, V>(map: Map<K, V>, key: K, value: V, limit: number): void {
  map.delete(key);
  map.set(key, value);
  for (const oldest of map.keys()) {
    if (map.size <= limit) return;
    map.delete(oldest);
  }
}

/** The value of `key`, which becomes the newest entry (least recently used goes first). */
export function useNewest<K, V>(map: Map<K, V>, key: K): V | undefined {
  const value = map.get(key);
  if (value !== undefined) {
    map.delete(key);
    map.set(key, value);
  }
  return value;
}

/** Removes `key` and returns what it held. */
export function take<K, V>(map: Map<K, V>, key: K): V | undefined {
  const value = map.get(key);
  map.delete(key);
  return value;
}
