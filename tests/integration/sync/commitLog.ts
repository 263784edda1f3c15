// The server's order of commits for the convergence test: a trigger (installed by the test as the
// database superuser) appends every change of a polaroid's position or text and of a wall's name to a
// log, in the order the database applied them. The local stack runs one transaction at a time, so that
// order is the commit order the sync protocol's last-writer-wins follows.
import type { StackHandle } from '../../../supabase/local/server'

export type LoggedField = 'position' | 'text' | 'name'

export interface LoggedChange {
  seq: number
  id: string
  field: LoggedField
  value: string
}

export const positionValue = (p: { x: number; y: number; zIndex: number }) => `${p.x},${p.y},${p.zIndex}`
export const textValue = (t: { name: string; message: string }) => `${t.name}|${t.message}`

export async function installCommitLog(stack: StackHandle): Promise<void> {
  await stack.db.exec(`
    create schema if not exists convergence_log;
    create table if not exists convergence_log.changes (
      seq bigserial primary key, id text not null, field text not null, value text not null);
    create or replace function convergence_log.record() returns trigger language plpgsql
      security definer set search_path = '' as $$
    begin
      if tg_table_name = 'walls' then
        if tg_op = 'INSERT' or new.name is distinct from old.name then
          insert into convergence_log.changes (id, field, value) values (new.id::text, 'name', new.name);
        end if;
        return null;
      end if;
      if tg_op = 'INSERT' or (new.x, new.y, new.z_index) is distinct from (old.x, old.y, old.z_index) then
        insert into convergence_log.changes (id, field, value)
          values (new.id::text, 'position', concat_ws(',', new.x, new.y, new.z_index));
      end if;
      if tg_op = 'INSERT' or (new.name, new.message) is distinct from (old.name, old.message) then
        insert into convergence_log.changes (id, field, value) values (new.id::text, 'text', new.name || '|' || new.message);
      end if;
      return null;
    end $$;
    drop trigger if exists convergence_log on public.polaroids;
    create trigger convergence_log after insert or update on public.polaroids
      for each row execute function convergence_log.record();
    drop trigger if exists convergence_log on public.walls;
    create trigger convergence_log after insert or update on public.walls
      for each row execute function convergence_log.record();
  `)
}

export async function readCommitLog(stack: StackHandle): Promise<LoggedChange[]> {
  const { rows } = await stack.db.query<{ seq: string; id: string; field: LoggedField; value: string }>(
    'select c.seq::text as seq, c.id, c.field, c.value from convergence_log.changes c order by c.seq',
  )
  return rows.map((r) => ({ ...r, seq: Number(r.seq) }))
}
