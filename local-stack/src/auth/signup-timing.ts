/**
 * Sign-up answers that take as long whether or not the address has an account.
 * Both hash the password (signup.ts); after that a new address costs its rows
 * and its confirmation e-mail, which an existing one, answered with a made-up
 * user, is spared by GoTrue (supabase/auth internal/api/signup.go), whose
 * answer times tell the two apart. The stand-in holds an existing address's
 * answer until as long has passed since its hash as one of the last few new
 * sign-ups took after theirs: the latest few, so that it follows the host's
 * current pace; one at random, so that the two spread alike.
 */
import { randomInt } from "node:crypto";
import { setTimeout as sleep } from "node:timers/promises";

const kept = 3;
const recentAfterHashing: number[] = [];

/** Notes how long a new address's sign-up took after its hash was made at `hashedAt` (a `performance.now()` reading). */
export function recordNewSignUp(hashedAt: number): void {
  recentAfterHashing.push(performance.now() - hashedAt);
  if (recentAfterHashing.length > kept) recentAfterHashing.shift();
}

/** Waits until a sign-up whose hash was made at `hashedAt` has taken as long as a recent new one (no wait before the first). */
export async function takeAsLongAsANewSignUp(hashedAt: number): Promise<void> {
  if (recentAfterHashing.length === 0) return;
  const target = recentAfterHashing[randomInt(recentAfterHashing.length)]!;
  const left = target - (performance.now() - hashedAt);
  if (left > 0) await sleep(left);
}
