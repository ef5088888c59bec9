import { env, sourcesEnv } from "../env.ts";
import { robotsToken } from "./robots.ts";

/** How a site's owner reaches us: SOURCES_CONTACT, else the site's contact page. */
export const checkerContact = sourcesEnv.contact || `${env.siteUrl}/contact`;

/** Names the site and how to reach it, as a polite robot does. */
export const checkerUserAgent = `Mozilla/5.0 (compatible; ${robotsToken}/1.0; +${env.siteUrl}; ${checkerContact}) ${env.siteName}`;
