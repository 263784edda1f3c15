// What PostgREST keeps in its schema cache, read from pg_catalog for the exposed schema: tables and
// their columns (types, defaults), keys, foreign keys (for embedding) and functions with their argument
// names and types (for rpc). Every identifier that reaches SQL is checked against it first.
// It reloads on `NOTIFY pgrst, 'reload schema'` (see schemaWatch) and, as a fallback, when a request
// names something unknown, at most once per `minReloadIntervalMs`.
import type { PGlite } from '@electric-sql/pglite'

export interface ColumnInfo {
  name: string
  /** format_type() of the column: safe to splice into SQL, it comes from the catalog. */
  type: string
  nullable: boolean
  /** The default expression (pg_get_expr), or null when the column has none. */
  defaultExpr: string | null
  generated: boolean
}

export interface TableInfo {
  schema: string
  name: string
  kind: 'table' | 'view' | 'materialized view' | 'foreign table'
  columns: Map<string, ColumnInfo>
  columnList: ColumnInfo[]
  primaryKey: string[]
  /** Primary key and unique constraints/indexes on plain columns. */
  uniqueKeys: string[][]
}

export interface ForeignKey {
  name: string
  table: string
  columns: string[]
  refTable: string
  refColumns: string[]
}

export interface FunctionArg {
  name: string
  type: string
  hasDefault: boolean
}

type FunctionReturn =
  | { kind: 'void' }
  | { kind: 'scalar'; type: string; setOf: boolean }
  | { kind: 'composite'; setOf: boolean; columns: ColumnInfo[]; table: string | null }

export interface FunctionInfo {
  schema: string
  name: string
  /** Input arguments (IN, INOUT, VARIADIC) in declaration order. */
  args: FunctionArg[]
  returns: FunctionReturn
  volatility: 'immutable' | 'stable' | 'volatile'
}

export interface SchemaSnapshot {
  schema: string
  tables: Map<string, TableInfo>
  foreignKeys: ForeignKey[]
  functions: Map<string, FunctionInfo[]>
  loadedAt: number
}

interface ColumnRow {
  table: string
  name: string
  type: string
  notnull: boolean
  default_expr: string | null
  generated: string
}

interface ConstraintRow {
  name: string
  type: 'p' | 'u' | 'f'
  table: string
  columns: string[]
  ref_table: string | null
  ref_schema: string | null
  ref_columns: string[] | null
}

interface FunctionRow {
  name: string
  arg_names: string[] | null
  arg_modes: string[] | null
  arg_types: string[]
  nargs: number
  ndefaults: number
  retset: boolean
  ret_type: string
  ret_typtype: string
  ret_relname: string | null
  ret_relschema: string | null
  ret_columns: Array<{ name: string; type: string; notnull: boolean }> | null
  volatile: string
}

const kinds: Record<string, TableInfo['kind']> = {
  r: 'table',
  p: 'table',
  v: 'view',
  m: 'materialized view',
  f: 'foreign table',
}

async function loadSnapshot(db: PGlite, schema: string): Promise<SchemaSnapshot> {
  const relations = await db.query<{ name: string; kind: string }>(
    `select c.relname as name, c.relkind::text as kind
       from pg_catalog.pg_class c join pg_catalog.pg_namespace n on n.oid = c.relnamespace
      where n.nspname = $1 and c.relkind in ('r', 'p', 'v', 'm', 'f')`,
    [schema],
  )
  const columns = await db.query<ColumnRow>(
    `select c.relname as "table", a.attname as name, pg_catalog.format_type(a.atttypid, a.atttypmod) as type,
            a.attnotnull as notnull, pg_catalog.pg_get_expr(d.adbin, d.adrelid) as default_expr,
            a.attgenerated::text as generated
       from pg_catalog.pg_attribute a
       join pg_catalog.pg_class c on c.oid = a.attrelid
       join pg_catalog.pg_namespace n on n.oid = c.relnamespace
       left join pg_catalog.pg_attrdef d on d.adrelid = a.attrelid and d.adnum = a.attnum
      where n.nspname = $1 and c.relkind in ('r', 'p', 'v', 'm', 'f') and a.attnum > 0 and not a.attisdropped
      order by c.relname, a.attnum`,
    [schema],
  )
  const constraints = await db.query<ConstraintRow>(
    `select con.conname as name, con.contype::text as type, c.relname as "table",
            to_json(array(select a.attname from unnest(con.conkey) with ordinality k(n, i)
                            join pg_catalog.pg_attribute a on a.attrelid = con.conrelid and a.attnum = k.n
                           order by k.i)) as columns,
            fc.relname as ref_table, fn.nspname as ref_schema,
            case when con.contype = 'f' then
              to_json(array(select a.attname from unnest(con.confkey) with ordinality k(n, i)
                              join pg_catalog.pg_attribute a on a.attrelid = con.confrelid and a.attnum = k.n
                             order by k.i)) end as ref_columns
       from pg_catalog.pg_constraint con
       join pg_catalog.pg_class c on c.oid = con.conrelid
       join pg_catalog.pg_namespace n on n.oid = c.relnamespace
       left join pg_catalog.pg_class fc on fc.oid = con.confrelid
       left join pg_catalog.pg_namespace fn on fn.oid = fc.relnamespace
      where n.nspname = $1 and con.contype in ('p', 'u', 'f')
     union all
     select ic.relname, 'u', c.relname,
            to_json(array(select a.attname from unnest(i.indkey::int2[]) with ordinality k(n, o)
                            join pg_catalog.pg_attribute a on a.attrelid = i.indrelid and a.attnum = k.n
                           order by k.o)),
            null, null, null
       from pg_catalog.pg_index i
       join pg_catalog.pg_class c on c.oid = i.indrelid
       join pg_catalog.pg_class ic on ic.oid = i.indexrelid
       join pg_catalog.pg_namespace n on n.oid = c.relnamespace
      where n.nspname = $1 and i.indisunique and i.indexprs is null and i.indpred is null
        and not exists (select 1 from pg_catalog.pg_constraint con where con.conindid = i.indexrelid)`,
    [schema],
  )
  const functions = await db.query<FunctionRow>(
    `select p.proname as name, to_json(p.proargnames) as arg_names, to_json(p.proargmodes::text[]) as arg_modes,
            to_json(array(select pg_catalog.format_type(t, null)
                            from unnest(coalesce(p.proallargtypes, p.proargtypes::oid[])) with ordinality u(t, i)
                           order by u.i)) as arg_types,
            p.pronargs as nargs, p.pronargdefaults as ndefaults, p.proretset as retset,
            pg_catalog.format_type(p.prorettype, null) as ret_type, rt.typtype::text as ret_typtype,
            rc.relname as ret_relname, rn.nspname as ret_relschema,
            case when rt.typrelid <> 0 then
              (select json_agg(json_build_object('name', a.attname,
                                                 'type', pg_catalog.format_type(a.atttypid, a.atttypmod),
                                                 'notnull', a.attnotnull) order by a.attnum)
                 from pg_catalog.pg_attribute a
                where a.attrelid = rt.typrelid and a.attnum > 0 and not a.attisdropped) end as ret_columns,
            p.provolatile::text as volatile
       from pg_catalog.pg_proc p
       join pg_catalog.pg_namespace n on n.oid = p.pronamespace
       join pg_catalog.pg_type rt on rt.oid = p.prorettype
       left join pg_catalog.pg_class rc on rc.oid = rt.typrelid and rc.relkind in ('r', 'p', 'v', 'm', 'f')
       left join pg_catalog.pg_namespace rn on rn.oid = rc.relnamespace
      where n.nspname = $1 and p.prokind = 'f'
        and rt.typname not in ('trigger', 'event_trigger', 'internal', 'language_handler', 'fdw_handler')`,
    [schema],
  )

  const tables = new Map<string, TableInfo>()
  for (const r of relations.rows) {
    tables.set(r.name, {
      schema,
      name: r.name,
      kind: kinds[r.kind] ?? 'table',
      columns: new Map(),
      columnList: [],
      primaryKey: [],
      uniqueKeys: [],
    })
  }
  for (const c of columns.rows) {
    const table = tables.get(c.table)
    if (!table) continue
    const info: ColumnInfo = {
      name: c.name,
      type: c.type,
      nullable: !c.notnull,
      defaultExpr: c.default_expr,
      generated: c.generated !== '',
    }
    table.columns.set(c.name, info)
    table.columnList.push(info)
  }
  const foreignKeys: ForeignKey[] = []
  for (const con of constraints.rows) {
    const table = tables.get(con.table)
    if (!table) continue
    if (con.type === 'p') table.primaryKey = con.columns
    if (con.type === 'p' || con.type === 'u') table.uniqueKeys.push(con.columns)
    if (con.type === 'f' && con.ref_schema === schema && con.ref_table && con.ref_columns) {
      foreignKeys.push({
        name: con.name,
        table: con.table,
        columns: con.columns,
        refTable: con.ref_table,
        refColumns: con.ref_columns,
      })
    }
  }
  foreignKeys.sort((a, b) => a.name.localeCompare(b.name))

  const functionMap = new Map<string, FunctionInfo[]>()
  for (const f of functions.rows) {
    const info = functionInfo(schema, f)
    if (!info) continue
    functionMap.set(f.name, [...(functionMap.get(f.name) ?? []), info])
  }
  return { schema, tables, foreignKeys, functions: functionMap, loadedAt: Date.now() }
}

function functionInfo(schema: string, f: FunctionRow): FunctionInfo | null {
  const modes = f.arg_modes ?? f.arg_types.map(() => 'i')
  const names = f.arg_names ?? []
  const inputs: Array<{ name: string; type: string }> = []
  const outputs: ColumnInfo[] = []
  f.arg_types.forEach((type, i) => {
    const mode = modes[i] ?? 'i'
    const name = names[i] ?? ''
    if (mode === 'i' || mode === 'b' || mode === 'v') inputs.push({ name, type })
    if (mode === 'o' || mode === 'b' || mode === 't') {
      outputs.push({ name, type, nullable: true, defaultExpr: null, generated: false })
    }
  })
  // Defaults belong to the last `ndefaults` input arguments.
  const args: FunctionArg[] = inputs.map((a, i) => ({
    name: a.name,
    type: a.type,
    hasDefault: i >= inputs.length - f.ndefaults,
  }))
  let returns: FunctionReturn
  if (f.ret_type === 'void') returns = { kind: 'void' }
  else if (outputs.length > 1 || (outputs.length === 1 && modes.includes('t'))) {
    returns = { kind: 'composite', setOf: f.retset, columns: outputs, table: null }
  } else if (f.ret_columns) {
    returns = {
      kind: 'composite',
      setOf: f.retset,
      columns: f.ret_columns.map((c) => ({
        name: c.name,
        type: c.type,
        nullable: !c.notnull,
        defaultExpr: null,
        generated: false,
      })),
      table: f.ret_relschema === schema ? f.ret_relname : null,
    }
  } else if (f.ret_type === 'record') {
    return null // a bare `returns record` cannot be called without a column definition list
  } else {
    returns = { kind: 'scalar', type: f.ret_type, setOf: f.retset }
  }
  const volatility = f.volatile === 'i' ? 'immutable' : f.volatile === 's' ? 'stable' : 'volatile'
  return { schema, name: f.name, args, returns, volatility }
}

export class SchemaCache {
  private snapshot: SchemaSnapshot | null = null
  private loading: Promise<SchemaSnapshot> | null = null

  constructor(
    private readonly db: PGlite,
    readonly schema = 'public',
    private readonly minReloadIntervalMs = 250,
  ) {}

  /** The newest snapshot; waits for a reload in flight (a NOTIFY may have just started one). */
  async current(): Promise<SchemaSnapshot> {
    if (this.loading) return this.loading
    return this.snapshot ?? (await this.reload())
  }

  /** Re-reads the catalog; concurrent callers share one load. */
  reload(): Promise<SchemaSnapshot> {
    this.loading ??= loadSnapshot(this.db, this.schema)
      .then((snapshot) => {
        this.snapshot = snapshot
        return snapshot
      })
      .finally(() => {
        this.loading = null
      })
    return this.loading
  }

  /** After a lookup missed: reload unless the snapshot is fresh. Returns whether a new snapshot exists. */
  async reloadAfterMiss(seen: SchemaSnapshot): Promise<boolean> {
    if (this.snapshot !== seen) return true
    if (Date.now() - seen.loadedAt < this.minReloadIntervalMs) return false
    await this.reload()
    return true
  }
}

/** The closest known name, for "Perhaps you meant ..." hints. */
export function closestName(name: string, candidates: Iterable<string>): string | null {
  let best: string | null = null
  let bestDistance = Infinity
  for (const candidate of candidates) {
    const d = editDistance(name.toLowerCase(), candidate.toLowerCase())
    if (d < bestDistance) {
      bestDistance = d
      best = candidate
    }
  }
  return best !== null && bestDistance <= Math.max(2, Math.floor(name.length / 3)) ? best : null
}

function editDistance(a: string, b: string): number {
  if (a.length > 64 || b.length > 64) return Infinity
  const row = Array.from({ length: b.length + 1 }, (_, i) => i)
  for (let i = 1; i <= a.length; i++) {
    let previous = row[0]!
    row[0] = i
    for (let j = 1; j <= b.length; j++) {
      const saved = row[j]!
      row[j] = Math.min(row[j]! + 1, row[j - 1]! + 1, previous + (a[i - 1] === b[j - 1] ? 0 : 1))
      previous = saved
    }
  }
  return row[b.length]!
}
