/** URLs and keys of the stack under test; scripts/test.ts provides them. */
function required(name: string): string {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is not set: run the tests with \`npm test\`, or export the stack's variables (npm run --silent stack:env).`);
  return value;
}

export const testEnv = {
  get supabaseUrl() {
    return required("SUPABASE_URL");
  },
  get anonKey() {
    return required("SUPABASE_ANON_KEY");
  },
  get databaseUrl() {
    return required("DATABASE_URL");
  },
  get siteUrl() {
    return process.env.SITE_URL ?? "http://localhost:5173";
  },
};
