-- Profiles: one per auth user, readable by everyone, written only by their owner (spec §5, §6).
-- The email stays in auth.users: a public profile must not reveal it.

create table public.profiles (
  id uuid primary key references auth.users (id) on delete cascade,
  username text not null,
  display_name text,
  avatar_path text,
  bio text,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  deleted_at timestamptz,
  txid xid8 not null default pg_current_xact_id(),
  constraint profiles_username_format check (username ~ '^[A-Za-z0-9_][A-Za-z0-9_.-]{1,29}$'),
  -- Profiles live at /{username}: a username must not shadow one of the app's own routes.
  constraint profiles_username_not_reserved check (lower(username) not in (
    'profile', 'wall', 'create-wall', 'create-preview', 'setup-profile', 'reset-password',
    'create-password', 'api', 'auth', 'inbox', 'rest', 'storage', 'realtime', 'assets', 'index.html',
    'sw.js', 'manifest.webmanifest', 'favicon.svg', 'robots.txt', 'icons', 'screenshots'
  )),
  constraint profiles_display_name_length check (char_length(display_name) <= 50),
  constraint profiles_bio_length check (char_length(bio) <= 200),
  constraint profiles_avatar_in_own_folder check (
    avatar_path is null or avatar_path like 'polaroid-images/' || id::text || '/%'
  )
);

-- Usernames are unique whatever their case ('Ada' and 'ada' are the same person).
create unique index profiles_username_unique on public.profiles (lower(username));
create index profiles_txid_idx on public.profiles (txid);

create or replace function public.guard_profile_update() returns trigger
language plpgsql
set search_path = ''
as $$
begin
  perform public.forbid_change('id', old.id, new.id);
  -- Links to /{username} and the username shown on every card must stay valid.
  perform public.forbid_change('Username', old.username, new.username);
  return new;
end
$$;

create trigger profiles_guard before update on public.profiles
  for each row execute function public.guard_profile_update();
create trigger profiles_stamp before insert or update on public.profiles
  for each row execute function public.stamp_sync_columns();

alter table public.profiles enable row level security;

create policy "profiles: signed-out visitors read every profile"
  on public.profiles for select to anon
  using (true);

create policy "profiles: signed-in users read every profile"
  on public.profiles for select to authenticated
  using (true);

create policy "profiles: users create only their own profile"
  on public.profiles for insert to authenticated
  with check (id = (select auth.uid()));

create policy "profiles: users update only their own profile"
  on public.profiles for update to authenticated
  using (id = (select auth.uid()))
  with check (id = (select auth.uid()));

create policy "profiles: users delete only their own profile"
  on public.profiles for delete to authenticated
  using (id = (select auth.uid()));
