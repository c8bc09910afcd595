import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ShareDto } from '#shared/teams/collaboration.schemas.ts';
import { useAuthStore } from '#client/lib/auth-store.ts';
import { fakeApi, type FakeRoutes } from '#client/test/fake-api.ts';
import type { Subject } from '../api/collaboration-api.ts';
import { TeamShareDialog } from './team-share-dialog.tsx';

// The "Share with team" dialog against a fake API: the defaults it sends, the people it offers, the
// current shares with revoke, and the 'Collaboration requires Pro' prompt for a free owner.

const TEAM = {
  id: 3,
  name: 'Dental founders',
  description: '',
  ownerId: 7,
  myRole: 'owner',
  memberCount: 2,
  createdAt: '2026-11-01T00:00:00.000Z',
};
const member = (id: number, userId: number, name: string) => ({
  id,
  userId,
  name,
  email: `${name.toLowerCase()}@example.test`,
  role: 'member',
  joinedAt: '2026-11-01T00:00:00.000Z',
});
const DETAIL = { ...TEAM, members: [member(10, 7, 'Ada'), member(11, 8, 'Ben')], invitations: [], memberLimit: 5 };
const SHARE: ShareDto = {
  id: 40,
  searchId: 5,
  ideaId: null,
  teamId: 3,
  teamName: 'Dental founders',
  userId: null,
  userName: null,
  sharedBy: 'Ada',
  canEdit: false,
  canComment: true,
  canShare: false,
  sharedAt: '2026-11-20T00:00:00.000Z',
  expiresAt: null,
};

beforeEach(() => {
  useAuthStore.setState({ user: { id: 7 } as never, accessToken: 'token' });
});
afterEach(() => {
  vi.unstubAllGlobals();
});

function routes(shares: ShareDto[]): FakeRoutes {
  return {
    'GET /api/teams': () => [200, { items: [TEAM] }],
    'GET /api/teams/3': () => [200, DETAIL],
    'GET /api/searches/5/team-shares': () => [200, { items: shares }],
    'GET /api/ideas/9/team-shares': () => [200, { items: [] }],
    'POST /api/searches/5/team-shares': () => [201, SHARE],
    'POST /api/ideas/9/member-shares': () => [
      201,
      { ...SHARE, searchId: null, ideaId: 9, teamId: null, userName: 'Ben' },
    ],
    'DELETE /api/team-shares/40': () => {
      shares.splice(0);
      return [200, null];
    },
  };
}

function renderDialog(subject: Subject, options: { needsUpgrade?: boolean } = {}) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <TeamShareDialog
        subject={subject}
        title="dental clinic scheduling"
        isOwner
        needsUpgrade={options.needsUpgrade ?? false}
        upgradePrompt={<p>Collaboration requires Pro</p>}
      />
    </QueryClientProvider>,
  );
}

async function open() {
  await userEvent.click(screen.getByRole('button', { name: 'Share with team' }));
  return screen.findByRole('dialog', { name: 'Share with your team' });
}

describe('the share-with-team dialog', () => {
  it('sends the defaults (comment yes, edit and re-share no, no expiry) for a team', async () => {
    const { calls } = fakeApi(routes([]));
    renderDialog({ kind: 'analysis', id: 5 });
    const dialog = await open();
    expect(within(dialog).getByRole('checkbox', { name: 'Comment' })).toBeChecked();
    expect(within(dialog).getByRole('checkbox', { name: 'Share it further' })).not.toBeChecked();
    // Analyses are read-only for everyone: no edit permission to offer.
    expect(within(dialog).queryByRole('checkbox', { name: 'Edit the idea' })).toBeNull();
    expect(await within(dialog).findByText('Not shared with anyone yet.')).toBeInTheDocument();
    const select = await within(dialog).findByRole('combobox', { name: 'Share with' });
    await waitFor(() => expect(within(select).getByRole('option', { name: /Ben/ })).toBeInTheDocument());
    // I am not offered to myself.
    expect(within(select).queryByRole('option', { name: /Ada/ })).toBeNull();
    // Nobody chosen yet: said on the field, nothing sent.
    await userEvent.click(within(dialog).getByRole('button', { name: 'Share' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe('Choose a team or a person');
    expect(select).toHaveAttribute('aria-invalid', 'true');
    expect(select).toHaveAccessibleDescription('Choose a team or a person');
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);
    await userEvent.selectOptions(select, 'team:3');
    expect(within(dialog).queryByRole('alert')).toBeNull();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Share' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
    expect(calls.find((c) => c.method === 'POST')).toEqual({
      method: 'POST',
      path: '/api/searches/5/team-shares',
      body: { teamId: 3, canEdit: false, canComment: true, canShare: false, expiresInDays: null },
    });
  });

  it('shares an idea with one member, with edit ticked and an expiry', async () => {
    const { calls } = fakeApi(routes([]));
    renderDialog({ kind: 'idea', id: 9 });
    const dialog = await open();
    const select = await within(dialog).findByRole('combobox', { name: 'Share with' });
    await waitFor(() => expect(within(select).getByRole('option', { name: /Ben/ })).toBeInTheDocument());
    await userEvent.selectOptions(select, 'member:11');
    await userEvent.click(within(dialog).getByRole('checkbox', { name: 'Edit the idea' }));
    await userEvent.click(within(dialog).getByRole('checkbox', { name: 'Comment' }));
    await userEvent.selectOptions(within(dialog).getByRole('combobox', { name: 'Access ends' }), '7');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Share' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      memberId: 11,
      canEdit: true,
      canComment: false,
      canShare: false,
      expiresInDays: 7,
    });
  });

  it('lists the current shares and revokes one', async () => {
    const { calls } = fakeApi(routes([SHARE]));
    renderDialog({ kind: 'analysis', id: 5 });
    const dialog = await open();
    const row = await within(dialog).findByText('Team Dental founders');
    expect(within(dialog).getByText(/read, comment · no expiry · by Ada/)).toBeInTheDocument();
    expect(row).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Revoke access for Team Dental founders' }));
    expect(await within(dialog).findByText('Not shared with anyone yet.')).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'DELETE' && c.path === '/api/team-shares/40')).toBe(true);
  });

  it('a free owner sees the upgrade prompt instead of the form', async () => {
    const { calls } = fakeApi(routes([]));
    renderDialog({ kind: 'analysis', id: 5 }, { needsUpgrade: true });
    const dialog = await open();
    expect(within(dialog).getByText('Collaboration requires Pro')).toBeInTheDocument();
    expect(within(dialog).queryByRole('combobox', { name: 'Share with' })).toBeNull();
    expect(calls.filter((c) => c.path === '/api/teams')).toEqual([]);
  });

  it('turns the server’s PLAN_REQUIRED into the upgrade prompt', async () => {
    fakeApi({
      ...routes([]),
      'POST /api/searches/5/team-shares': () => ({
        status: 403,
        error: { code: 'PLAN_REQUIRED', message: 'Collaboration requires Pro. Upgrade to share with your team.' },
      }),
    });
    renderDialog({ kind: 'analysis', id: 5 });
    const dialog = await open();
    await userEvent.selectOptions(await within(dialog).findByRole('combobox', { name: 'Share with' }), 'team:3');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Share' }));
    expect(await within(dialog).findByText('Collaboration requires Pro')).toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Share' })).toBeNull();
  });
});
