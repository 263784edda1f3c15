-- The Web Share Target adds two app routes (/share and /share-target), so those names can no longer be
-- usernames: a profile at /share would be shadowed by the route. NOT VALID keeps this migration safe on
-- a project where someone already took one of them; every new or changed profile is checked.
alter table public.profiles drop constraint profiles_username_not_reserved;
alter table public.profiles add constraint profiles_username_not_reserved check (lower(username) not in (
  'profile', 'wall', 'create-wall', 'create-preview', 'setup-profile', 'reset-password',
  'create-password', 'api', 'auth', 'inbox', 'rest', 'storage', 'realtime', 'assets', 'index.html',
  'sw.js', 'manifest.webmanifest', 'favicon.svg', 'robots.txt', 'icons', 'screenshots',
  'share', 'share-target'
)) not valid;
