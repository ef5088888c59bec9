import { env, sourcesEnv } from "../env.ts";
import { robotsToken } from "./robots.ts";

/** Names the site and how to reach it, as a polite robot does. */
export const checkerUserAgent = `Mozilla/5.0 (compatible; ${robotsToken}/1.0; +${env.siteUrl}${sourcesEnv.contact ? `; ${sourcesEnv.contact}` : ""}) ${env.siteName}`;
