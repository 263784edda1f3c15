// Turns a parsed read (select tree + per-path filters, order, paging) into one parameterised SQL
// statement whose JSON is built by Postgres: columns become `"t0"."col" as "key"`, a to-one embed a
// correlated `row_to_json` subquery, a to-many embed a `json_agg` subquery, `!inner` an EXISTS on the
// parent. Embedded rows are plain subqueries in the same role, so row-level security applies to them.
// Every identifier is checked against the schema cache and quoted; every value is a parameter.
import { noRelationship, notEmbedded, RestError, unknownColumn } from './errors'
import type { Field } from './fieldSyntax'
import type { Condition, FilterExpr } from './filterParser'
import { operators } from './filterParser'
import type { OrderTerm } from './orderParser'
import type { QueryParams } from './queryParams'
import { resolveRelationship } from './relationships'
import type { ColumnInfo, SchemaSnapshot, TableInfo } from './schemaCache'
import type { SelectItem } from './selectParser'
import { outputKey } from './selectParser'
import type { SqlParams } from './sql'
import { arrayLiteral, ident, qualified } from './sql'

export interface Relation {
  /** Name used in messages ("column walls.x does not exist"). */
  name: string
  columns: Map<string, ColumnInfo>
  columnList: ColumnInfo[]
  /** Table whose foreign keys embeds follow; null when rows do not come from a table type. */
  table: string | null
}

export function tableRelation(table: TableInfo): Relation {
  return { name: table.name, columns: table.columns, columnList: table.columnList, table: table.name }
}

interface Scope {
  relation: Relation
  alias: string
  embeds: Map<string, EmbedScope>
  path: string
}

interface EmbedScope {
  scope: Scope
  node: BuiltNode
  /** `"public"."profiles" as "t1"` */
  from: string
  /** Correlation with the parent row. */
  join: string
  toOne: boolean
}

interface OutputColumn {
  expr: string
  key: string
}

export interface BuiltNode {
  scope: Scope
  columns: OutputColumn[]
  /** Filters and logic trees of this path. */
  where: string[]
  /** EXISTS conditions of `!inner` embeds. */
  inner: string[]
  order: string[]
  limit: string | null
  offset: string | null
}

const nullsSql = { first: ' nulls first', last: ' nulls last' } as const

export class ReadBuilder {
  private aliasCount = 0
  private readonly usedPaths = new Set<string>()

  constructor(
    readonly snapshot: SchemaSnapshot,
    readonly params: SqlParams,
    readonly query: QueryParams,
  ) {}

  nextAlias(): string {
    return ident(`t${this.aliasCount++}`)
  }

  /** PGRST108 for filters/order/paging addressed to an embed the select does not have. */
  checkAllPathsUsed(): void {
    for (const [path, p] of this.query.byPath) {
      const used = p.conditions.length > 0 || p.order !== null || p.limit !== null || p.offset !== null
      if (used && !this.usedPaths.has(path)) throw notEmbedded(path)
    }
  }

  buildNode(relation: Relation, alias: string, items: SelectItem[], path: string): BuiltNode {
    this.usedPaths.add(path)
    const scope: Scope = { relation, alias, embeds: new Map(), path }
    const node: BuiltNode = { scope, columns: [], where: [], inner: [], order: [], limit: null, offset: null }
    for (const item of items) this.addItem(node, item)
    const params = this.query.byPath.get(path)
    if (params) {
      node.where = params.conditions.map((c) => this.condition(scope, c))
      node.order = (params.order ?? []).map((t) => this.orderTerm(scope, t))
      if (params.limit !== null) node.limit = this.params.add(params.limit)
      if (params.offset !== null) node.offset = this.params.add(params.offset)
    }
    return node
  }

  private column(scope: Scope, field: Field): string {
    if (!scope.relation.columns.has(field.name)) throw unknownColumn(scope.relation.name, field.name)
    let expr = `${scope.alias}.${ident(field.name)}`
    for (const step of field.jsonPath) {
      expr += step.index
        ? `${step.arrow}${this.params.add(Number(step.key))}::int`
        : `${step.arrow}${this.params.add(step.key)}::text`
    }
    return field.jsonPath.length > 0 ? `(${expr})` : expr
  }

  private addItem(node: BuiltNode, item: SelectItem): void {
    const { scope } = node
    if (item.kind === 'star') {
      for (const c of scope.relation.columnList)
        node.columns.push({ expr: `${scope.alias}.${ident(c.name)}`, key: c.name })
      return
    }
    if (item.kind === 'column') {
      const expr = this.column(scope, { name: item.name, jsonPath: item.jsonPath })
      node.columns.push({ expr: item.cast ? `${expr}::${item.cast}` : expr, key: outputKey(item) })
      return
    }
    const key = outputKey(item)
    if (scope.relation.table === null) {
      throw noRelationship(scope.relation.name, item.target, this.snapshot.schema, item.hint)
    }
    const rel = resolveRelationship(this.snapshot, scope.relation.table, item.target, item.hint)
    const childAlias = this.nextAlias()
    const childPath = scope.path === '' ? key : `${scope.path}.${key}`
    const child = this.buildNode(tableRelation(rel.target), childAlias, item.items, childPath)
    const embed: EmbedScope = {
      scope: child.scope,
      node: child,
      from: `${qualified(rel.target.schema, rel.target.name)} as ${childAlias}`,
      join: rel.pairs.map(([p, t]) => `${childAlias}.${ident(t)} = ${scope.alias}.${ident(p)}`).join(' and '),
      toOne: rel.cardinality !== 'one-to-many',
    }
    scope.embeds.set(key, embed)
    if (item.join === 'inner') node.inner.push(`exists (${embedRows(embed, '1', false)})`)
    if (item.spread) {
      if (!embed.toOne) {
        throw new RestError(400, {
          code: 'PGRST119',
          details: `'${scope.relation.name}' and '${item.target}' do not form a many-to-one or one-to-one relationship`,
          hint: null,
          message: `A spread operation on '${item.target}' is not possible`,
        })
      }
      for (const c of child.columns)
        node.columns.push({ expr: `(${embedRows(embed, c.expr, false)})`, key: c.key })
      return
    }
    if (child.columns.length === 0) return // `owner()`: used for filtering only, not shown
    const rows = embedRows(embed, columnList(child.columns), !embed.toOne)
    node.columns.push({
      expr: embed.toOne
        ? `(select row_to_json("pgrst_e") from (${rows}) "pgrst_e")`
        : `coalesce((select json_agg("pgrst_e") from (${rows}) "pgrst_e"), '[]'::json)`,
      key,
    })
  }

  private condition(scope: Scope, cond: Condition): string {
    if (cond.kind === 'logic') {
      const parts = cond.children.map((c) => this.condition(scope, c))
      const joined = `(${parts.join(cond.op === 'and' ? ' and ' : ' or ')})`
      return cond.negate ? `not ${joined}` : joined
    }
    if (cond.embedPath.length > 0) {
      const [first, ...rest] = cond.embedPath
      const embed = scope.embeds.get(first!)
      if (!embed) throw notEmbedded(scope.path === '' ? first! : `${scope.path}.${first!}`)
      const inner = this.condition(embed.scope, { ...cond, embedPath: rest })
      return `exists (${embedRows(embed, '1', false, [inner])})`
    }
    if (!scope.relation.columns.has(cond.field.name)) {
      const embed = scope.embeds.get(cond.field.name)
      const value = cond.expr.value
      if (embed && cond.field.jsonPath.length === 0 && value.kind === 'is' && value.value === 'null') {
        // `owner=is.null` / `owner=not.is.null`: rows without / with a related row.
        const exists = `exists (${embedRows(embed, '1', false)})`
        return cond.expr.negate ? exists : `not ${exists}`
      }
    }
    return this.filter(this.column(scope, cond.field), cond.expr)
  }

  private filter(lhs: string, expr: FilterExpr): string {
    const sql = this.comparison(lhs, expr)
    return expr.negate ? `not (${sql})` : sql
  }

  private comparison(lhs: string, expr: FilterExpr): string {
    const { op, value } = expr
    if (value.kind === 'is') return `${lhs} is ${value.value}`
    if (value.kind === 'list') return `${lhs} = any(${this.params.add(arrayLiteral(value.values))})`
    if (op === 'fts' || op === 'plfts' || op === 'phfts' || op === 'wfts') {
      const language = expr.language === null ? '' : `${this.params.add(expr.language)}::regconfig, `
      return `${lhs} @@ ${operators[op]}(${language}${this.params.add(value.value)})`
    }
    const text = op === 'like' || op === 'ilike' ? value.value.replace(/\*/g, '%') : value.value
    const placeholder = this.params.add(text)
    const sqlOp = operators[op]
    return expr.quantifier
      ? `${lhs} ${sqlOp} ${expr.quantifier}(${placeholder})`
      : `${lhs} ${sqlOp} ${placeholder}`
  }

  private orderTerm(scope: Scope, term: OrderTerm): string {
    let expr: string
    if (term.embed !== null) {
      const embed = scope.embeds.get(term.embed)
      if (!embed || !embed.toOne) {
        throw new RestError(400, {
          code: 'PGRST118',
          details: embed
            ? `'${scope.relation.name}' and '${term.embed}' do not form a many-to-one or one-to-one relationship`
            : null,
          hint: embed ? null : `Verify that '${term.embed}' is included in the 'select' query parameter.`,
          message: `A related order on '${term.embed}' is not possible`,
        })
      }
      expr = `(${embedRows(embed, this.column(embed.scope, term.field), false)})`
    } else {
      expr = this.column(scope, term.field)
    }
    return `${expr}${term.direction ? ` ${term.direction}` : ''}${term.nulls ? nullsSql[term.nulls] : ''}`
  }
}

function columnList(columns: OutputColumn[]): string {
  return columns.map((c) => `${c.expr} as ${ident(c.key)}`).join(', ')
}

export function whereSql(conditions: string[]): string {
  return conditions.length > 0 ? ` where ${conditions.join(' and ')}` : ''
}

export function pagingSql(node: BuiltNode): string {
  return (
    (node.order.length > 0 ? ` order by ${node.order.join(', ')}` : '') +
    (node.limit !== null ? ` limit ${node.limit}` : '') +
    (node.offset !== null ? ` offset ${node.offset}` : '')
  )
}

/** `select <columns> from <embedded table> where <join, its filters, its inner embeds>` */
function embedRows(embed: EmbedScope, columns: string, paging: boolean, extra: string[] = []): string {
  const where = whereSql([embed.join, ...embed.node.where, ...embed.node.inner, ...extra])
  return `select ${columns} from ${embed.from}${where}${paging ? pagingSql(embed.node) : ''}`
}

export interface ReadSqlOptions {
  /** `"public"."walls" as "t0"`, a CTE or a function call. */
  from: string
  /** Conditions on the top-level rows (filters are left out after a mutation already applied them). */
  where: string[]
  count: boolean
  /** HEAD: no body needed. */
  head: boolean
  /** Set-returning scalar function: aggregate the single column's values instead of row objects. */
  scalarColumn?: string
  /** Overrides how the total is counted (after a mutation: every affected row). */
  totalSql?: string
}

/**
 * One statement returning `total` (when counting), `page_count` and `body` (the JSON text of the rows).
 */
export function readSql(node: BuiltNode, options: ReadSqlOptions): string {
  const where = whereSql(options.where)
  const rows = `select ${options.head ? '1' : columnList(node.columns)} from ${options.from}${where}${pagingSql(node)}`
  const total =
    options.totalSql ?? (options.count ? `(select count(*) from ${options.from}${where})` : 'null')
  const aggregate = options.scalarColumn ? `"pgrst_t".${ident(options.scalarColumn)}` : '"pgrst_t"'
  const body = options.head ? 'null' : `coalesce(json_agg(${aggregate}), '[]')::text`
  return `select ${total} as total, count(*) as page_count, ${body} as body from (${rows}) "pgrst_t"`
}
