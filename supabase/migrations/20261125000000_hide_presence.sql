-- Presence on walls (issue 16): a user may hide their presence from everyone. The setting lives on
-- the profile row, so it syncs like any profile field; the existing policies already let only the
-- owner change it. The local Realtime server reads it to decide whether a presence is announced,
-- so a client that ignores the setting is still hidden.
alter table public.profiles add column hide_presence boolean not null default false;

comment on column public.profiles.hide_presence is
  'When true, the user''s presence on walls is not shown to anyone (enforced by the Realtime server).';
