/**
 * `npm run seed:photos`: the demo data plus real photos, what `npm run
 * lighthouse` measures on. Three demo members each post one
 * genuine 6000×4000, 6.4 MB camera JPEG with EXIF (scripts/seed-photos/genuine-photo.ts:
 * camera Make/Model on all, a GPS position on two, orientation 6 on one)
 * through the real API (POST /api/posts with the file, as the SPA sends a
 * post), the demo admin approves each (POST /api/admin/posts/{id}/approve),
 * pins the first (Home's "Pinned Post" shows its image) and marks the
 * others important (Home's "Important Updates" show theirs). All are tagged
 * `photos`, so /posts/all?tags=photos and each member's author page show them.
 *
 * Run it once on a stack with the demo seed (`npm start`; another offset:
 * LOCAL_STACK_PORT_OFFSET=N, or SUPABASE_URL / SUPABASE_ANON_KEY / API_URL in
 * the environment). Run again, it finds its posts by title and posts nothing twice.
 */
import { genuinePhoto, withExif, type ExifChanges } from "./seed-photos/genuine-photo.ts";
import { stackEnv } from "./stack-env.ts";

const demoPassword = "archive-demo";
const adminEmail = "admin@example.com";
// The Tour Montparnasse's terrace, where the photo was taken.
const montparnasse = { latitude: 48.8421, longitude: 2.3219, altitudeM: 210 };

type PhotoPost = { email: string; title: string; file: string; exif: ExifChanges; slot: "pin" | "mark_important" };
const photoPosts: PhotoPost[] = [
  { email: "member@example.com", title: "Paris at dusk, the night before the show", file: "paris-at-dusk.jpg", exif: { gps: montparnasse }, slot: "pin" },
  { email: "priya.nair@example.com", title: "The city lights from the top floor, phone held upright", file: "city-lights-upright.jpg", exif: { orientation: 6, gps: montparnasse }, slot: "mark_important" },
  { email: "leo.martins@example.com", title: "Waiting for the encore: the view over Paris", file: "view-over-paris.jpg", exif: {}, slot: "mark_important" },
];

const env = stackEnv();
const supabaseUrl = env.SUPABASE_URL.replace(/\/$/, "");
const apiUrl = (env.API_URL || `${supabaseUrl}/functions/v1`).replace(/\/$/, "");

type Session = { token: string; userId: string };

async function signIn(email: string): Promise<Session> {
  const response = await fetch(`${supabaseUrl}/auth/v1/token?grant_type=password`, {
    method: "POST",
    headers: { apikey: env.SUPABASE_ANON_KEY, "content-type": "application/json" },
    body: JSON.stringify({ email, password: demoPassword }),
  });
  const body = (await response.json()) as { access_token?: string; user?: { id: string }; msg?: string };
  if (!response.ok || !body.access_token || !body.user) throw new Error(`signing in as ${email} failed (${response.status}): ${body.msg ?? "no session"}; is the demo seed loaded?`);
  return { token: body.access_token, userId: body.user.id };
}

async function api<T>(method: string, path: string, token?: string, body?: FormData): Promise<T> {
  const response = await fetch(`${apiUrl}${path}`, {
    method,
    headers: { apikey: env.SUPABASE_ANON_KEY, ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body,
  });
  const answer = (await response.json().catch(() => ({}))) as T & { error?: string };
  if (!response.ok) throw new Error(`${method} ${path} answered ${response.status}: ${answer.error ?? "no message"}`);
  return answer;
}

type Listed = { id: number; title: string; author_id?: string };

/** The member's post with this title, published or waiting for review. */
async function existingPost(photo: PhotoPost, member: Session, admin: Session): Promise<number | undefined> {
  const published = await api<{ posts: Listed[] }>("GET", `/api/authors/${member.userId}?limit=100`);
  const pending = await api<{ posts: Listed[] }>("GET", "/api/admin/pending-posts", admin.token);
  const mine = (post: Listed) => post.title === photo.title && (post.author_id === undefined || post.author_id === member.userId);
  return [...published.posts, ...pending.posts].find(mine)?.id;
}

function postForm(photo: PhotoPost, jpeg: Buffer): FormData {
  const form = new FormData();
  form.append("title", photo.title);
  form.append("excerpt", "A fan's photo from the tour, straight off the camera.");
  form.append("content", "Taken from the Tour Montparnasse the evening before the Paris show.\n\nThe original file, as the camera wrote it.");
  form.append("tags", "photos, paris, tour");
  form.append("postType", "discussion");
  form.append("isNSFW", "0");
  form.append("media", new File([new Uint8Array(withExif(jpeg, photo.exif))], photo.file, { type: "image/jpeg" }));
  return form;
}

console.log(`▶ seeding photos through ${apiUrl}`);
const admin = await signIn(adminEmail);
const jpeg = genuinePhoto();
for (const photo of photoPosts) {
  const member = await signIn(photo.email);
  let id = await existingPost(photo, member, admin);
  if (id === undefined) {
    ({ id } = await api<{ id: number }>("POST", "/api/posts", member.token, postForm(photo, jpeg)));
    console.log(`  posted #${id} as ${photo.email}: ${photo.file} (${(jpeg.length / 1024 / 1024).toFixed(1)} MB)`);
  } else {
    console.log(`  #${id} "${photo.title}" is there already`);
  }
  const post = await api<{ post?: { status?: string } }>("GET", `/api/posts/${id}`, admin.token).catch(() => undefined);
  if (post?.post?.status !== "approved") await api("POST", `/api/admin/posts/${id}/approve`, admin.token, undefined);
  await api("POST", `/api/posts/${id}/${photo.slot}`, admin.token);
  console.log(`  #${id} approved and ${photo.slot === "pin" ? "pinned" : "marked important"}: /posts/${id}, /authors/${member.userId}`);
}
console.log("✓ photos seeded: /, /posts/all?tags=photos and the authors' pages show them");
