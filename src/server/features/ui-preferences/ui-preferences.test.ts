import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultBindings, type UiPreferences } from '#shared/preferences/ui-preferences.schemas.ts';
import { createUser, type TestUser } from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const read = (u: TestUser) =>
  t.app
    .inject({ method: 'GET', url: '/api/preferences/ui', headers: u.headers })
    .then((r) => r.json<{ data: UiPreferences }>().data);
const tour = (u: TestUser, payload: object) =>
  t.app.inject({ method: 'PATCH', url: '/api/preferences/ui/tour', headers: u.headers, payload });
const shortcuts = (u: TestUser, bindings: object) =>
  t.app.inject({ method: 'PATCH', url: '/api/preferences/ui/shortcuts', headers: u.headers, payload: { bindings } });

describe('the onboarding tour', () => {
  it('starts not completed, remembers the step, ends when skipped or completed, and restarts', async () => {
    const u = await createUser(t);
    expect(await read(u)).toMatchObject({
      onboardingCompleted: false,
      tourProgress: { step: 0, status: 'not_started' },
    });
    await tour(u, { action: 'progress', step: 2 });
    expect((await read(u)).tourProgress).toEqual({ step: 2, status: 'in_progress' });
    await tour(u, { action: 'skip' });
    expect(await read(u)).toMatchObject({ onboardingCompleted: true, tourProgress: { step: 2, status: 'skipped' } });
    await tour(u, { action: 'restart' });
    expect(await read(u)).toMatchObject({
      onboardingCompleted: false,
      tourProgress: { step: 0, status: 'in_progress' },
    });
    await tour(u, { action: 'complete' });
    expect(await read(u)).toMatchObject({ onboardingCompleted: true, tourProgress: { status: 'completed' } });
    expect((await tour(u, { action: 'progress', step: 99 })).statusCode).toBe(400);
    // Another user's tour is untouched.
    expect((await read(await createUser(t))).onboardingCompleted).toBe(false);
  });
});

describe('keyboard shortcuts', () => {
  it('lists the defaults, rebinds, turns off, refuses conflicts and keys that move focus', async () => {
    const u = await createUser(t);
    expect((await read(u)).keyboardShortcuts).toEqual(defaultBindings());
    const rebound = await shortcuts(u, { goResources: 'Alt+L', goHistory: null });
    expect(rebound.statusCode, rebound.body).toBe(200);
    expect((await read(u)).keyboardShortcuts).toMatchObject({
      goResources: 'Alt+L',
      goHistory: null,
      focusSearch: 'Mod+K',
    });

    const conflict = await shortcuts(u, { goBookmarks: 'Alt+L' });
    expect(conflict.statusCode).toBe(400);
    expect(conflict.json().fieldErrors).toEqual({ goBookmarks: 'Already used by “Go to the resource library”' });
    // A freed key can be taken.
    expect((await shortcuts(u, { goBookmarks: 'Shift+H' })).statusCode).toBe(200);

    expect((await shortcuts(u, { goHelp: 'Tab' })).json().fieldErrors).toEqual({
      'bindings.goHelp': 'Use one key, optionally with Ctrl/⌘, Alt or Shift',
    });
    expect((await shortcuts(u, { goHelp: 'Ctrl+Q+Z' })).statusCode).toBe(400);
    expect((await shortcuts(u, { notAnAction: 'K' })).statusCode).toBe(400);
  });
});
