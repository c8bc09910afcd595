import type { NotificationTarget } from './notifications.schemas.ts';

// Where a notification leads, as an app path: the bell's links and the e-mails' links are the same.
// Owners open their own page; a person something was shared with opens the shared view.

export function notificationHref(target: NotificationTarget | null): string {
  if (!target) return '/';
  const anchor =
    target.commentId !== null
      ? `#comment-${String(target.commentId)}`
      : target.section === undefined
        ? ''
        : `#${target.section}`;
  switch (target.kind) {
    case 'analysis':
      return `${target.isOwner ? `/search/${String(target.id)}` : `/shared/analyses/${String(target.id)}`}${anchor}`;
    case 'idea':
      return `${target.isOwner ? `/validate-idea?idea=${String(target.id)}` : `/shared/ideas/${String(target.id)}`}${anchor}`;
    case 'team':
      return `/teams/${String(target.id)}`;
  }
}

/** The app path of the unsubscribe page; the token rides in the fragment (never sent to a server). */
export const UNSUBSCRIBE_PATH = '/unsubscribe';
