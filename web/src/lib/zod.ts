import { z } from "zod";

// zod compiles object parsers with `new Function` when it may; even its
// try/catch probe counts as a violation under the site's CSP (no
// 'unsafe-eval'), so it runs without that step everywhere.
z.config({ jitless: true });

export { z };
