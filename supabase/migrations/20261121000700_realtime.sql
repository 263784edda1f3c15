-- Live updates for every synced table. Realtime delivers a change only to subscribers whose role and
-- claims may SELECT the row, so the table policies decide who hears about what.
alter publication supabase_realtime add table
  public.profiles,
  public.walls,
  public.polaroids,
  public.wall_stickers,
  public.wardrobe_items,
  public.clothing_tags,
  public.processing_jobs;
