import { z } from "@/lib/zod";

export const PASSWORD_MIN_LENGTH = 8;

/** A password being chosen: the rules of sign-up, a new password and the invitation page. */
const newPassword = z.string().min(PASSWORD_MIN_LENGTH, `Use at least ${PASSWORD_MIN_LENGTH} characters`).max(72, "Use at most 72 characters");

export const signInSchema = z.object({
  email: z.string().trim().min(1, "Enter your e-mail address").pipe(z.email("Enter a valid e-mail address")),
  password: z.string().min(1, "Enter your password"),
});
export type SignInValues = z.infer<typeof signInSchema>;

export const forgotPasswordSchema = z.object({
  email: z.string().trim().min(1, "Enter your e-mail address").pipe(z.email("Enter a valid e-mail address")),
});
export type ForgotPasswordValues = z.infer<typeof forgotPasswordSchema>;

/**
 * A new password, typed twice; the current one too unless the session began
 * with an e-mail link (Auth's require_current_password, see utils/session-method.ts).
 */
export const newPasswordSchema = (needsCurrent: boolean) =>
  z
    .object({
      currentPassword: needsCurrent ? z.string().min(1, "Enter your current password") : z.string(),
      password: newPassword,
      confirm: z.string(),
    })
    .refine((values) => values.password === values.confirm, { path: ["confirm"], message: "The passwords do not match" });
export type NewPasswordValues = z.infer<ReturnType<typeof newPasswordSchema>>;

export const nameSchema = z.object({
  firstName: z.string().trim().min(1, "Enter your first name").max(60, "Use at most 60 characters for your first name"),
  lastName: z.string().trim().min(1, "Enter your last name").max(60, "Use at most 60 characters for your last name"),
});
export type NameValues = z.infer<typeof nameSchema>;

const adultConfirmed = z.boolean().refine((value) => value, "You must be 18 or older to create an account");

export const signUpSchema = nameSchema.extend({
  email: z.string().trim().min(1, "Enter your e-mail address").pipe(z.email("Enter a valid e-mail address")),
  password: newPassword,
  adultConfirmed,
});
export type SignUpValues = z.infer<typeof signUpSchema>;

/** The invitation page: a name, a password typed twice (the sign-up's rules) and the 18+ confirmation. */
export const invitationSchema = nameSchema
  .extend({ password: newPassword, confirm: z.string(), adultConfirmed })
  .refine((values) => values.password === values.confirm, { path: ["confirm"], message: "The passwords do not match" });
export type InvitationValues = z.infer<typeof invitationSchema>;
