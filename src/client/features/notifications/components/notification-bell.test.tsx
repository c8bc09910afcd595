import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { NotificationDto } from '#shared/notifications/notifications.schemas.ts';
import { NotificationBell } from './notification-bell.tsx';

// The bell against a fake API at the fetch boundary: its name carries the unread count, the panel
// lists notifications as links, marks them read, and closes with Escape back onto the bell.

const NOW = new Date().toISOString();
function notification(id: number, patch: Partial<NotificationDto> = {}): NotificationDto {
  return {
    id,
    kind: 'mention',
    summary: `Bea Owner mentioned you on “dental clinics” (${String(id)})`,
    excerpt: '@you what do you think?',
    actor: 'Bea Owner',
    target: { kind: 'analysis', id: 7, commentId: 40 + id, isOwner: false },
    isRead: false,
    createdAt: NOW,
    ...patch,
  };
}

let items: NotificationDto[];
let pageSize = 20;
/** How many list requests fail (503) before the list answers. */
let failingLists = 0;
const calls: string[] = [];

function json(data: unknown) {
  return new Response(JSON.stringify({ success: true, data }), { headers: { 'content-type': 'application/json' } });
}

beforeEach(() => {
  items = [notification(3), notification(2), notification(1, { isRead: true, kind: 'share', excerpt: null })];
  pageSize = 20;
  failingLists = 0;
  calls.length = 0;
  vi.stubGlobal('fetch', async (input: string | URL, init?: RequestInit) => {
    const url = input.toString();
    calls.push(`${init?.method ?? 'GET'} ${url}`);
    const unread = () => items.filter((n) => !n.isRead).length;
    if (url.endsWith('/api/notifications/unread-count')) return json({ unread: unread() });
    if (url.includes('/api/notifications?') && failingLists > 0) {
      failingLists -= 1;
      return new Response(JSON.stringify({ success: false, error: { code: 'UNAVAILABLE', message: 'Down' } }), {
        status: 503,
        headers: { 'content-type': 'application/json' },
      });
    }
    if (url.includes('/api/notifications?')) {
      // Pages of two, the cursor being the index of the next item: the panel's "Show older" walks them.
      const start = Number(new URL(url, 'http://x').searchParams.get('cursor') ?? 0);
      const page = items.slice(start, start + pageSize);
      const more = start + pageSize < items.length;
      return json({
        items: page,
        page: 1,
        pageSize,
        hasMore: more,
        nextCursor: more ? String(start + pageSize) : null,
      });
    }
    const one = /\/api\/notifications\/(\d+)\/read$/.exec(url);
    if (one) {
      items = items.map((n) => (n.id === Number(one[1]) ? { ...n, isRead: true } : n));
      return json({ marked: 1, unread: unread() });
    }
    if (url.endsWith('/api/notifications/read-all')) {
      items = items.map((n) => ({ ...n, isRead: true }));
      return json({ marked: 2, unread: 0 });
    }
    return new Response('{}', { status: 404 });
  });
});
afterEach(() => vi.unstubAllGlobals());

function Where() {
  const location = useLocation();
  return <p data-testid="where">{`${location.pathname}${location.hash}`}</p>;
}

function renderBell() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={['/']}>
        <NotificationBell />
        <Routes>
          <Route path="*" element={<Where />} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('notification bell', () => {
  it('names the unread count, opens a panel of links, and closes with Escape onto the bell', async () => {
    const user = userEvent.setup();
    renderBell();
    const bell = await screen.findByRole('button', { name: 'Notifications, 2 unread' });
    expect(bell).toHaveAttribute('aria-expanded', 'false');
    await user.click(bell);
    const panel = await screen.findByRole('dialog', { name: 'Notifications' });
    expect(bell).toHaveAttribute('aria-expanded', 'true');
    const links = await within(panel).findAllByRole('link', { name: /mentioned you|dental/ });
    expect(links[0]).toHaveAccessibleName(
      expect.stringMatching(/^Unread: Bea Owner mentioned you on “dental clinics” \(3\)/),
    );
    expect(links[0]).toHaveAttribute('href', '/shared/analyses/7#comment-43');
    expect(within(panel).getAllByRole('button', { name: /^Mark read:/ })).toHaveLength(2);
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(bell).toHaveFocus();
  });

  it('says when the list could not be loaded and loads it again on Try again', async () => {
    failingLists = 1;
    const user = userEvent.setup();
    renderBell();
    await user.click(await screen.findByRole('button', { name: 'Notifications, 2 unread' }));
    const panel = await screen.findByRole('dialog', { name: 'Notifications' });
    expect(await within(panel).findByRole('alert')).toHaveTextContent('Notifications could not be loaded.');
    await user.click(within(panel).getByRole('button', { name: 'Try again' }));
    expect(await within(panel).findAllByRole('link', { name: /mentioned you/ })).toHaveLength(3);
    expect(within(panel).queryByRole('alert')).not.toBeInTheDocument();
  });

  it('marks one read, then all, and the count follows', async () => {
    const user = userEvent.setup();
    renderBell();
    await user.click(await screen.findByRole('button', { name: 'Notifications, 2 unread' }));
    const panel = await screen.findByRole('dialog', { name: 'Notifications' });
    await user.click(within(panel).getByRole('button', { name: /^Mark read: .*\(3\)$/ }));
    await screen.findByRole('button', { name: 'Notifications, 1 unread' });
    expect(calls).toContain('POST /api/notifications/3/read');
    await user.click(within(panel).getByRole('button', { name: 'Mark all read' }));
    await screen.findByRole('button', { name: 'Notifications, none unread' });
    await waitFor(() => expect(within(panel).queryByRole('button', { name: /^Mark read:/ })).not.toBeInTheDocument());
  });

  it('opening a notification marks it read, follows its link and closes the panel', async () => {
    const user = userEvent.setup();
    renderBell();
    await user.click(await screen.findByRole('button', { name: 'Notifications, 2 unread' }));
    const panel = await screen.findByRole('dialog', { name: 'Notifications' });
    await user.click(within(panel).getAllByRole('link', { name: /\(2\)/ })[0]!);
    expect(screen.getByTestId('where')).toHaveTextContent('/shared/analyses/7#comment-42');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await screen.findByRole('button', { name: 'Notifications, 1 unread' });
  });

  it('is reachable by keyboard and says when there is nothing new', async () => {
    items = [];
    const user = userEvent.setup();
    renderBell();
    await screen.findByRole('button', { name: 'Notifications, none unread' });
    await user.tab();
    expect(screen.getByRole('button', { name: 'Notifications, none unread' })).toHaveFocus();
    await user.keyboard('{Enter}');
    const panel = await screen.findByRole('dialog', { name: 'Notifications' });
    expect(within(panel).getByText(/You are all caught up/)).toBeInTheDocument();
  });

  it('shows older notifications page by page while the server has more', async () => {
    pageSize = 2;
    const user = userEvent.setup();
    renderBell();
    await user.click(await screen.findByRole('button', { name: /^Notifications, 2 unread/ }));
    const panel = await screen.findByRole('dialog', { name: 'Notifications' });
    const list = await within(panel).findByRole('list', { name: 'Newest notifications' });
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(2));
    await user.click(within(panel).getByRole('button', { name: 'Show older' }));
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(3));
    expect(calls).toContain('GET /api/notifications?pageSize=20&cursor=2');
    expect(within(panel).queryByRole('button', { name: 'Show older' })).toBeNull();
  });
});
