import { z } from 'zod';
import { MINUTE_MS } from '../app/time.constants.ts';
import { publicUserSchema } from './user.schemas.ts';

// Request and response contracts of /api/auth (docs/product/validation.md, api.md). Messages docs/product/validation.md lists are used
// verbatim; the rest are ours.

export const MIN_PASSWORD_LENGTH = 6;
/** Rejected before hashing: argon2 over megabytes of input is a cheap denial of service. */
export const MAX_PASSWORD_LENGTH = 128;
/** How long a password-reset link works (the help article quotes it). */
export const RESET_TOKEN_TTL_MS = 30 * MINUTE_MS;
export const MIN_NAME_LENGTH = 2;
export const MAX_NAME_LENGTH = 100;

export const AUTH_MESSAGES = {
  passwordMin: 'Password must be at least 6 characters',
  passwordMax: `Password must be at most ${MAX_PASSWORD_LENGTH} characters`,
  passwordsDontMatch: "Passwords don't match",
  email: 'Please enter a valid email address',
  nameMin: `Name must be at least ${MIN_NAME_LENGTH} characters`,
  nameMax: `Name must be at most ${MAX_NAME_LENGTH} characters`,
  required: 'Required',
  firstNameRequired: 'Enter your first name',
  commonPassword: 'This password is too common. Please choose a less predictable one.',
  reusedPassword: 'Choose a password you have not used recently.',
  loginFailed: 'Invalid credentials. Please try again.',
  registrationFailed: 'Registration failed. Please try again.',
} as const;

const email = z.string().trim().toLowerCase().pipe(z.email(AUTH_MESSAGES.email).max(254, AUTH_MESSAGES.email));
const password = z
  .string()
  .min(MIN_PASSWORD_LENGTH, AUTH_MESSAGES.passwordMin)
  .max(MAX_PASSWORD_LENGTH, AUTH_MESSAGES.passwordMax);

export const loginSchema = z.object({ email, password });
export type LoginInput = z.infer<typeof loginSchema>;

/** docs/product/validation.md as written: password and confirmation optional, compared only when both are present. */
export const registerSchema = z
  .object({
    email,
    name: z.string().trim().min(MIN_NAME_LENGTH, AUTH_MESSAGES.nameMin).max(MAX_NAME_LENGTH, AUTH_MESSAGES.nameMax),
    password: password.optional(),
    confirmPassword: password.optional(),
  })
  .refine((v) => v.password === undefined || v.confirmPassword === undefined || v.password === v.confirmPassword, {
    message: AUTH_MESSAGES.passwordsDontMatch,
    path: ['confirmPassword'],
  });
export type RegisterInput = z.infer<typeof registerSchema>;

/** A path on this site (never another origin): where a registration link leads after signing in. */
const sitePath = z
  .string()
  .max(500)
  .refine((v) => v.startsWith('/') && !v.startsWith('//') && !v.startsWith('/\\'), 'Must be a path on this site');

/** What the server accepts: there is no social sign-up yet, so a password is required. */
export const registerRequestSchema = registerSchema
  .and(z.object({ redirectTo: sitePath.optional() }))
  .refine((v) => v.password !== undefined, {
    message: AUTH_MESSAGES.required,
    path: ['password'],
  });

/**
 * The one answer to every registration (docs/decisions/034): a new address gets a link that creates
 * the account, a taken one a notice to its owner, and the caller cannot tell which.
 */
export const REGISTRATION_SENT_MESSAGE =
  'Check your e-mail: we have sent a message to that address. Open the link in it to finish creating your account.';

/**
 * Added to that answer when the server has no mail server (SMTP_URL unset): the same for every address,
 * so it tells nothing about accounts, but a person trying the product locally learns where the link is.
 */
export const NO_MAIL_SERVER_NOTE =
  'This server has no mail server configured: the message is kept in its outbox, and a local start (npm start) prints its link in the terminal.';

export const confirmRegistrationSchema = z.object({ token: z.string().min(1, AUTH_MESSAGES.required).max(200) });
export type ConfirmRegistrationInput = z.infer<typeof confirmRegistrationSchema>;

export const forgotPasswordSchema = z.object({ email });
export type ForgotPasswordInput = z.infer<typeof forgotPasswordSchema>;

export const resetPasswordSchema = z
  .object({ token: z.string().min(1, AUTH_MESSAGES.required).max(200), password, confirmPassword: password })
  .refine((v) => v.password === v.confirmPassword, {
    message: AUTH_MESSAGES.passwordsDontMatch,
    path: ['confirmPassword'],
  });
export type ResetPasswordInput = z.infer<typeof resetPasswordSchema>;

export const changePasswordSchema = z
  .object({
    currentPassword: z.string().min(1, AUTH_MESSAGES.required).max(MAX_PASSWORD_LENGTH, AUTH_MESSAGES.passwordMax),
    newPassword: password,
    confirmPassword: password,
  })
  .refine((v) => v.newPassword === v.confirmPassword, {
    message: AUTH_MESSAGES.passwordsDontMatch,
    path: ['confirmPassword'],
  });
export type ChangePasswordInput = z.infer<typeof changePasswordSchema>;

const optionalName = z.string().trim().max(MAX_NAME_LENGTH, AUTH_MESSAGES.nameMax).nullable().optional();

/** Fields a user may change on their profile; anything else in the body is dropped (mass assignment). */
export const profileUpdateSchema = z.object({
  name: z
    .string()
    .trim()
    .min(MIN_NAME_LENGTH, AUTH_MESSAGES.nameMin)
    .max(MAX_NAME_LENGTH, AUTH_MESSAGES.nameMax)
    .optional(),
  // A first name can change but not be cleared: the greeting and the full name are built from it.
  firstName: z
    .string()
    .trim()
    .min(1, AUTH_MESSAGES.firstNameRequired)
    .max(MAX_NAME_LENGTH, AUTH_MESSAGES.nameMax)
    .optional(),
  lastName: optionalName,
  avatar: z
    .union([z.literal(''), z.url({ protocol: /^https?$/, message: 'Must be a valid URL' }).max(2048)])
    .nullable()
    .optional(),
});
export type ProfileUpdateInput = z.infer<typeof profileUpdateSchema>;

/** Data of a successful sign-in or registration (the refresh token rides in an HttpOnly cookie). */
export const authSessionSchema = z.object({ user: publicUserSchema, accessToken: z.string() });
export type AuthSession = z.infer<typeof authSessionSchema>;

export const accessTokenSchema = z.object({ accessToken: z.string() });
