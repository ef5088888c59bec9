import { describe, expect, it } from "vitest";
import { EnvError, parseEnv } from "./env";

const valid = { VITE_SUPABASE_URL: "http://127.0.0.1:54321/", VITE_SUPABASE_ANON_KEY: "anon" };

describe("parseEnv", () => {
  it("accepts the two required variables and fills in defaults", () => {
    const env = parseEnv(valid);
    expect(env).toEqual({
      supabaseUrl: "http://127.0.0.1:54321",
      supabaseAnonKey: "anon",
      siteName: "The Community Archive",
      contactEmail: "hello@example.com",
      moderationEmail: "moderation@example.com",
      authProviders: [],
      posthogKey: undefined,
      posthogHost: "https://us.i.posthog.com",
      imageTransforms: true,
      contentLicense: { name: "CC BY-SA 4.0", url: "https://creativecommons.org/licenses/by-sa/4.0/" },
    });
  });

  it("reads the content licence the operator names, with its address if given", () => {
    const own = { VITE_CONTENT_LICENSE: " CC BY 4.0 ", VITE_CONTENT_LICENSE_URL: "https://creativecommons.org/licenses/by/4.0/" };
    expect(parseEnv({ ...valid, ...own }).contentLicense).toEqual({ name: "CC BY 4.0", url: "https://creativecommons.org/licenses/by/4.0/" });
    expect(parseEnv({ ...valid, VITE_CONTENT_LICENSE: "All rights reserved" }).contentLicense).toEqual({ name: "All rights reserved", url: undefined });
    expect(() => parseEnv({ ...valid, VITE_CONTENT_LICENSE_URL: "javascript:alert(1)" })).toThrow(/VITE_CONTENT_LICENSE_URL is not a URL/);
  });

  it.each([
    ["VITE_SITE_NAME", "  Fan Archive ", "siteName", "Fan Archive"],
    ["VITE_CONTACT_EMAIL", "", "contactEmail", "hello@example.com"],
    ["VITE_MODERATION_EMAIL", "mods@example.org", "moderationEmail", "mods@example.org"],
    ["VITE_AUTH_PROVIDERS", " Google, github,,google ", "authProviders", ["google", "github"]],
    ["VITE_POSTHOG_KEY", "phc_123", "posthogKey", "phc_123"],
    ["VITE_POSTHOG_HOST", "https://eu.i.posthog.com", "posthogHost", "https://eu.i.posthog.com"],
    ["VITE_IMAGE_TRANSFORMS", " OFF ", "imageTransforms", false],
    ["VITE_IMAGE_TRANSFORMS", "", "imageTransforms", true],
  ] as const)("reads %s %j as %s (an empty value is the default)", (variable, value, key, expected) => {
    expect(parseEnv({ ...valid, [variable]: value })[key]).toEqual(expected);
  });

  it("lists every missing variable in one clear error", () => {
    expect(() => parseEnv({ VITE_SUPABASE_ANON_KEY: "  " })).toThrowError(EnvError);
    try {
      parseEnv({ VITE_SUPABASE_ANON_KEY: "  " });
    } catch (error) {
      expect((error as EnvError).problems).toEqual(["VITE_SUPABASE_URL is missing", "VITE_SUPABASE_ANON_KEY is missing"]);
      expect((error as Error).message).toMatch(/VITE_SUPABASE_URL is missing; VITE_SUPABASE_ANON_KEY is missing/);
      expect((error as Error).message).toMatch(/\.env\.example/);
    }
  });

  it("rejects malformed values", () => {
    expect(() => parseEnv({ ...valid, VITE_SUPABASE_URL: "not a url" })).toThrow(/VITE_SUPABASE_URL is not a URL/);
    expect(() => parseEnv({ ...valid, VITE_CONTACT_EMAIL: "nobody" })).toThrow(/VITE_CONTACT_EMAIL is not an e-mail address/);
    expect(() => parseEnv({ ...valid, VITE_IMAGE_TRANSFORMS: "no" })).toThrow(/VITE_IMAGE_TRANSFORMS is neither on nor off/);
  });
});
