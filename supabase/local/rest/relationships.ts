// Finds the foreign key an embed `target!hint` goes through, as PostgREST does: a key from the parent to
// the target (many-to-one → object), from the target to the parent (one-to-many → array; one-to-one
// when the key columns are unique), or a parent key named by constraint or column. Several candidates
// → 300 PGRST201 listing them; none → 400 PGRST200.
import { ambiguousRelationship, noRelationship } from './errors'
import type { ForeignKey, SchemaSnapshot, TableInfo } from './schemaCache'

type Cardinality = 'many-to-one' | 'one-to-many' | 'one-to-one'

export interface Relationship {
  fk: ForeignKey
  cardinality: Cardinality
  target: TableInfo
  /** [parent column, target column] pairs that join the two. */
  pairs: Array<[string, string]>
}

function isUnique(table: TableInfo | undefined, columns: string[]): boolean {
  if (!table) return false
  const wanted = [...columns].sort().join('\u0000')
  return table.uniqueKeys.some((key) => [...key].sort().join('\u0000') === wanted)
}

function fromParent(snapshot: SchemaSnapshot, fk: ForeignKey): Relationship | null {
  const target = snapshot.tables.get(fk.refTable)
  if (!target) return null
  return {
    fk,
    cardinality: isUnique(snapshot.tables.get(fk.table), fk.columns) ? 'one-to-one' : 'many-to-one',
    target,
    pairs: fk.columns.map((c, i) => [c, fk.refColumns[i]!]),
  }
}

function fromTarget(snapshot: SchemaSnapshot, fk: ForeignKey): Relationship | null {
  const target = snapshot.tables.get(fk.table)
  if (!target) return null
  return {
    fk,
    cardinality: isUnique(target, fk.columns) ? 'one-to-one' : 'one-to-many',
    target,
    pairs: fk.refColumns.map((c, i) => [c, fk.columns[i]!]),
  }
}

function matchesHint(fk: ForeignKey, hint: string): boolean {
  const single = (cols: string[]) => cols.length === 1 && cols[0] === hint
  return fk.name === hint || single(fk.columns) || single(fk.refColumns)
}

function describe(parent: string, r: Relationship) {
  return {
    cardinality: r.cardinality,
    embedding: `${parent} with ${r.target.name}`,
    relationship: `${r.fk.name} using ${r.fk.table}(${r.fk.columns.join(', ')}) and ${r.fk.refTable}(${r.fk.refColumns.join(', ')})`,
  }
}

export function resolveRelationship(
  snapshot: SchemaSnapshot,
  parent: string,
  target: string,
  hint: string | null,
): Relationship {
  let candidates: Relationship[] = []
  if (snapshot.tables.has(target)) {
    for (const fk of snapshot.foreignKeys) {
      if (fk.table === parent && fk.refTable === target) {
        const r = fromParent(snapshot, fk)
        if (r) candidates.push(r)
      }
      if (fk.refTable === parent && fk.table === target) {
        const r = fromTarget(snapshot, fk)
        if (r) candidates.push(r)
      }
    }
  } else {
    // `owner_id(*)` or `walls_owner_id_fkey(*)`: the parent's key named by column or constraint.
    for (const fk of snapshot.foreignKeys) {
      if (
        fk.table === parent &&
        (fk.name === target || (fk.columns.length === 1 && fk.columns[0] === target))
      ) {
        const r = fromParent(snapshot, fk)
        if (r) candidates.push(r)
      }
    }
  }
  if (hint !== null) candidates = candidates.filter((r) => matchesHint(r.fk, hint))
  if (candidates.length === 0) throw noRelationship(parent, target, snapshot.schema, hint)
  if (candidates.length > 1) {
    throw ambiguousRelationship(
      parent,
      target,
      candidates.map((r) => describe(parent, r)),
      candidates.map((r) => `${target}!${r.fk.name}`),
    )
  }
  return candidates[0]!
}
