// Reads what the server holds, as the database superuser, to compare replicas against.
import type { StackHandle } from '../../supabase/local/server'

export interface ItemState {
  id: string
  x: number
  y: number
  z_index: number
  name: string
  message: string
}

export async function serverPolaroids(stack: StackHandle, wallId: string): Promise<ItemState[]> {
  const { rows } = await stack.db.query<ItemState>(
    `select id, x, y, z_index, name, message from public.polaroids
      where wall_id = $1 and deleted_at is null order by id`,
    [wallId],
  )
  return rows
}

export async function serverRowCount(stack: StackHandle, table: string, where = 'true', params: unknown[] = []) {
  const { rows } = await stack.db.query<{ n: number }>(`select count(*)::int as n from public.${table} where ${where}`, params)
  return rows[0]!.n
}

export async function storedObjects(stack: StackHandle, bucket: string, prefix: string): Promise<string[]> {
  const { rows } = await stack.db.query<{ name: string }>(
    'select name from storage.objects where bucket_id = $1 and name like $2 order by name',
    [bucket, `${prefix}%`],
  )
  return rows.map((r) => r.name)
}
