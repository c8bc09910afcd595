import { describe, expect, it } from 'vitest';
import { EnvError, parseEnv } from './env.ts';

function problems(source: Record<string, string>): string {
  try {
    parseEnv(source);
  } catch (error) {
    if (error instanceof EnvError) return error.message;
    throw error;
  }
  throw new Error('expected an EnvError');
}

describe('parseEnv', () => {
  it('gives every variable a working default', () => {
    const env = parseEnv({});
    expect(env).toMatchObject({ PORT: 3000, DATA_DIR: './.data', PAYMENTS_PROVIDER: 'demo', HOST: 'localhost' });
    expect(env.DATABASE_URL).toBeUndefined();
    expect(env.AI_PROVIDER).toBeUndefined();
    expect(env.SMTP_URL).toBeUndefined();
  });

  it('leaves the engine pool size to the machine when ENGINE_WORKERS is empty; 0 means in process', () => {
    expect(parseEnv({ ENGINE_WORKERS: '' }).ENGINE_WORKERS).toBeUndefined();
    expect(parseEnv({ ENGINE_WORKERS: '0' }).ENGINE_WORKERS).toBe(0);
    expect(parseEnv({}).ENGINE_QUEUE_LIMIT).toBe(24);
  });

  it('lowers the engine threads unless ENGINE_THREAD_PRIORITY=normal says not to', () => {
    expect(parseEnv({}).ENGINE_THREAD_PRIORITY).toBe('low');
    expect(parseEnv({ ENGINE_THREAD_PRIORITY: '' }).ENGINE_THREAD_PRIORITY).toBe('low');
    expect(parseEnv({ ENGINE_THREAD_PRIORITY: 'normal' }).ENGINE_THREAD_PRIORITY).toBe('normal');
  });

  it.each([
    [{ PORT: 'eighty' }, 'PORT'],
    [{ DATABASE_URL: 'mysql://x' }, 'DATABASE_URL'],
    [{ JWT_SECRET: 'short' }, 'JWT_SECRET must be at least 32 characters'],
    [{ PAYMENTS_PROVIDER: 'stripe' }, 'STRIPE_SECRET_KEY is required when PAYMENTS_PROVIDER=stripe'],
    [{ AI_PROVIDER: 'openai', AI_MODEL: 'gpt-x' }, 'AI_API_KEY is required when AI_PROVIDER=openai'],
    [{ NODE_ENV: 'production', ENABLE_TEST_HOOKS: 'true' }, 'ENABLE_TEST_HOOKS must not be set in production'],
    [{ ENGINE_WORKERS: 'two' }, 'ENGINE_WORKERS must be a whole number'],
    [{ ENGINE_WORKERS: '64' }, 'ENGINE_WORKERS'],
    [{ ENGINE_THREAD_PRIORITY: 'high' }, 'ENGINE_THREAD_PRIORITY'],
  ])('rejects %o naming the variable', (source, expected) => {
    expect(problems(source)).toContain(expected);
  });

  it('defaults the public URL to the port the server listens on', () => {
    expect(parseEnv({}).PUBLIC_URL).toBe('http://localhost:3000');
    expect(parseEnv({ PORT: '4123' }).PUBLIC_URL).toBe('http://localhost:4123');
    expect(parseEnv({ PORT: '4123', PUBLIC_URL: 'https://unbuilt.example' }).PUBLIC_URL).toBe(
      'https://unbuilt.example',
    );
  });

  it('treats empty strings as unset', () => {
    expect(parseEnv({ DATABASE_URL: '', SMTP_URL: ' ' }).DATABASE_URL).toBeUndefined();
  });
});
