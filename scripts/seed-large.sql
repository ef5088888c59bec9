-- A large archive for performance work: `npm run seed:large`.
--
-- Run by scripts/seed-large.ts, which sets `seed.scale` (1.0 = 100,000
-- approved posts, 1,000 pending, 10,000 users, 1,000,000 post votes, 300,000
-- comments of which a third are replies, 200,000 comment votes) and
-- `seed.run` (a tag for this run's e-mails), and runs the steps below, each
-- starting with a `-- step:` line, in one transaction, timing each.
--
-- Set-based throughout (generate_series, no per-row loops). Rows are first
-- planned in temporary tables with their final ids, so every counter
-- (a post's upvotes/downvotes/comment_count in private.post_cards,
-- comments.upvotes/downvotes) is
-- computed in bulk before the rows are written; the real tables are then
-- filled with triggers off (session_replication_role = replica, local to the
-- transaction), which also skips the per-row cooldown and validation
-- triggers and the ones that keep each post's and comment's JSON ready, so
-- those are built in bulk after the inserts (a post's search words in the
-- insert itself). Users are inserted with triggers on, so their profiles come from
-- the auth.users trigger. The last step checks every counter against the rows.

-- step: parameters and vocabulary
create temp table seed_params on commit drop as
select
  s as scale,
  greatest(1, round(100000 * s))::int as approved_posts,
  greatest(1, round(1000 * s))::int as pending_posts,
  greatest(10, round(10000 * s))::int as users,
  greatest(1, round(1000000 * s))::int as post_votes,
  greatest(1, round(300000 * s))::int as comments,
  greatest(1, round(200000 * s))::int as comment_votes,
  current_setting('seed.run') as run,
  (select coalesce(max(id), 0) from public.posts) as post_base,
  (select coalesce(max(id), 0) from public.comments) as comment_base
from (select current_setting('seed.scale')::numeric as s) x;

create temp table seed_vocab on commit drop as
select
  array['archive', 'concert', 'tour', 'album', 'interview', 'rehearsal', 'studio', 'festival', 'charity', 'premiere',
        'award', 'documentary', 'podcast', 'single', 'vinyl', 'poster', 'backstage', 'stadium', 'acoustic', 'session',
        'letter', 'photograph', 'broadcast', 'radio', 'television', 'magazine', 'review', 'setlist', 'encore', 'soundcheck',
        'manager', 'producer', 'guitar', 'piano', 'orchestra', 'choir', 'lyrics', 'melody', 'chorus', 'ballad',
        'anniversary', 'reunion', 'farewell', 'debut', 'collaboration', 'remaster', 'bootleg', 'demo', 'manuscript', 'notebook',
        'Rivera', 'Lisbon', 'Berlin', 'Tokyo', 'Chicago', 'Montreal', 'Melbourne', 'Nairobi', 'Seoul', 'Glasgow'] as words,
  -- Tags are lower case (as posts_validate stores them); earlier ones are more frequent.
  array['music', 'live', 'tour', 'interview', 'album', 'tv', 'radio', 'press', 'charity', 'awards',
        'studio', 'fans', 'photos', 'video', 'festival', 'europe', 'asia', 'america', 'africa', 'oceania',
        'early-years', 'nineties', 'two-thousands', 'recent', 'behind-the-scenes', 'collaboration', 'documentary', 'book', 'fashion', 'film',
        'rare', 'bootleg', 'remaster', 'anniversary', 'reunion', 'lyrics', 'setlist', 'acoustic', 'orchestra', 'podcast'] as tags,
  array['event', 'event', 'event', 'event', 'discussion', 'discussion', 'discussion', 'news', 'news', 'interview', 'other'] as post_types,
  array['In', 'After', 'Before', 'During', 'Remembering', 'Notes on', 'A look at', 'Inside', 'The story of', 'On'] as openers,
  array['album-cover.png', 'alex-rivera-stage.jpg', 'podcast-studio.jpg', 'tour-poster.webp', 'archive-banner.png', 'interview-still.webp'] as media,
  -- Each file's size in pixels (supabase/seed.sql has the same).
  array[400, 640, 640, 600, 480, 640] as media_width,
  array[400, 360, 360, 400, 270, 360] as media_height;

-- Sentences to build markdown and comments from (cheaper than picking every word per row).
create temp table seed_sentences on commit drop as
select g as n,
       initcap(v.words[1 + floor(random() * 60)::int]) || ' ' ||
       array_to_string(array(
         select v.words[1 + floor(random() * 60)::int] from generate_series(1, 6 + g % 9) w where w > 0 and g > 0), ' ') ||
       (array['.', '.', '.', '!', '?'])[1 + g % 5] as s
from generate_series(1, 2000) g, seed_vocab v;
create unique index on seed_sentences (n);
analyze seed_sentences;

-- step: users (auth.users; profiles by trigger)
insert into auth.users (instance_id, id, aud, role, email, encrypted_password, email_confirmed_at,
                        raw_app_meta_data, raw_user_meta_data, created_at, updated_at)
select '00000000-0000-0000-0000-000000000000', gen_random_uuid(), 'authenticated', 'authenticated',
       format('large-%s-%s@seed.invalid', p.run, g), '', now(),
       '{"provider":"email","providers":["email"]}',
       jsonb_build_object('first_name', (array['Ana', 'Ben', 'Chen', 'Dara', 'Eli', 'Fatima', 'Gus', 'Hana', 'Ivan', 'Jo'])[1 + g % 10],
                          'last_name', format('Member %s', g), 'adult_confirmed', true),
       now() - (g % 1500) * interval '1 day', now()
from seed_params p, generate_series(1, p.users) g;

create temp table seed_users on commit drop as
select row_number() over (order by u.email)::int as n, u.id
from auth.users u, seed_params p
where u.email like format('large-%s-%%@seed.invalid', p.run);
create unique index on seed_users (n);
analyze seed_users;

-- step: plan posts
-- Approved posts created over the last 3 years, and 50 of them today at any
-- scale (one in 2,000 at 100k), so Home and its "Show more" page hold the
-- same posts on every archive (`npm run bench -- --growth` compares them);
-- events dated from 1965 to now; pending posts created in the last weeks.
create temp table seed_posts on commit drop as
select
  p.post_base + g as id,
  g <= p.approved_posts as approved,
  x.author_n,
  x.title,
  x.excerpt,
  x.content,
  x.tags,
  x.post_type,
  x.created_at,
  case when x.post_type = 'event' or x.r_event < 0.2
       then timestamptz '1965-01-01' + x.r_date * (now() - timestamptz '1965-01-01') end as event_timestamp,
  g <= p.approved_posts and x.r_flag < 0.004 as is_important,
  x.r_flag > 0.995 as is_nsfw,
  x.r_media < 0.15 as has_media,
  0 as upvotes, 0 as downvotes, 0 as comment_count
from seed_params p, seed_vocab v,
  generate_series(1, p.approved_posts + p.pending_posts) g,
  lateral (
    select
      1 + abs(hashint8(g::bigint * 7919)::bigint) % p.users as author_n,
      v.openers[1 + g % 10] || ' the ' || v.words[1 + floor(random() * 60)::int] || ' ' ||
        v.words[1 + floor(random() * 60)::int] || ' in ' || v.words[51 + floor(random() * 10)::int] ||
        ' (' || (1965 + g % 60) || ')' as title,
      (select string_agg(s.s, ' ' order by s.n) from seed_sentences s
        where s.n in (1 + (g * 13) % 2000, 1 + (g * 31) % 2000)) as excerpt,
      format(E'## %s\n\n%s\n\n- **%s**: %s\n- %s\n\n> %s\n\n%s',
        initcap(v.words[1 + floor(random() * 60)::int]) || ' and ' || v.words[1 + floor(random() * 60)::int],
        (select string_agg(s.s, ' ') from seed_sentences s where s.n in (1 + (g * 17) % 2000, 1 + (g * 37) % 2000, 1 + (g * 53) % 2000)),
        initcap(v.words[1 + floor(random() * 60)::int]),
        (select s.s from seed_sentences s where s.n = 1 + (g * 71) % 2000),
        (select s.s from seed_sentences s where s.n = 1 + (g * 89) % 2000),
        (select s.s from seed_sentences s where s.n = 1 + (g * 97) % 2000),
        (select s.s from seed_sentences s where s.n = 1 + (g * 101) % 2000)) as content,
      -- 1 to 4 distinct tags, skewed towards the first of the vocabulary.
      array(select distinct on (t) t from (
              select v.tags[1 + floor(40 * power(random(), 2))::int] as t
              from generate_series(1, 1 + g % 4) k where k > 0 and g > 0) tt) as tags,
      v.post_types[1 + floor(random() * 11)::int] as post_type,
      case when g > p.approved_posts then now() - random() * interval '20 days'
           when g % greatest(1, p.approved_posts / 50) = 0 then now() - random() * (now() - date_trunc('day', now()))
           else now() - interval '1 day' - random() * interval '3 years' end as created_at,
      random() as r_event, random() as r_date, random() as r_flag, random() as r_media
    where g > 0
  ) x;
create unique index on seed_posts (id);

-- Approved posts in a shuffled order: popularity does not follow ids.
create temp table seed_ranked on commit drop as
select row_number() over (order by md5(sp.id::text))::int as n, sp.id, sp.created_at
from seed_posts sp where sp.approved;
create unique index on seed_ranked (n);
analyze seed_posts, seed_ranked;

-- step: plan votes and comments
-- Votes on posts and on comments alike: `picks` votes over items 1..items,
-- skewed towards the first (a power law), `up_share` of them up; an item's
-- voters are consecutive users from an offset of its own, so (item, user)
-- pairs are distinct.
create function pg_temp.skewed_votes(items int, picks int, skew float8, up_share float8)
returns table (n int, user_id uuid, vote smallint) language sql volatile as $$
  select x.n, u.id, case when random() < up_share then 1 else -1 end::smallint
  from (select d.n, (row_number() over (partition by d.n) - 1)::int as k
        from (select 1 + floor(items * power(random(), skew))::int as n from generate_series(1, picks)) d) x
  join pg_temp.seed_params p on x.k < p.users
  join pg_temp.seed_users u on u.n = 1 + (abs(hashint8(x.n)::bigint) + x.k) % p.users
$$;

-- Post votes: popularity skewed over the shuffled posts.
create temp table seed_post_votes on commit drop as
select r.id as post_id, v.user_id, v.vote, least(now(), r.created_at + random() * (now() - r.created_at)) as created_at
from seed_params p
cross join lateral pg_temp.skewed_votes(p.approved_posts, p.post_votes, 1.5, 0.78) v
join seed_ranked r on r.n = v.n;

-- Comments: two thirds top level on skewed posts, one third replies to skewed top-level comments.
create temp table seed_comments on commit drop as
select p.comment_base + g as id, r.id as post_id, null::bigint as parent_id,
       1 + abs(hashint8(g::bigint * 104729)::bigint) % p.users as author_n,
       (select string_agg(s.s, ' ') from seed_sentences s where s.n in (1 + (g * 7) % 2000, 1 + (g * 11) % 2000)) as content,
       least(now(), r.created_at + random() * (now() - r.created_at)) as created_at,
       0 as upvotes, 0 as downvotes
from seed_params p,
  generate_series(1, p.comments - p.comments / 3) g
  join lateral (select 1 + floor(p.approved_posts * power(random(), 1.5))::int as pn where g > 0) x on true
  join seed_ranked r on r.n = x.pn;

insert into seed_comments
select p.comment_base + (p.comments - p.comments / 3) + g, t.post_id, t.id,
       1 + abs(hashint8(g::bigint * 15485863)::bigint) % p.users,
       (select s.s from seed_sentences s where s.n = 1 + (g * 19) % 2000),
       least(now(), t.created_at + random() * (now() - t.created_at)),
       0, 0
from seed_params p,
  generate_series(1, p.comments / 3) g
  join lateral (select p.comment_base + 1 + floor((p.comments - p.comments / 3) * power(random(), 2))::int as pid where g > 0) x on true
  join seed_comments t on t.id = x.pid;
create unique index on seed_comments (id);
analyze seed_post_votes, seed_comments;

-- Comment votes: skewed over the comments, the first ones most.
create temp table seed_comment_votes on commit drop as
select c.id as comment_id, v.user_id, v.vote, least(now(), c.created_at + random() * (now() - c.created_at)) as created_at
from seed_params p
cross join lateral pg_temp.skewed_votes(p.comments, p.comment_votes, 2, 0.8) v
join seed_comments c on c.id = p.comment_base + v.n;

-- step: counters (in bulk, on the plan)
update seed_posts sp set upvotes = a.up, downvotes = a.down
from (select post_id, count(*) filter (where vote = 1)::int as up, count(*) filter (where vote = -1)::int as down
      from seed_post_votes group by post_id) a
where sp.id = a.post_id;

update seed_posts sp set comment_count = a.n
from (select post_id, count(*)::int as n from seed_comments group by post_id) a
where sp.id = a.post_id;

update seed_comments sc set upvotes = a.up, downvotes = a.down
from (select comment_id, count(*) filter (where vote = 1)::int as up, count(*) filter (where vote = -1)::int as down
      from seed_comment_votes group by comment_id) a
where sc.id = a.comment_id;

-- step: insert posts
set local session_replication_role = replica;

-- The search indexes are built once, after the inserts: added to row by row,
-- every post's words and pairs of words took ten times the whole build. Their
-- definitions are read from the database, so the migration stays their source.
create temp table seed_search_index on commit drop as
select pg_get_indexdef(i) as definition from unnest(array['public.posts_search_idx'::regclass, 'public.posts_search_pairs_idx'::regclass]) as i;
drop index public.posts_search_idx, public.posts_search_pairs_idx;

insert into public.posts (id, author_id, title, excerpt, content, tags, post_type, is_nsfw, is_pinned, is_important,
                          event_timestamp, status, created_at, updated_at, reviewed_at, search, search_pairs)
overriding system value
select sp.id, u.id, sp.title, sp.excerpt, sp.content, sp.tags, sp.post_type, sp.is_nsfw, false, sp.is_important,
       sp.event_timestamp, case when sp.approved then 'approved' else 'pending' end::public.post_status,
       sp.created_at, sp.created_at, case when sp.approved then sp.created_at + interval '1 hour' end,
       private.post_search_vector(sp.title, sp.tags, sp.excerpt, sp.content),
       private.post_search_pairs(sp.title, sp.tags, sp.excerpt, sp.content)
from seed_posts sp join seed_users u on u.n = sp.author_n
order by sp.id;

select setval(pg_get_serial_sequence('public.posts', 'id'), (select max(id) from public.posts));

do $$
declare
  definition text;
begin
  for definition in select i.definition from seed_search_index i loop
    execute definition;
  end loop;
end;
$$;

insert into public.post_media (post_id, object_path, media_type, width, height, position, created_at)
select sp.id, v.media[1 + sp.id % 6], 'image', v.media_width[1 + sp.id % 6], v.media_height[1 + sp.id % 6], 0, sp.created_at
from seed_posts sp, seed_vocab v
where sp.has_media;

-- step: insert comments
insert into public.comments (id, post_id, parent_id, author_id, content, upvotes, downvotes, created_at)
overriding system value
select sc.id, sc.post_id, sc.parent_id, u.id, sc.content, sc.upvotes, sc.downvotes, sc.created_at
from seed_comments sc join seed_users u on u.n = sc.author_n
order by sc.id;

select setval(pg_get_serial_sequence('public.comments', 'id'), (select max(id) from public.comments));

-- step: insert votes
insert into public.post_votes (post_id, user_id, vote, created_at, updated_at)
select post_id, user_id, vote, created_at, created_at from seed_post_votes order by post_id, user_id;

insert into public.comment_votes (comment_id, user_id, vote, created_at, updated_at)
select comment_id, user_id, vote, created_at, created_at from seed_comment_votes order by comment_id, user_id;

set local session_replication_role = origin;

-- step: ready JSON
-- The cards of every post and comment inserted above, which their triggers
-- (off during the inserts) would have written.
select private.refresh_post_cards(array(select p.id from public.posts p, seed_params s where p.id > s.post_base));
select private.refresh_comment_cards(array(select c.id from public.comments c, seed_params s where c.id > s.comment_base));
-- The posts' counters beside their cards, and the most_upvotes order
-- (private.post_scores), which the vote and comment triggers keep too.
update private.post_cards k set upvotes = sp.upvotes, downvotes = sp.downvotes, comment_count = sp.comment_count
from seed_posts sp
where k.post_id = sp.id and (sp.upvotes, sp.downvotes, sp.comment_count) <> (0, 0, 0);
insert into private.post_scores (post_id, score, tags)
select p.id, sp.upvotes - sp.downvotes, p.tags
from public.posts p join seed_posts sp on sp.id = p.id
where p.status = 'approved';

-- step: search words
-- The words "Did you mean" suggests, of the approved posts inserted above,
-- which their trigger (off during the inserts) would have counted.
insert into private.search_words as w (word, post_count)
select u.word, count(*)
from public.posts p cross join seed_params s cross join lateral unnest(private.search_words_of(p.search)) as u (word)
where p.id > s.post_base and p.status = 'approved'
group by u.word
on conflict (word) do update set post_count = w.post_count + excluded.post_count;

-- step: check counters
do $$
declare
  bad bigint;
begin
  select count(*) into bad from public.posts p
  left join private.post_cards k on k.post_id = p.id
  left join (select post_id, count(*) filter (where vote = 1) as up, count(*) filter (where vote = -1) as down
             from public.post_votes group by post_id) v on v.post_id = p.id
  left join (select post_id, count(*) as n from public.comments group by post_id) c on c.post_id = p.id
  where (k.upvotes, k.downvotes, k.comment_count) is distinct from (coalesce(v.up, 0), coalesce(v.down, 0), coalesce(c.n, 0));
  if bad > 0 then
    raise exception 'seed-large: % posts have wrong counters', bad;
  end if;
  select count(*) into bad from public.comments c
  left join (select comment_id, count(*) filter (where vote = 1) as up, count(*) filter (where vote = -1) as down
             from public.comment_votes group by comment_id) v on v.comment_id = c.id
  where (c.upvotes, c.downvotes) is distinct from (coalesce(v.up, 0), coalesce(v.down, 0));
  if bad > 0 then
    raise exception 'seed-large: % comments have wrong counters', bad;
  end if;
end;
$$;
