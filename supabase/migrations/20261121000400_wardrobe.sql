-- The personal wardrobe ("Products"): items and their tags are readable when they are your own or
-- public, and written only by their owner. Processing jobs are written by the product API (service
-- role) and readable only by the user they belong to (spec §3, §5, §6).

create table public.wardrobe_items (
  id text primary key,
  user_id uuid not null references public.profiles (id) on delete cascade,
  image_path text not null,
  name text not null default '',
  description text,
  is_public boolean not null default false,
  upload_source text not null default 'upload',
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  deleted_at timestamptz,
  txid xid8 not null default pg_current_xact_id(),
  constraint wardrobe_items_id_format check (public.is_client_id(id)),
  constraint wardrobe_items_image_in_own_folder check (
    image_path ~ '^(wardrobe-images|ootd-images|wardrobe-stickers)/[^/]+/.+'
    and split_part(image_path, '/', 2) = user_id::text
  ),
  constraint wardrobe_items_name_length check (char_length(name) <= 100),
  constraint wardrobe_items_description_length check (char_length(description) <= 1000),
  constraint wardrobe_items_upload_source_format check (upload_source ~ '^[a-z_]{1,40}$')
);

create index wardrobe_items_txid_idx on public.wardrobe_items (txid);
create index wardrobe_items_user_txid_idx on public.wardrobe_items (user_id, txid);
create index wardrobe_items_public_idx on public.wardrobe_items (created_at desc) where is_public and deleted_at is null;
-- Storage policies look items up by the image they show.
create index wardrobe_items_image_path_idx on public.wardrobe_items (image_path);

create table public.clothing_tags (
  id text primary key,
  wardrobe_item_id text not null references public.wardrobe_items (id) on delete cascade,
  tag_type text not null,
  tag_value text not null,
  confidence_score double precision not null default 1,
  is_ai_generated boolean not null default false,
  is_verified boolean not null default false,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  deleted_at timestamptz,
  txid xid8 not null default pg_current_xact_id(),
  constraint clothing_tags_id_format check (public.is_client_id(id)),
  constraint clothing_tags_tag_type_known check (
    tag_type in ('category', 'color', 'style', 'material', 'brand', 'season', 'occasion')
  ),
  -- Only tags with a value are saved (spec §5).
  constraint clothing_tags_tag_value_present check (char_length(btrim(tag_value)) between 1 and 100),
  constraint clothing_tags_confidence_range check (confidence_score >= 0 and confidence_score <= 1)
);

create index clothing_tags_txid_idx on public.clothing_tags (txid);
create index clothing_tags_item_txid_idx on public.clothing_tags (wardrobe_item_id, txid);

create table public.processing_jobs (
  id text primary key,
  user_id uuid not null references public.profiles (id) on delete cascade,
  kind text not null,
  status text not null default 'queued',
  progress integer not null default 0,
  processed_items integer not null default 0,
  total_items integer not null default 0,
  error text,
  input jsonb not null default '{}'::jsonb,
  items jsonb not null default '[]'::jsonb,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  deleted_at timestamptz,
  txid xid8 not null default pg_current_xact_id(),
  constraint processing_jobs_id_format check (public.is_client_id(id)),
  constraint processing_jobs_kind_known check (kind in ('ootd', 'extract_item', 'remove_background', 'moodboard')),
  constraint processing_jobs_status_known check (status in ('queued', 'processing', 'completed', 'failed')),
  constraint processing_jobs_progress_range check (progress between 0 and 100),
  constraint processing_jobs_counts_sane check (processed_items >= 0 and total_items >= 0 and processed_items <= total_items),
  constraint processing_jobs_items_array check (jsonb_typeof(items) = 'array')
);

create index processing_jobs_txid_idx on public.processing_jobs (txid);
create index processing_jobs_user_txid_idx on public.processing_jobs (user_id, txid);
-- The job runner picks up unfinished jobs after a restart.
create index processing_jobs_unfinished_idx on public.processing_jobs (created_at) where status in ('queued', 'processing');

create or replace function public.guard_wardrobe_item_update() returns trigger
language plpgsql
set search_path = ''
as $$
begin
  perform public.forbid_change('id', old.id, new.id);
  perform public.forbid_change('user_id', old.user_id, new.user_id);
  return new;
end
$$;

create or replace function public.guard_clothing_tag_update() returns trigger
language plpgsql
set search_path = ''
as $$
begin
  perform public.forbid_change('id', old.id, new.id);
  perform public.forbid_change('wardrobe_item_id', old.wardrobe_item_id, new.wardrobe_item_id);
  return new;
end
$$;

create or replace function public.guard_processing_job_update() returns trigger
language plpgsql
set search_path = ''
as $$
begin
  perform public.forbid_change('id', old.id, new.id);
  perform public.forbid_change('user_id', old.user_id, new.user_id);
  perform public.forbid_change('kind', old.kind, new.kind);
  return new;
end
$$;

create trigger wardrobe_items_guard before update on public.wardrobe_items
  for each row execute function public.guard_wardrobe_item_update();
create trigger wardrobe_items_stamp before insert or update on public.wardrobe_items
  for each row execute function public.stamp_sync_columns();
create trigger clothing_tags_guard before update on public.clothing_tags
  for each row execute function public.guard_clothing_tag_update();
create trigger clothing_tags_stamp before insert or update on public.clothing_tags
  for each row execute function public.stamp_sync_columns();
create trigger processing_jobs_guard before update on public.processing_jobs
  for each row execute function public.guard_processing_job_update();
create trigger processing_jobs_stamp before insert or update on public.processing_jobs
  for each row execute function public.stamp_sync_columns();

alter table public.wardrobe_items enable row level security;
alter table public.clothing_tags enable row level security;
alter table public.processing_jobs enable row level security;

-- wardrobe_items --------------------------------------------------------------------------------

create policy "wardrobe_items: signed-out visitors read public items"
  on public.wardrobe_items for select to anon
  using (is_public);

create policy "wardrobe_items: signed-in users read their own items and public ones"
  on public.wardrobe_items for select to authenticated
  using (is_public or user_id = (select auth.uid()));

create policy "wardrobe_items: users add items to their own wardrobe"
  on public.wardrobe_items for insert to authenticated
  with check (user_id = (select auth.uid()));

create policy "wardrobe_items: only the owner edits, shows or hides an item"
  on public.wardrobe_items for update to authenticated
  using (user_id = (select auth.uid()))
  with check (user_id = (select auth.uid()));

create policy "wardrobe_items: only the owner removes an item"
  on public.wardrobe_items for delete to authenticated
  using (user_id = (select auth.uid()));

-- clothing_tags: a tag follows its item (the subquery runs under the item policies) -------------

create policy "clothing_tags: signed-out visitors read tags of public items"
  on public.clothing_tags for select to anon
  using (exists (select 1 from public.wardrobe_items i where i.id = wardrobe_item_id));

create policy "clothing_tags: signed-in users read tags of items they can see"
  on public.clothing_tags for select to authenticated
  using (exists (select 1 from public.wardrobe_items i where i.id = wardrobe_item_id));

create policy "clothing_tags: only the item owner adds tags, to live items"
  on public.clothing_tags for insert to authenticated
  with check (exists (
    select 1 from public.wardrobe_items i
     where i.id = wardrobe_item_id and i.user_id = (select auth.uid()) and i.deleted_at is null
  ));

create policy "clothing_tags: only the item owner edits tags"
  on public.clothing_tags for update to authenticated
  using (exists (
    select 1 from public.wardrobe_items i where i.id = wardrobe_item_id and i.user_id = (select auth.uid())
  ))
  with check (exists (
    select 1 from public.wardrobe_items i where i.id = wardrobe_item_id and i.user_id = (select auth.uid())
  ));

create policy "clothing_tags: only the item owner removes tags"
  on public.clothing_tags for delete to authenticated
  using (exists (
    select 1 from public.wardrobe_items i where i.id = wardrobe_item_id and i.user_id = (select auth.uid())
  ));

-- processing_jobs: read by their owner; written by the product API with the service role only ---

create policy "processing_jobs: users read their own jobs"
  on public.processing_jobs for select to authenticated
  using (user_id = (select auth.uid()));
