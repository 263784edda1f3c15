-- The addresses a polaroid links to (its image's external_url and the page it came from) are plain
-- URLs: characters that must be percent-encoded in a URL (quotes, angle brackets, backslash, braces,
-- backtick, control characters) are refused, so no stored address can carry markup. NOT VALID: rows
-- already stored are left alone; every new or changed row is checked.

create or replace function public.is_plain_url(url text) returns boolean
language sql immutable
set search_path = ''
as $$
  select url ~* '^https?://[^/?#]+' and url !~ '[<>"''`\\{}|^[:space:][:cntrl:]]'
$$;

alter table public.polaroids add constraint polaroids_external_url_plain
  check (external_url is null or public.is_plain_url(external_url)) not valid;
alter table public.polaroids add constraint polaroids_original_page_url_plain
  check (original_page_url is null or public.is_plain_url(original_page_url)) not valid;
