import { z } from "zod";

/** GET /api/role: an account's roles, and the highest of them (a member without one is a "user"). */
export const roleLookup = z
  .object({
    role: z.enum(["admin", "moderator", "user"]).meta({ description: "The highest role: admin, then moderator, else user." }),
    roles: z.array(z.enum(["admin", "moderator"])).meta({ description: "Every role the account has, in alphabetical order." }),
  })
  .meta({ id: "RoleLookup", example: { role: "moderator", roles: ["moderator"] } });

export type RoleLookup = z.infer<typeof roleLookup>;
