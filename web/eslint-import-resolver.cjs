/**
 * eslint-plugin-import resolver for the SPA's `@/` alias (web/src), so that
 * `import/no-restricted-paths` sees through `@/features/...` imports.
 * Everything else goes to the node resolver with TypeScript extensions.
 */
const path = require("node:path");
const nodeResolver = require("eslint-import-resolver-node");

const src = path.join(__dirname, "src");
const extensions = [".ts", ".tsx", ".js", ".jsx", ".mjs", ".cjs", ".json", ".css"];

exports.interfaceVersion = 2;
exports.resolve = function resolve(source, file, config) {
  const target = source.startsWith("@/") ? path.join(src, source.slice(2)) : source;
  return nodeResolver.resolve(target, file, { extensions, ...config });
};
