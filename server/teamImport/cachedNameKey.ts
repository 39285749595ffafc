import { nameKey } from '../../shared/nameKey.ts';

/**
 * shared/nameKey.ts remembered per name, for one file: its rows repeat the same few churches, departments and
 * positions, and the key's Unicode normalisation was the largest cost of reading 5,000 rows.
 */
export function cachedNameKey(): (name: string) => string {
  const keys = new Map<string, string>();
  return (name) => {
    let key = keys.get(name);
    if (key === undefined) {
      key = nameKey(name);
      keys.set(name, key);
    }
    return key;
  };
}
