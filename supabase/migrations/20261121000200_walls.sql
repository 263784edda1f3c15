-- Walls ("Mooris"): public ones are readable by everyone, private ones only by their owner; only the
-- owner renames, describes, toggles privacy or deletes (spec §5, §6).

create table public.walls (
  id text primary key,
  name text not null,
  description text,
  owner_id uuid not null references public.profiles (id) on delete cascade,
  private boolean not null default false,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  deleted_at timestamptz,
  txid xid8 not null default pg_current_xact_id(),
  constraint walls_id_format check (public.is_client_id(id)),
  constraint walls_name_trimmed_length check (name = btrim(name) and char_length(name) between 1 and 80),
  constraint walls_description_length check (char_length(description) <= 250)
);

create index walls_txid_idx on public.walls (txid);
create index walls_owner_txid_idx on public.walls (owner_id, txid);
-- The Mooris list: newest visible walls first.
create index walls_public_created_idx on public.walls (created_at desc) where not private and deleted_at is null;

create or replace function public.guard_wall_update() returns trigger
language plpgsql
set search_path = ''
as $$
begin
  perform public.forbid_change('id', old.id, new.id);
  perform public.forbid_change('owner_id', old.owner_id, new.owner_id);
  return new;
end
$$;

create trigger walls_guard before update on public.walls
  for each row execute function public.guard_wall_update();
create trigger walls_stamp before insert or update on public.walls
  for each row execute function public.stamp_sync_columns();

alter table public.walls enable row level security;

create policy "walls: signed-out visitors read public walls"
  on public.walls for select to anon
  using (not private);

create policy "walls: signed-in users read public walls and their own"
  on public.walls for select to authenticated
  using (not private or owner_id = (select auth.uid()));

create policy "walls: signed-in users create walls they own"
  on public.walls for insert to authenticated
  with check (owner_id = (select auth.uid()));

create policy "walls: only the owner renames, describes or toggles privacy"
  on public.walls for update to authenticated
  using (owner_id = (select auth.uid()))
  with check (owner_id = (select auth.uid()));

create policy "walls: only the owner deletes"
  on public.walls for delete to authenticated
  using (owner_id = (select auth.uid()));
