import { supabaseUrl } from "./env.ts";

/** Whether new accounts wait for their e-mail's link (`enable_confirmations`), as the stack under test says. */
export const confirmationsOn = !((await (await fetch(`${supabaseUrl}/auth/v1/settings`)).json()) as { mailer_autoconfirm: boolean }).mailer_autoconfirm;
