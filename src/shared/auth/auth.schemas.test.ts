import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  AUTH_MESSAGES,
  forgotPasswordSchema,
  loginSchema,
  registerRequestSchema,
  registerSchema,
  resetPasswordSchema,
  changePasswordSchema,
} from './auth.schemas.ts';
import { COMMON_PASSWORDS, isCommonPassword, passwordStrengthScore } from './password-strength.ts';

function firstMessage(schema: z.ZodType, input: unknown, path: string): string | undefined {
  const result = schema.safeParse(input);
  if (result.success) return undefined;
  return result.error.issues.find((issue) => issue.path.join('.') === path)?.message;
}

const ok = { email: 'a@example.test', name: 'Ada', password: 'secret1', confirmPassword: 'secret1' };

// docs/product/validation.md, one row per message.
const rows: [string, z.ZodType, unknown, string, string][] = [
  ['login: valid email', loginSchema, { email: 'nope', password: 'secret1' }, 'email', AUTH_MESSAGES.email],
  [
    'login: password min 6',
    loginSchema,
    { email: 'a@example.test', password: '12345' },
    'password',
    'Password must be at least 6 characters',
  ],
  ['register: valid email', registerSchema, { ...ok, email: 'nope' }, 'email', AUTH_MESSAGES.email],
  ['register: name min 2', registerSchema, { ...ok, name: 'A' }, 'name', AUTH_MESSAGES.nameMin],
  ['register: name max 100', registerSchema, { ...ok, name: 'A'.repeat(101) }, 'name', AUTH_MESSAGES.nameMax],
  [
    'register: password min 6',
    registerSchema,
    { ...ok, password: '12345' },
    'password',
    'Password must be at least 6 characters',
  ],
  [
    'register: confirmPassword min 6',
    registerSchema,
    { ...ok, confirmPassword: '12345' },
    'confirmPassword',
    'Password must be at least 6 characters',
  ],
  [
    'register: passwords match',
    registerSchema,
    { ...ok, confirmPassword: 'secret2' },
    'confirmPassword',
    "Passwords don't match",
  ],
  [
    'register (server): password required',
    registerRequestSchema,
    { email: ok.email, name: ok.name },
    'password',
    'Required',
  ],
  [
    'register: very long password',
    registerSchema,
    { ...ok, password: 'x'.repeat(129) },
    'password',
    AUTH_MESSAGES.passwordMax,
  ],
  ['forgot: valid email', forgotPasswordSchema, { email: 'nope' }, 'email', AUTH_MESSAGES.email],
  [
    'reset: token required',
    resetPasswordSchema,
    { token: '', password: 'secret1', confirmPassword: 'secret1' },
    'token',
    'Required',
  ],
  [
    'reset: password min 6',
    resetPasswordSchema,
    { token: 't', password: '12345', confirmPassword: 'secret1' },
    'password',
    'Password must be at least 6 characters',
  ],
  [
    'reset: confirmPassword min 6',
    resetPasswordSchema,
    { token: 't', password: 'secret1', confirmPassword: '12345' },
    'confirmPassword',
    'Password must be at least 6 characters',
  ],
  [
    'reset: passwords match',
    resetPasswordSchema,
    { token: 't', password: 'secret1', confirmPassword: 'secret2' },
    'confirmPassword',
    "Passwords don't match",
  ],
  [
    'change: passwords match',
    changePasswordSchema,
    { currentPassword: 'x', newPassword: 'secret1', confirmPassword: 'secret2' },
    'confirmPassword',
    "Passwords don't match",
  ],
];

describe('auth validation messages (docs/product/validation.md)', () => {
  it.each(rows)('%s', (_name, schema, input, path, message) => {
    expect(firstMessage(schema, input, path)).toBe(message);
  });

  it('accepts valid input, with passwords optional on the register form as documented', () => {
    expect(registerSchema.safeParse(ok).success).toBe(true);
    expect(registerSchema.safeParse({ email: ok.email, name: ok.name }).success).toBe(true);
    expect(loginSchema.parse({ email: ' Ada@Example.TEST ', password: 'secret1' }).email).toBe('ada@example.test');
  });
});

describe('common passwords and strength', () => {
  it('holds at least the 10,000 most common passwords', () => {
    expect(COMMON_PASSWORDS.size).toBeGreaterThanOrEqual(10_000);
    for (const p of ['123456', 'password', 'qwerty', 'iloveyou', 'Password']) expect(isCommonPassword(p)).toBe(true);
    expect(isCommonPassword('Violet-Harbour-Lantern-42')).toBe(false);
  });

  it('scores weak passwords low and long unusual ones high', () => {
    expect(passwordStrengthScore('123456')).toBe(0);
    expect(passwordStrengthScore('Violet-Harbour-Lantern-42')).toBe(4);
    // The user's own name and e-mail count as guessable.
    expect(passwordStrengthScore('lovelace1815', ['ada.lovelace@example.test'])).toBeLessThan(
      passwordStrengthScore('lovelace1815'),
    );
  });
});
