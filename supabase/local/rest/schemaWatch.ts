// Hosted Supabase reloads PostgREST's schema cache through event triggers that run
// `NOTIFY pgrst, 'reload schema'` after every DDL command. The local stack installs the same watch (in the
// `extensions` schema, as Supabase does) so a migration applied while the stack runs is visible at once.
// Idempotent: it runs on every start, also against a persisted database.
import type { PGlite } from '@electric-sql/pglite'

const installWatch = `
create schema if not exists extensions;
create or replace function extensions.pgrst_ddl_watch() returns event_trigger
language plpgsql
as $$
begin
  notify pgrst, 'reload schema';
end
$$;
do $$
begin
  if not exists (select 1 from pg_event_trigger where evtname = 'pgrst_ddl_watch') then
    create event trigger pgrst_ddl_watch on ddl_command_end execute function extensions.pgrst_ddl_watch();
  end if;
  if not exists (select 1 from pg_event_trigger where evtname = 'pgrst_drop_watch') then
    create event trigger pgrst_drop_watch on sql_drop execute function extensions.pgrst_ddl_watch();
  end if;
end
$$;
`

/** Installs the DDL watch and calls `onReload` for every `NOTIFY pgrst, 'reload schema'`. */
export async function watchSchemaChanges(db: PGlite, onReload: () => void): Promise<void> {
  await db.listen('pgrst', (payload) => {
    if (payload === '' || /reload schema/i.test(payload)) onReload()
  })
  await db.exec(installWatch)
}
