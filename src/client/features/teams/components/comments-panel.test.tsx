import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CommentDto } from '#shared/teams/collaboration.schemas.ts';
import { fakeApi, type FakeRoutes } from '#client/test/fake-api.ts';
import { CommentsPanel } from './comments-panel.tsx';

// The comments panel against a fake API: states (loading, empty, error), threads, text that stays
// text, links, the length limit, your own comments, resolve, reactions, and read-only without canComment.

afterEach(() => {
  vi.unstubAllGlobals();
});

let nextId = 100;
function comment(fields: Partial<CommentDto>): CommentDto {
  return {
    id: nextId++,
    searchId: 5,
    ideaId: null,
    opportunityId: null,
    parentId: null,
    author: 'Ben',
    isMine: false,
    content: 'A comment',
    isResolved: false,
    createdAt: '2026-11-20T10:00:00.000Z',
    editedAt: null,
    reactions: [],
    ...fields,
  };
}

function api(items: CommentDto[], extra: FakeRoutes = {}) {
  return fakeApi({
    'GET /api/searches/5/comments': () => [200, { items }],
    'POST /api/searches/5/comments': ({ body }) => {
      const created = comment({ ...(body as Partial<CommentDto>), author: 'Ada', isMine: true });
      items.push(created);
      return [201, created];
    },
    ...extra,
  });
}

function renderPanel(
  canComment = true,
  opportunityTitle?: (id: number) => string | undefined,
  options: { at?: string; opportunities?: { id: number; title: string }[] } = {},
) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[options.at ?? '/search/5']}>
        <CommentsPanel
          subject={{ kind: 'analysis', id: 5 }}
          canComment={canComment}
          opportunityTitle={opportunityTitle}
          opportunities={options.opportunities}
        />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('the comments panel', () => {
  it('shows loading, then the empty state, and posts a first comment', async () => {
    const { calls } = api([]);
    renderPanel();
    expect(screen.getByRole('status')).toHaveTextContent('Loading the comments');
    expect(await screen.findByText(/No comments yet/)).toBeInTheDocument();
    await userEvent.type(screen.getByRole('textbox', { name: 'Add a comment' }), '  Is the market big enough? ');
    await userEvent.click(screen.getByRole('button', { name: 'Comment' }));
    expect(await screen.findByText('Is the market big enough?')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ content: 'Is the market big enough?' });
    expect(screen.getByRole('textbox', { name: 'Add a comment' })).toHaveValue('');
    expect(screen.getByRole('heading', { name: 'Comments (1)' })).toBeInTheDocument();
  });

  it('says when the comments cannot be loaded, and tries again', async () => {
    let fail = true;
    fakeApi({
      'GET /api/searches/5/comments': () =>
        fail ? { status: 500, error: { code: 'INTERNAL', message: 'Something broke' } } : [200, { items: [] }],
    });
    renderPanel();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The comments could not be loaded');
    fail = false;
    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText(/No comments yet/)).toBeInTheDocument();
  });

  it('renders HTML and scripts as text and web addresses as safe links', async () => {
    api([
      comment({ content: '<img src=x onerror="alert(1)"><script>alert(2)</script> see https://example.org/a?b=1.' }),
    ]);
    const { container } = renderPanel();
    expect(
      await screen.findByText(/<img src=x onerror="alert\(1\)"><script>alert\(2\)<\/script> see/),
    ).toBeInTheDocument();
    expect(container.querySelector('img')).toBeNull();
    expect(container.querySelector('script')).toBeNull();
    const link = screen.getByRole('link', { name: 'https://example.org/a?b=1' });
    expect(link).toHaveAttribute('href', 'https://example.org/a?b=1');
    expect(link).toHaveAttribute('rel', expect.stringContaining('noopener'));
  });

  it('refuses a comment over the limit with a clear message, before calling the server', async () => {
    const { calls } = api([]);
    renderPanel();
    const box = await screen.findByRole('textbox', { name: 'Add a comment' });
    // The box says how to mention a teammate, read out with it.
    expect(box).toHaveAccessibleDescription(/To notify a teammate, write @ and the part of their e-mail/);
    fireEvent.change(box, { target: { value: 'x'.repeat(2001) } });
    expect(screen.getByRole('alert')).toHaveTextContent('At most 2000 characters');
    expect(screen.getByText('2001/2000 characters')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Comment' })).toBeDisabled();
    fireEvent.change(box, { target: { value: '   ' } });
    await userEvent.click(screen.getByRole('button', { name: 'Comment' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Write a comment first');
    expect(box).toHaveAttribute('aria-invalid', 'true');
    expect(box).toHaveAccessibleDescription(/^Write a comment first Plain text/);
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);
  });

  it('threads replies under their comment and replies with the parent id', async () => {
    const root = comment({ content: 'Root question', author: 'Ben' });
    const reply = comment({ content: 'An answer', author: 'Cy', parentId: root.id });
    const { calls } = api([root, reply]);
    renderPanel();
    const replies = await screen.findByRole('list', { name: 'Replies to Ben' });
    expect(within(replies).getByText('An answer')).toBeInTheDocument();
    const thread = screen.getByRole('article', { name: 'Comment by Ben' });
    await userEvent.click(within(thread).getByRole('button', { name: 'Reply' }));
    await userEvent.type(screen.getByRole('textbox', { name: 'Reply to Ben' }), 'Me too');
    await userEvent.click(screen.getByRole('button', { name: 'Send reply' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ content: 'Me too', parentId: root.id });
  });

  it('offers edit and delete on my own comments only; resolves, reopens and reacts', async () => {
    const mine = comment({ content: 'Mine', author: 'Ada', isMine: true });
    const theirs = comment({ content: 'Theirs', author: 'Ben', opportunityId: 77 });
    const { calls } = api([mine, theirs], {
      [`POST /api/comments/${theirs.id}/resolve`]: ({ body }) => [200, { ...theirs, ...(body as object) }],
      [`PUT /api/comments/${theirs.id}/reactions`]: () => [200, theirs],
      [`PATCH /api/comments/${mine.id}`]: ({ body }) => [200, { ...mine, ...(body as object) }],
    });
    renderPanel(true, (id) => (id === 77 ? 'Chairside booking' : undefined));
    const own = await screen.findByRole('article', { name: 'Comment by Ada' });
    const other = screen.getByRole('article', { name: 'Comment by Ben' });
    expect(within(own).getByRole('button', { name: 'Edit' })).toBeInTheDocument();
    expect(within(own).getByRole('button', { name: 'Delete' })).toBeInTheDocument();
    expect(within(other).queryByRole('button', { name: 'Edit' })).toBeNull();
    expect(within(other).queryByRole('button', { name: 'Delete' })).toBeNull();
    expect(within(other).getByText('On “Chairside booking”')).toBeInTheDocument();

    await userEvent.click(within(other).getByRole('button', { name: 'Resolve' }));
    await userEvent.click(within(other).getByRole('button', { name: 'React thumbs up (0)' }));
    await userEvent.click(within(own).getByRole('button', { name: 'Edit' }));
    const editBox = within(own).getByRole('textbox', { name: 'Edit your comment' });
    await userEvent.clear(editBox);
    await userEvent.type(editBox, 'Mine, edited');
    await userEvent.click(within(own).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(calls.filter((c) => c.method !== 'GET')).toHaveLength(3));
    expect(calls.filter((c) => c.method !== 'GET')).toEqual([
      { method: 'POST', path: `/api/comments/${theirs.id}/resolve`, body: { isResolved: true } },
      { method: 'PUT', path: `/api/comments/${theirs.id}/reactions`, body: { emoji: '👍', on: true } },
      { method: 'PATCH', path: `/api/comments/${mine.id}`, body: { content: 'Mine, edited' } },
    ]);
  });

  it('is read-only without canComment: no box, no reply, reactions shown but disabled', async () => {
    api([comment({ content: 'Shared note', reactions: [{ emoji: '🎉', count: 2, isMine: false }] })]);
    renderPanel(false);
    expect(await screen.findByText('Shared note')).toBeInTheDocument();
    expect(screen.queryByRole('textbox')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Reply' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Resolve' })).toBeNull();
    expect(screen.getByRole('button', { name: 'React celebrate (2)' })).toBeDisabled();
    expect(screen.queryByRole('button', { name: /React thumbs up/ })).toBeNull();
    expect(screen.getByText(/can read the comments here but not add any/)).toBeInTheDocument();
  });

  it('comments on one opportunity when one is chosen', async () => {
    const { calls } = api([]);
    renderPanel(true, undefined, { opportunities: [{ id: 77, title: 'Chairside booking' }] });
    const about = await screen.findByRole('combobox', { name: 'About' });
    expect(about).toHaveValue('');
    await userEvent.selectOptions(about, '77');
    await userEvent.type(screen.getByRole('textbox', { name: 'Add a comment' }), 'This one');
    await userEvent.click(screen.getByRole('button', { name: 'Comment' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ content: 'This one', opportunityId: 77 });
  });

  it('focuses the comment a notification link names (#comment-<id>)', async () => {
    // jsdom draws nothing, so it has no scrollIntoView: record the call instead.
    const scrolled = vi.fn();
    Element.prototype.scrollIntoView = scrolled;
    const named = comment({ content: 'Look here', author: 'Cy' });
    api([comment({ content: 'Earlier' }), named]);
    renderPanel(true, undefined, { at: `/search/5#comment-${named.id}` });
    const article = await screen.findByRole('article', { name: 'Comment by Cy' });
    await waitFor(() => expect(article).toHaveFocus());
    expect(scrolled).toHaveBeenCalledWith({ block: 'center' });
  });
});
