-- Demo data for local development: loaded once on a new local database,
-- after the migrations (npm start / npm run reset). Never run it on a hosted
-- project. Everything here is fictional, including the public figure
-- "Alex Rivera" (musician and podcaster).
--
-- Cooldowns and forced values: the seed runs as the database owner without
-- JWT claims, so auth.uid() is null. The triggers treat such calls as the
-- system: no post/comment cooldown, no vote rate limit, and the given status,
-- flags and created_at are kept. Counters (upvotes, downvotes,
-- comment_count) are always computed by the triggers from the votes and
-- comments inserted below.
--
-- Demo accounts (local only), password archive-demo:
--   admin@example.com      (role admin)
--   moderator@example.com  (role moderator)
--   member@example.com

-- ============================================================================
-- Accounts
-- ============================================================================
insert into auth.users (
  instance_id, id, aud, role, email, encrypted_password, email_confirmed_at,
  confirmation_token, recovery_token, email_change_token_new, email_change,
  raw_app_meta_data, raw_user_meta_data, created_at, updated_at
)
select
  '00000000-0000-0000-0000-000000000000', u.id, 'authenticated', 'authenticated', u.email,
  extensions.crypt('archive-demo', extensions.gen_salt('bf')), now(),
  '', '', '', '',
  '{"provider":"email","providers":["email"]}',
  jsonb_build_object('first_name', u.first_name, 'last_name', u.last_name, 'adult_confirmed', true),
  now() - interval '400 days', now() - interval '400 days'
from (values
  ('a0000000-0000-4000-8000-000000000001'::uuid, 'admin@example.com', 'Jordan', 'Blake'),
  ('a0000000-0000-4000-8000-000000000002'::uuid, 'member@example.com', 'Sam', 'Carter'),
  ('a0000000-0000-4000-8000-000000000003'::uuid, 'priya.nair@example.com', 'Priya', 'Nair'),
  ('a0000000-0000-4000-8000-000000000004'::uuid, 'leo.martins@example.com', 'Leo', 'Martins'),
  ('a0000000-0000-4000-8000-000000000005'::uuid, 'hana.sato@example.com', 'Hana', 'Sato'),
  ('a0000000-0000-4000-8000-000000000006'::uuid, 'omar.haddad@example.com', 'Omar', 'Haddad'),
  ('a0000000-0000-4000-8000-000000000007'::uuid, 'grace.kim@example.com', 'Grace', 'Kim'),
  ('a0000000-0000-4000-8000-000000000008'::uuid, 'felix.novak@example.com', 'Felix', 'Novak'),
  ('a0000000-0000-4000-8000-000000000009'::uuid, 'moderator@example.com', 'Robin', 'Ellis')
) as u (id, email, first_name, last_name);

insert into auth.identities (provider_id, user_id, identity_data, provider, last_sign_in_at, created_at, updated_at)
select u.id::text, u.id,
       jsonb_build_object('sub', u.id::text, 'email', u.email, 'email_verified', true),
       'email', now(), u.created_at, u.created_at
from auth.users u
where u.email like '%@example.com';

insert into public.user_roles (user_id, role)
select id, 'admin'::public.app_role from auth.users where email = 'admin@example.com'
union all
select id, 'moderator' from auth.users where email = 'moderator@example.com';

-- ============================================================================
-- Approved posts (explicit ids so the rows below can refer to them)
-- ============================================================================
insert into public.posts (
  id, author_id, title, excerpt, content, tags, citations, post_type,
  is_nsfw, is_pinned, is_important, event_timestamp, status, created_at, updated_at, reviewed_at
)
overriding system value
values
  (1, 'a0000000-0000-4000-8000-000000000003', 'Alex Rivera releases debut EP "Paper Lanterns"', 'The five-track EP that started it all, self-released on a Friday night.',
   $md$### Key facts

- Announced on Alex's public channels
- Covered by several fan accounts
- Details confirmed in the podcast the following week

More context is in the [episode archive](https://example.com/slow-signals) and the references below.
$md$,
   '{music,release,ep}', 'Slow Signals, episode 3; official site news archive', 'event', false, false, true,
   '2015-03-13 00:00:00+00'::timestamptz, 'approved', now() - interval '300 days', now() - interval '300 days', now() - interval '300 days' + interval '1 day'),
  (2, 'a0000000-0000-4000-8000-000000000004', 'First headline show at The Lantern Room', 'A sold-out 200-capacity room and a setlist that fans still trade.',
   $md$### Key facts

- Announced on Alex's public channels
- Covered by several fan accounts
- Details confirmed in the podcast the following week

More context is in the [episode archive](https://example.com/slow-signals) and the references below.
$md$,
   '{live,tour,music}', 'Slow Signals, episode 6; official site news archive', 'event', false, false, false,
   '2016-07-22 20:30:00+00'::timestamptz, 'approved', now() - interval '290 days', now() - interval '290 days', now() - interval '290 days' + interval '1 day'),
  (3, 'a0000000-0000-4000-8000-000000000005', 'Launch of the "Slow Signals" podcast', 'Episode one went up with a guest list nobody expected.',
   $md$### Key facts

- Announced on Alex's public channels
- Covered by several fan accounts
- Details confirmed in the podcast the following week

More context is in the [episode archive](https://example.com/slow-signals) and the references below.
$md$,
   '{podcast,launch}', null, 'event', false, false, true,
   '2018-01-08 00:00:00+00'::timestamptz, 'approved', now() - interval '280 days', now() - interval '280 days', now() - interval '280 days' + interval '1 day'),
  (4, 'a0000000-0000-4000-8000-000000000003', '"Northbound" album release', 'The first full-length album, recorded in a converted barn.',
   $md$### Key facts

- Announced on Alex's public channels
- Covered by several fan accounts
- Details confirmed in the podcast the following week

More context is in the [episode archive](https://example.com/slow-signals) and the references below.
$md$,
   '{music,album,release}', 'Slow Signals, episode 12; official site news archive', 'event', false, false, false,
   '2019-10-04 00:00:00+00'::timestamptz, 'approved', now() - interval '270 days', now() - interval '270 days', now() - interval '270 days' + interval '1 day'),
  (5, 'a0000000-0000-4000-8000-000000000007', 'Festival debut at Riverside Days', 'A mid-afternoon slot that turned into the talk of the weekend.',
   $md$### Key facts

- Announced on Alex's public channels
- Covered by several fan accounts
- Details confirmed in the podcast the following week

More context is in the [episode archive](https://example.com/slow-signals) and the references below.
$md$,
   '{live,festival}', 'Slow Signals, episode 15; official site news archive', 'event', false, false, false,
   '2020-08-15 16:00:00+00'::timestamptz, 'approved', now() - interval '250 days', now() - interval '250 days', now() - interval '250 days' + interval '1 day'),
  (6, 'a0000000-0000-4000-8000-000000000008', 'Podcast hits episode 100', 'A three-hour special with listener questions and a live band.',
   $md$### Key facts

- Announced on Alex's public channels
- Covered by several fan accounts
- Details confirmed in the podcast the following week

More context is in the [episode archive](https://example.com/slow-signals) and the references below.
$md$,
   '{podcast,milestone}', null, 'event', false, false, false,
   '2021-05-21 18:00:00+00'::timestamptz, 'approved', now() - interval '230 days', now() - interval '230 days', now() - interval '230 days' + interval '1 day'),
  (7, 'a0000000-0000-4000-8000-000000000002', 'European tour announced', 'Twelve cities, three countries and one ferry crossing.',
   $md$### Key facts

- Announced on Alex's public channels
- Covered by several fan accounts
- Details confirmed in the podcast the following week

More context is in the [episode archive](https://example.com/slow-signals) and the references below.
$md$,
   '{tour,announcement,live}', 'Slow Signals, episode 21; official site news archive', 'event', false, false, true,
   '2022-02-01 09:00:00+00'::timestamptz, 'approved', now() - interval '210 days', now() - interval '210 days', now() - interval '210 days' + interval '1 day'),
  (8, 'a0000000-0000-4000-8000-000000000003', 'Charity livestream raises funds for music schools', 'Eight hours of covers, stories and requests.',
   $md$### Key facts

- Announced on Alex's public channels
- Covered by several fan accounts
- Details confirmed in the podcast the following week

More context is in the [episode archive](https://example.com/slow-signals) and the references below.
$md$,
   '{charity,livestream}', 'Slow Signals, episode 24; official site news archive', 'event', false, false, false,
   '2022-11-19 00:00:00+00'::timestamptz, 'approved', now() - interval '190 days', now() - interval '190 days', now() - interval '190 days' + interval '1 day'),
  (9, 'a0000000-0000-4000-8000-000000000004', '"Quiet Engines" single premieres on radio', 'The lead single of the second album gets its first spin.',
   $md$### Key facts

- Announced on Alex's public channels
- Covered by several fan accounts
- Details confirmed in the podcast the following week

More context is in the [episode archive](https://example.com/slow-signals) and the references below.
$md$,
   '{music,single,radio}', null, 'event', false, false, false,
   '2023-06-09 07:45:00+00'::timestamptz, 'approved', now() - interval '170 days', now() - interval '170 days', now() - interval '170 days' + interval '1 day'),
  (10, 'a0000000-0000-4000-8000-000000000005', 'Documentary screening at the city film festival', 'A short documentary about the podcast premiered to a full house.',
   $md$### Key facts

- Announced on Alex's public channels
- Covered by several fan accounts
- Details confirmed in the podcast the following week

More context is in the [episode archive](https://example.com/slow-signals) and the references below.
$md$,
   '{film,documentary}', 'Slow Signals, episode 30; official site news archive', 'event', false, false, false,
   '2024-04-27 19:00:00+00'::timestamptz, 'approved', now() - interval '150 days', now() - interval '150 days', now() - interval '150 days' + interval '1 day'),
  (11, 'a0000000-0000-4000-8000-000000000006', 'Second album "Quiet Engines" released', 'Eleven songs about trains, night shifts and old friends.',
   $md$### Key facts

- Announced on Alex's public channels
- Covered by several fan accounts
- Details confirmed in the podcast the following week

More context is in the [episode archive](https://example.com/slow-signals) and the references below.
$md$,
   '{music,album,release}', 'Slow Signals, episode 33; official site news archive', 'event', false, false, false,
   '2024-09-13 00:00:00+00'::timestamptz, 'approved', now() - interval '120 days', now() - interval '120 days', now() - interval '120 days' + interval '1 day'),
  (12, 'a0000000-0000-4000-8000-000000000003', 'Acoustic residency, week one', 'Four intimate Tuesday nights in a bookshop basement.',
   $md$### Key facts

- Announced on Alex's public channels
- Covered by several fan accounts
- Details confirmed in the podcast the following week

More context is in the [episode archive](https://example.com/slow-signals) and the references below.
$md$,
   '{live,residency,acoustic}', null, 'event', false, false, false,
   '2025-03-04 20:00:00+00'::timestamptz, 'approved', now() - interval '90 days', now() - interval '90 days', now() - interval '90 days' + interval '1 day'),
  (13, 'a0000000-0000-4000-8000-000000000008', 'Podcast live taping in front of an audience', 'The first live taping, with a surprise duet at the end.',
   $md$### Key facts

- Announced on Alex's public channels
- Covered by several fan accounts
- Details confirmed in the podcast the following week

More context is in the [episode archive](https://example.com/slow-signals) and the references below.
$md$,
   '{podcast,live}', 'Slow Signals, episode 39; official site news archive', 'event', false, false, false,
   '2025-10-18 00:00:00+00'::timestamptz, 'approved', now() - interval '40 days', now() - interval '40 days', now() - interval '40 days' + interval '1 day'),
  (14, 'a0000000-0000-4000-8000-000000000002', 'Anniversary concert announced for next spring', 'Ten years since the first EP, celebrated with one long night.',
   $md$### Key facts

- Announced on Alex's public channels
- Covered by several fan accounts
- Details confirmed in the podcast the following week

More context is in the [episode archive](https://example.com/slow-signals) and the references below.
$md$,
   '{live,anniversary,announcement}', 'Slow Signals, episode 42; official site news archive', 'event', false, false, true,
   '2027-04-10 19:30:00+00'::timestamptz, 'approved', now() - interval '3 days', now() - interval '3 days', now() - interval '3 days' + interval '1 day'),
  (15, 'a0000000-0000-4000-8000-000000000003', 'Which "Northbound" track deserves a music video?', 'Make your case for the one song that never got the video treatment.',
   $md$### Starting points

1. Share your pick and why
2. Link a source if you have one
3. Be kind to people who disagree

*Please keep the thread about Alex's public work.*
$md$,
   '{music,album,fans}', null, 'discussion', false, false, false,
   null, 'approved', now() - interval '260 days', now() - interval '260 days', now() - interval '260 days' + interval '1 day'),
  (16, 'a0000000-0000-4000-8000-000000000003', 'Best podcast episodes for new listeners', 'A starter pack for people who have never listened before.',
   $md$### Starting points

1. Share your pick and why
2. Link a source if you have one
3. Be kind to people who disagree

*Please keep the thread about Alex's public work.*
$md$,
   '{podcast,recommendations}', 'Slow Signals, episode 48; official site news archive', 'discussion', false, false, false,
   null, 'approved', now() - interval '200 days', now() - interval '200 days', now() - interval '200 days' + interval '1 day'),
  (17, 'a0000000-0000-4000-8000-000000000005', 'Setlist archaeology: the 2016 shows', 'Help reconstruct the setlists of the early club shows.',
   $md$### Starting points

1. Share your pick and why
2. Link a source if you have one
3. Be kind to people who disagree

*Please keep the thread about Alex's public work.*
$md$,
   '{live,setlists,archive}', 'Slow Signals, episode 51; official site news archive', 'discussion', false, false, false,
   null, 'approved', now() - interval '180 days', now() - interval '180 days', now() - interval '180 days' + interval '1 day'),
  (18, 'a0000000-0000-4000-8000-000000000006', 'Lyrics that changed meaning after the second album', 'Songs that read differently once you know the later work.',
   $md$### Starting points

1. Share your pick and why
2. Link a source if you have one
3. Be kind to people who disagree

*Please keep the thread about Alex's public work.*
$md$,
   '{lyrics,music}', null, 'discussion', false, false, false,
   null, 'approved', now() - interval '140 days', now() - interval '140 days', now() - interval '140 days' + interval '1 day'),
  (19, 'a0000000-0000-4000-8000-000000000007', 'Gear talk: the guitars on "Quiet Engines"', 'What we know (and what we are guessing) about the studio gear.',
   $md$### Starting points

1. Share your pick and why
2. Link a source if you have one
3. Be kind to people who disagree

*Please keep the thread about Alex's public work.*
$md$,
   '{gear,music}', 'Slow Signals, episode 57; official site news archive', 'discussion', false, false, false,
   null, 'approved', now() - interval '110 days', now() - interval '110 days', now() - interval '110 days' + interval '1 day'),
  (20, 'a0000000-0000-4000-8000-000000000003', 'Collecting the merch: a field guide', 'Tour shirts, posters and the infamous lantern pin.',
   $md$### Starting points

1. Share your pick and why
2. Link a source if you have one
3. Be kind to people who disagree

*Please keep the thread about Alex's public work.*
$md$,
   '{merch,collecting}', 'Slow Signals, episode 60; official site news archive', 'discussion', false, false, false,
   null, 'approved', now() - interval '70 days', now() - interval '70 days', now() - interval '70 days' + interval '1 day'),
  (21, 'a0000000-0000-4000-8000-000000000002', 'How this archive verifies sources', 'Our approach to citations, dates and rumours.',
   $md$## Why sources matter

This archive documents the public work of **Alex Rivera**, musician and podcaster. Every post should be
traceable to something Alex said, published or performed in public.

### What counts as a source

- Official releases (albums, singles, podcast episodes)
- Interviews in published media
- Recordings or photos of public performances
- Posts on Alex's public social accounts

### What does not

1. Rumours, however likely they sound
2. Private messages or anything shared in confidence
3. Guesses about Alex's private life

### Dates at a glance

| Type of post | Date we use | Time known? |
|---|---|---|
| Release | Release day | Usually not (midnight) |
| Concert | Doors or stage time | Often |
| Podcast | Publication date | Sometimes |

![Alex Rivera on stage](/images/alex-rivera-stage.jpg)

Questions? See the [contact page](/contact) or read the [terms](/terms-of-service).
$md$,
   '{archive,meta,sources}', null, 'discussion', false, true, false,
   null, 'approved', now() - interval '60 days', now() - interval '60 days', now() - interval '60 days' + interval '1 day'),
  (22, 'a0000000-0000-4000-8000-000000000003', 'Favourite live covers', 'From folk standards to one very unexpected pop song.',
   $md$### Starting points

1. Share your pick and why
2. Link a source if you have one
3. Be kind to people who disagree

*Please keep the thread about Alex's public work.*
$md$,
   '{live,covers}', 'Slow Signals, episode 66; official site news archive', 'discussion', false, false, false,
   null, 'approved', now() - interval '35 days', now() - interval '35 days', now() - interval '35 days' + interval '1 day'),
  (23, 'a0000000-0000-4000-8000-000000000004', 'Unreleased songs mentioned on the podcast', 'A running list of songs Alex has talked about but never released.',
   $md$### Starting points

1. Share your pick and why
2. Link a source if you have one
3. Be kind to people who disagree

*Please keep the thread about Alex's public work.*
$md$,
   '{podcast,unreleased,music}', 'Slow Signals, episode 69; official site news archive', 'discussion', false, false, false,
   null, 'approved', now() - interval '12 days', now() - interval '12 days', now() - interval '12 days' + interval '1 day'),
  (24, 'a0000000-0000-4000-8000-000000000003', 'What should the anniversary setlist include?', 'Ten years, one night: pick the songs.',
   $md$### Starting points

1. Share your pick and why
2. Link a source if you have one
3. Be kind to people who disagree

*Please keep the thread about Alex's public work.*
$md$,
   '{live,anniversary,fans}', null, 'discussion', false, false, false,
   null, 'approved', now() - (now() - date_trunc('day', now())) * 0.6, now() - (now() - date_trunc('day', now())) * 0.6, now() - (now() - date_trunc('day', now())) * 0.6 + interval '1 day'),
  (25, 'a0000000-0000-4000-8000-000000000006', 'Interview: Alex Rivera on writing in transit', 'A long conversation about songwriting on trains and buses.',
   $md$### Summary

- Published in public media
- Quotes checked against the recording

> "I write best when the landscape keeps moving." - Alex Rivera

[Original source](https://example.com/press)
$md$,
   '{interview,songwriting}', 'Slow Signals, episode 75; official site news archive', 'news', false, false, false,
   null, 'approved', now() - interval '160 days', now() - interval '160 days', now() - interval '160 days' + interval '1 day'),
  (26, 'a0000000-0000-4000-8000-000000000007', '"Slow Signals" moves to a weekly schedule', 'The podcast switches from fortnightly to weekly episodes.',
   $md$### Summary

- Published in public media
- Quotes checked against the recording

> "I write best when the landscape keeps moving." - Alex Rivera

[Original source](https://example.com/press)
$md$,
   '{podcast,announcement}', 'Slow Signals, episode 78; official site news archive', 'news', false, false, false,
   null, 'approved', now() - interval '100 days', now() - interval '100 days', now() - interval '100 days' + interval '1 day'),
  (27, 'a0000000-0000-4000-8000-000000000008', 'Vinyl reissue of "Paper Lanterns" confirmed', 'The debut EP returns on coloured vinyl with two bonus tracks.',
   $md$### Summary

- Published in public media
- Quotes checked against the recording

> "I write best when the landscape keeps moving." - Alex Rivera

[Original source](https://example.com/press)
$md$,
   '{music,vinyl,release}', null, 'news', false, false, false,
   null, 'approved', now() - interval '50 days', now() - interval '50 days', now() - interval '50 days' + interval '1 day'),
  (28, 'a0000000-0000-4000-8000-000000000003', 'Award nomination for best independent album', '"Quiet Engines" is on the shortlist.',
   $md$### Summary

- Published in public media
- Quotes checked against the recording

> "I write best when the landscape keeps moving." - Alex Rivera

[Original source](https://example.com/press)
$md$,
   '{award,music,album}', 'Slow Signals, episode 84; official site news archive', 'news', false, false, true,
   null, 'approved', now() - interval '20 days', now() - interval '20 days', now() - interval '20 days' + interval '1 day'),
  (29, 'a0000000-0000-4000-8000-000000000003', 'Podcast guest list for the winter season', 'Musicians, a lighthouse keeper and a sound designer.',
   $md$### Summary

- Published in public media
- Quotes checked against the recording

> "I write best when the landscape keeps moving." - Alex Rivera

[Original source](https://example.com/press)
$md$,
   '{podcast,guests}', 'Slow Signals, episode 87; official site news archive', 'news', false, false, false,
   null, 'approved', now() - (now() - date_trunc('day', now())) * 0.4, now() - (now() - date_trunc('day', now())) * 0.4, now() - (now() - date_trunc('day', now())) * 0.4 + interval '1 day'),
  (30, 'a0000000-0000-4000-8000-000000000004', 'Photo essay: ten years of stage lighting', 'How the shows changed, one lighting rig at a time.',
   $md$### Summary

- Published in public media
- Quotes checked against the recording

> "I write best when the landscape keeps moving." - Alex Rivera

[Original source](https://example.com/press)
$md$,
   '{photos,live,archive}', null, 'other', false, false, false,
   null, 'approved', now() - interval '80 days', now() - interval '80 days', now() - interval '80 days' + interval '1 day'),
  (31, 'a0000000-0000-4000-8000-000000000005', 'Fan art roundup: autumn edition', 'Drawings, paintings and one embroidered tour map.',
   $md$### Summary

- Published in public media
- Quotes checked against the recording

> "I write best when the landscape keeps moving." - Alex Rivera

[Original source](https://example.com/press)
$md$,
   '{fan-art,community}', 'Slow Signals, episode 93; official site news archive', 'other', false, false, false,
   null, 'approved', now() - interval '25 days', now() - interval '25 days', now() - interval '25 days' + interval '1 day'),
  (32, 'a0000000-0000-4000-8000-000000000003', 'Uncensored tour diary excerpts', 'Late-night diary pages from the European tour, with strong language.',
   $md$### Summary

- Published in public media
- Quotes checked against the recording

> "I write best when the landscape keeps moving." - Alex Rivera

[Original source](https://example.com/press)
$md$,
   '{tour,diary}', 'Slow Signals, episode 96; official site news archive', 'other', true, false, false,
   null, 'approved', now() - interval '15 days', now() - interval '15 days', now() - interval '15 days' + interval '1 day'),
  (33, 'a0000000-0000-4000-8000-000000000007', 'Radio session transcript, 2019', 'A transcript of the session recorded the week "Northbound" came out.',
   $md$### Summary

- Published in public media
- Quotes checked against the recording

> "I write best when the landscape keeps moving." - Alex Rivera

[Original source](https://example.com/press)
$md$,
   '{interview,radio,transcript}', null, 'interview', false, false, false,
   null, 'approved', now() - (now() - date_trunc('day', now())) * 0.2, now() - (now() - date_trunc('day', now())) * 0.2, now() - (now() - date_trunc('day', now())) * 0.2 + interval '1 day');

-- Posts created today should not look reviewed in the future.
update public.posts set reviewed_at = created_at + interval '5 minutes' where reviewed_at > now();

-- ============================================================================
-- Pending posts (the admin review queue)
-- ============================================================================
insert into public.posts (id, author_id, title, excerpt, content, tags, citations, post_type, is_nsfw, event_timestamp, status, created_at)
overriding system value
values
  (101, 'a0000000-0000-4000-8000-000000000002', 'Secret show rumoured for December',
   'A small venue listing hints at an unannounced acoustic set.',
   $md$## The listing

A venue calendar shows "A. R. + friends" on a Thursday in December.

- No ticket link yet
- The date matches a gap in the tour schedule
$md$, '{live,rumour}', 'Venue calendar screenshot', 'event', false, '2026-12-10 00:00:00+00', 'pending', now() - interval '5 hours'),
  (102, 'a0000000-0000-4000-8000-000000000005', 'Podcast transcript project',
   'Volunteers wanted to transcribe the first fifty episodes.',
   $md$## How to help

1. Pick an episode from the list
2. Transcribe in plain text
3. Send it in for review
$md$, '{podcast,volunteers}', null, 'discussion', false, null, 'pending', now() - interval '1 day'),
  (103, 'a0000000-0000-4000-8000-000000000007', 'Tour poster scans, 2022',
   'High-resolution scans of the European tour posters.',
   $md$Scans of all twelve city posters, with the print run noted where known.$md$,
   '{tour,posters,archive}', 'Personal collection', 'other', false, null, 'pending', now() - interval '2 days');

select setval(pg_get_serial_sequence('public.posts', 'id'), (select max(id) from public.posts));

-- ============================================================================
-- Media (files in supabase/seed-media, copied into the `media` bucket), with each file's size in pixels
-- ============================================================================
insert into public.post_media (post_id, object_path, media_type, width, height, position)
values
  (1, 'album-cover.png', 'image', 400, 400, 0),
  (2, 'alex-rivera-stage.jpg', 'image', 640, 360, 0),
  (3, 'podcast-studio.jpg', 'image', 640, 360, 0),
  (7, 'tour-poster.webp', 'image', 600, 400, 0),
  (14, 'alex-rivera-stage.jpg', 'image', 640, 360, 0),
  (21, 'archive-banner.png', 'image', 480, 270, 0),
  (25, 'interview-still.webp', 'image', 640, 360, 0),
  (28, 'album-cover.png', 'image', 400, 400, 0),
  (30, 'alex-rivera-stage.jpg', 'image', 640, 360, 0),
  (30, 'tour-poster.webp', 'image', 600, 400, 1),
  (103, 'tour-poster.webp', 'image', 600, 400, 0);

-- ============================================================================
-- Info boxes
-- ============================================================================
-- Written as json, which keeps its keys in order (jsonb does not): that order is the author's.
insert into public.info_boxes (post_id, title, content, key_order, position)
select b.post_id, b.title, b.content::jsonb, array(select k.key from json_object_keys(b.content::json) with ordinality k (key, n) order by k.n), b.position
from (values
  (1, 'Release', '{"Format": "Digital, CD", "Tracks": "5", "Label": "Self-released"}', 0),
  (1, 'Credits', '{"Produced by": "Alex Rivera", "Mixed by": "Noor Elling"}', 1),
  (3, 'Podcast', '{"Name": "Slow Signals", "Schedule": "Weekly", "Host": "Alex Rivera"}', 0),
  (4, 'Album', '{"Title": "Northbound", "Length": "41:12", "Studio": "The Barn, Millbrook"}', 0),
  (7, 'Tour', '{"Cities": "12", "Countries": "3", "Support act": "The Quiet Hours"}', 0),
  (11, 'Album', '{"Title": "Quiet Engines", "Tracks": "11", "Time": "Released at midnight: time unknown"}', 0),
  (14, 'Concert', '{"Venue": "Harbour Hall", "Doors": "18:30", "Tickets": "On sale soon"}', 0),
  (21, 'About this archive', '{"Run by": "Fans", "Affiliation": "None (independent)", "Contact": "See the contact page"}', 0),
  (25, 'Interview', '{"Outlet": "Night Transit Magazine", "Length": "About 5000 words"}', 0),
  (101, 'Rumour', '{"Source": "Venue calendar", "Confidence": "Low"}', 0)
) b (post_id, title, content, position);

-- ============================================================================
-- Comments and replies
-- ============================================================================
insert into public.comments (id, post_id, parent_id, author_id, content, created_at)
overriding system value
values
  (1, 21, null, 'a0000000-0000-4000-8000-000000000003', 'Thanks for writing this down, it makes adding posts much less scary.', now() - interval '59 days'),
  (2, 21, 1, 'a0000000-0000-4000-8000-000000000001', 'Glad it helps! Ask here if anything is unclear.', now() - interval '58 days'),
  (3, 21, 1, 'a0000000-0000-4000-8000-000000000004', 'Could we add a section about podcast timestamps?', now() - interval '57 days'),
  (4, 21, null, 'a0000000-0000-4000-8000-000000000006', 'The table of dates is really useful.', now() - interval '30 days'),
  (5, 15, null, 'a0000000-0000-4000-8000-000000000002', 'The title track, obviously. That chorus was made for a video.', now() - interval '250 days'),
  (6, 15, 5, 'a0000000-0000-4000-8000-000000000005', 'Disagree: the closing song would make a better short film.', now() - interval '249 days'),
  (7, 15, null, 'a0000000-0000-4000-8000-000000000007', 'Anything with the barn in it.', now() - interval '240 days'),
  (8, 24, null, 'a0000000-0000-4000-8000-000000000008', 'It has to open with the first song of the first EP.', now() - (now() - date_trunc('day', now())) * 0.5),
  (9, 24, 8, 'a0000000-0000-4000-8000-000000000002', 'And close with the newest one. Full circle.', now() - (now() - date_trunc('day', now())) * 0.3),
  (10, 11, null, 'a0000000-0000-4000-8000-000000000004', 'Still my album of the year.', now() - interval '100 days'),
  (11, 11, null, 'a0000000-0000-4000-8000-000000000003', 'The midnight release was a great touch.', now() - interval '99 days'),
  (12, 11, 11, 'a0000000-0000-4000-8000-000000000006', 'I stayed up for it too!', now() - interval '98 days'),
  (13, 16, null, 'a0000000-0000-4000-8000-000000000008', 'Episode 42, the one recorded on a night train.', now() - interval '190 days'),
  (14, 14, null, 'a0000000-0000-4000-8000-000000000005', 'Booking the day off already.', now() - interval '2 days'),
  (15, 23, null, 'a0000000-0000-4000-8000-000000000007', 'There is also the song about the lighthouse from episode 88.', now() - interval '10 days'),
  (16, 23, 15, 'a0000000-0000-4000-8000-000000000003', 'Yes! Added a note with the timestamp.', now() - interval '9 days');

select setval(pg_get_serial_sequence('public.comments', 'id'), (select max(id) from public.comments));

-- ============================================================================
-- Votes (counters on posts and comments follow from these, via triggers)
-- ============================================================================
insert into public.post_votes (post_id, user_id, vote)
select p.id, u.id,
       case when (p.id + u.n) % 6 = 0 then -1 else 1 end
from public.posts p
cross join (
  select id, row_number() over (order by id)::integer as n
  -- The moderator votes on nothing: the demo's counts stay as they were before there was one.
  from auth.users where email like '%@example.com' and email <> 'moderator@example.com'
) u
where p.status = 'approved'
  and (p.id * 7 + u.n * 3) % 4 <> 0;

insert into public.comment_votes (comment_id, user_id, vote)
select c.id, u.id,
       case when (c.id + u.n) % 5 = 0 then -1 else 1 end
from public.comments c
cross join (
  select id, row_number() over (order by id)::integer as n
  -- The moderator votes on nothing: the demo's counts stay as they were before there was one.
  from auth.users where email like '%@example.com' and email <> 'moderator@example.com'
) u
where (c.id * 5 + u.n) % 3 = 0;

-- ============================================================================
-- Pending edit suggestions (the trigger keeps only changed fields and
-- snapshots the originals)
-- ============================================================================
insert into public.edit_suggestions (post_id, user_id, summary, changes, created_at)
values
  (9, 'a0000000-0000-4000-8000-000000000002', 'The single premiered on a Friday morning show, so the title should say "morning radio".',
   '{"title": "\"Quiet Engines\" single premieres on morning radio"}', now() - interval '6 hours'),
  (4, 'a0000000-0000-4000-8000-000000000004', 'Added the album length from the back cover and the producer credit.',
   jsonb_build_object(
     'content', (select content from public.posts where id = 4) || E'\n### Credits\n\n- Produced by Alex Rivera and Noor Elling\n- Recorded over three weeks in one barn\n',
     'info_boxes', '[{"title": "Album", "entries": [["Title", "Northbound"], ["Length", "41:12"], ["Studio", "The Barn, Millbrook"], ["Producer", "Noor Elling"]], "order": 0}, {"title": "Singles", "entries": [["First", "Northbound"], ["Second", "Harbour Lights"]], "order": 1}]'::jsonb),
   now() - interval '1 day');

-- ============================================================================
-- General suggestions
-- ============================================================================
insert into public.suggestions (user_id, suggestion, status, created_at)
values
  ('a0000000-0000-4000-8000-000000000002', 'A dark mode would be lovely for late-night reading.', 'new', now() - interval '3 days'),
  ('a0000000-0000-4000-8000-000000000005', 'Could the timeline have a filter for podcast events only?', 'new', now() - interval '8 days'),
  ('a0000000-0000-4000-8000-000000000007', 'Please add an RSS feed for new posts.', 'reviewed', now() - interval '20 days'),
  ('a0000000-0000-4000-8000-000000000003', 'Maybe link each podcast episode to its official page.', 'new', now() - interval '1 hour');

-- ============================================================================
-- Sources: the URLs the demo posts cite, in each state, some with
-- an archived copy. Written here as the jobs would have left them; the
-- queued extraction (private.source_jobs) finds the same URLs again on the
-- first run of POST /api/jobs/sources. The Wayback stand-in of the local
-- stack is told of these captures when it starts.
-- ============================================================================
-- References with URLs; updated_at back to what the posts had (their creation), as a seed edit is no author's.
update public.posts p set citations = v.citations
  from (values
    (1, 'Slow Signals, episode 3 (https://slowsignals.example/episodes/3); official site news archive: https://alexrivera.example/news/paper-lanterns'),
    (2, 'Venue listing https://lanternroom.example/shows/2016-alex-rivera and the review at https://fanzine.example/reviews/lantern-room'),
    (3, 'Interview: https://radio.example/interviews/alex-rivera?utm_source=newsletter. Announcement: https://social.example/alexrivera/status/1234'),
    (101, 'Venue calendar: https://venue.example/calendar/december')
  ) as v (id, citations)
 where p.id = v.id;
update public.posts set updated_at = created_at where id in (1, 2, 3, 101);

insert into public.sources (url, host, state, moved_to, checked_at, consecutive_failures, next_check_at, archived_url, archived_at, created_at)
values
  ('https://slowsignals.example/episodes/3', 'slowsignals.example', 'alive', null, now() - interval '2 days', 0, now() + interval '5 days',
   'https://web.archive.org/web/20261101120000/https://slowsignals.example/episodes/3', '2026-11-01 12:00:00+00', now() - interval '60 days'),
  ('https://alexrivera.example/news/paper-lanterns', 'alexrivera.example', 'moved', 'https://alexrivera.example/news/2015/paper-lanterns',
   now() - interval '3 days', 0, now() + interval '4 days',
   'https://web.archive.org/web/20150314090000/https://alexrivera.example/news/paper-lanterns', '2015-03-14 09:00:00+00', now() - interval '60 days'),
  ('https://lanternroom.example/shows/2016-alex-rivera', 'lanternroom.example', 'dead', null, now() - interval '1 day', 2, now() + interval '6 days',
   'https://web.archive.org/web/20160402200000/https://lanternroom.example/shows/2016-alex-rivera', '2016-04-02 20:00:00+00', now() - interval '60 days'),
  ('https://fanzine.example/reviews/lantern-room', 'fanzine.example', 'dead', null, now() - interval '1 day', 3, now() + interval '6 days',
   null, null, now() - interval '60 days'),
  ('https://radio.example/interviews/alex-rivera', 'radio.example', 'unchecked', null, null, 0, now() + interval '1 day',
   null, null, now() - interval '1 hour'),
  ('https://social.example/alexrivera/status/1234', 'social.example', 'uncheckable', null, now() - interval '2 days', 0, now() + interval '5 days',
   'https://web.archive.org/web/20201009150000/https://social.example/alexrivera/status/1234', '2020-10-09 15:00:00+00', now() - interval '60 days'),
  ('https://venue.example/calendar/december', 'venue.example', 'unchecked', null, null, 0, now() + interval '1 day',
   null, null, now() - interval '1 hour'),
  ('https://example.com/slow-signals', 'example.com', 'alive', null, now() - interval '1 day', 0, now() + interval '6 days',
   'https://web.archive.org/web/20261020080000/https://example.com/slow-signals', '2026-10-20 08:00:00+00', now() - interval '90 days'),
  ('https://example.com/press', 'example.com', 'alive', null, now() - interval '1 day', 0, now() + interval '6 days',
   null, null, now() - interval '90 days');

-- Each post's citations, in the order its references and content give them.
insert into public.source_citations (post_id, source_id, place, position)
select p.id, s.id, place.name::public.source_place, place.position
  from public.posts p
  cross join lateral (
    select 'references' as name, (r.n - 1)::integer as position, r.url
      from regexp_matches(coalesce(p.citations, ''), 'https?://[^\s);,?]+', 'g') with ordinality as r (url, n)
    union all
    select 'content', (c.n - 1)::integer, c.url
      from regexp_matches(p.content, 'https?://[^\s)]+', 'g') with ordinality as c (url, n)
  ) as place
  join public.sources s on s.url = place.url[1];

-- ============================================================================
-- History: each published post starts with its approval revision
-- ============================================================================
select private.record_missing_approval_revisions();

-- ============================================================================
-- Following: the demo member follows a tag and an author, and has the
-- digest at 07:00 in their own time zone (the account page lists them all)
-- ============================================================================
insert into public.tag_follows (member_id, tag, created_at)
values ('a0000000-0000-4000-8000-000000000002', 'podcast', now() - interval '30 days');
insert into public.author_follows (member_id, author_id, created_at)
values ('a0000000-0000-4000-8000-000000000002', 'a0000000-0000-4000-8000-000000000003', now() - interval '30 days');
insert into public.digest_settings (member_id, time_zone, digest_hour)
values ('a0000000-0000-4000-8000-000000000002', 'Europe/London', 7);
