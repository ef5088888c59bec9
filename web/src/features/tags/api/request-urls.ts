/** GET /api/tags: light on purpose, index.html's early data request asks for it too (src/app/early-requests.ts). */
export const tagsUrl = "/api/tags";
