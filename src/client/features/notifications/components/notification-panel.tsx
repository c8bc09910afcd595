import { useInfiniteQuery } from '@tanstack/react-query';
import { AtSign, CornerDownRight, Radar, Share2, UserPlus } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { clsx as cn } from 'clsx';
import { notificationHref } from '#shared/notifications/notification-links.ts';
import type { NotificationDto, NotificationKind } from '#shared/notifications/notifications.schemas.ts';
import { Button } from '#client/components/ui/button.tsx';
import { Spinner } from '#client/components/ui/spinner.tsx';
import { paths } from '#client/config/paths.ts';
import { notificationListQueryOptions, useMarkAllRead, useMarkRead } from '../api/notifications-api.ts';
import { timeAgo } from './time-ago.ts';

// The bell's panel: the newest notifications, unread ones marked, each a link to what it is about
// (opening it marks it read), a "Mark read" button for each unread one, "Mark all read", and
// "Show older" while the server has more.

const ICONS: Record<NotificationKind, typeof AtSign> = {
  mention: AtSign,
  reply: CornerDownRight,
  share: Share2,
  team_join: UserPlus,
  market_change: Radar,
};

function Item({ item, onOpen }: { item: NotificationDto; onOpen: () => void }) {
  const markRead = useMarkRead();
  const Icon = ICONS[item.kind];
  return (
    <li className={cn('flex items-start gap-2 border-b px-3 py-2 last:border-b-0', !item.isRead && 'bg-primary/5')}>
      <Icon aria-hidden="true" className="mt-3 size-4 shrink-0 text-muted-foreground" />
      <Link
        to={notificationHref(item.target)}
        onClick={() => {
          if (!item.isRead) markRead.mutate(item.id);
          onOpen();
        }}
        className="grid min-h-11 min-w-0 flex-1 content-center gap-0.5 rounded-sm py-1 text-sm focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-ring"
      >
        <span className={cn('break-words', !item.isRead && 'font-semibold')}>
          {item.isRead ? null : <span className="sr-only">Unread: </span>}
          {item.summary}
        </span>
        {item.excerpt ? <span className="line-clamp-2 break-words text-muted-foreground">“{item.excerpt}”</span> : null}
        <time dateTime={item.createdAt} className="text-xs text-muted-foreground">
          {timeAgo(item.createdAt)}
        </time>
      </Link>
      {item.isRead ? null : (
        <Button
          variant="ghost"
          size="sm"
          className="shrink-0"
          disabled={markRead.isPending}
          aria-label={`Mark read: ${item.summary}`}
          onClick={() => markRead.mutate(item.id)}
        >
          Mark read
        </Button>
      )}
    </li>
  );
}

export function NotificationPanel({
  id,
  className,
  onNavigate,
}: {
  id: string;
  className: string;
  onNavigate: () => void;
}) {
  const list = useInfiniteQuery(notificationListQueryOptions());
  const markAll = useMarkAllRead();
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => headingRef.current?.focus(), []);
  const items = list.data?.pages.flatMap((p) => p.items) ?? [];
  const hasUnread = items.some((n) => !n.isRead);

  return (
    <div
      id={id}
      role="dialog"
      aria-labelledby={`${id}-title`}
      className={cn('max-h-[70vh] overflow-y-auto rounded-md border bg-card text-card-foreground shadow-lg', className)}
    >
      <div className="sticky top-0 flex items-center justify-between gap-2 border-b bg-card px-3 py-1">
        <h2 id={`${id}-title`} ref={headingRef} tabIndex={-1} className="text-base font-semibold outline-none">
          Notifications
        </h2>
        {hasUnread ? (
          <Button variant="ghost" size="sm" disabled={markAll.isPending} onClick={() => markAll.mutate(undefined)}>
            Mark all read
          </Button>
        ) : null}
      </div>
      {list.isPending ? <Spinner className="w-full py-6" label="Loading notifications" /> : null}
      {list.isError ? (
        <div className="grid justify-items-start gap-2 px-3 py-4">
          <p role="alert" className="text-sm text-destructive">
            Notifications could not be loaded.
          </p>
          <Button variant="outline" size="sm" disabled={list.isFetching} onClick={() => void list.refetch()}>
            Try again
          </Button>
        </div>
      ) : null}
      {list.isSuccess && items.length === 0 ? (
        <p className="px-3 py-6 text-center text-sm text-muted-foreground">
          You are all caught up. Mentions, replies and shares will appear here.
        </p>
      ) : null}
      {items.length > 0 ? (
        <ul aria-label="Newest notifications">
          {items.map((item) => (
            <Item key={item.id} item={item} onOpen={onNavigate} />
          ))}
        </ul>
      ) : null}
      {list.hasNextPage ? (
        <div className="border-t px-3 py-1">
          <Button
            variant="ghost"
            size="sm"
            className="w-full"
            disabled={list.isFetchingNextPage}
            onClick={() => void list.fetchNextPage()}
          >
            {list.isFetchingNextPage ? 'Loading older notifications…' : 'Show older'}
          </Button>
        </div>
      ) : null}
      {list.isFetchNextPageError ? (
        <p role="alert" className="px-3 py-2 text-sm text-destructive">
          Older notifications could not be loaded. Please try again.
        </p>
      ) : null}
      <p className="border-t px-3 py-2 text-xs text-muted-foreground">
        <Link
          to={paths.account.href('notifications')}
          onClick={onNavigate}
          className="inline-flex min-h-11 items-center underline"
        >
          E-mail settings
        </Link>
      </p>
    </div>
  );
}
