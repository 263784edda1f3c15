// Which rows of a table a committed write touched, read from the set of parts Dexie's `storagemutated`
// event carries (fired for this context's transactions and, through Dexie's BroadcastChannel, for other
// tabs' and the sync worker's). Lets a store re-read just those rows instead of a whole query. Dexie
// does not list the keys of a bulk write of 50 rows or more, a clear, or a range delete: then 'all'.
import { cmp, RangeSet, type IntervalTree, type ObservabilitySet } from 'dexie'

export type MutatedKeys = ReadonlySet<string> | 'all'

/** The table's changed primary keys (string keys only), 'all' when not listed, null when untouched. */
export function mutatedKeys(parts: ObservabilitySet, dbName: string, table: string): MutatedKeys | null {
  if ('all' in parts) return 'all'
  const tree: IntervalTree | undefined = parts[`idb://${dbName}/${table}/`]
  if (!tree || tree.d === 0) return null
  const keys = new Set<string>()
  // Parts that came over a BroadcastChannel are plain objects: RangeSet() gives them their iterator back.
  for (const node of RangeSet(tree)) {
    if (cmp(node.from, node.to) !== 0 || typeof node.from !== 'string') return 'all'
    keys.add(node.from)
  }
  return keys
}
