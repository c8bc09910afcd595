import { infiniteQueryOptions, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import {
  markedReadSchema,
  NOTIFICATION_POLL_MS,
  notificationPageSchema,
  unreadCountSchema,
  unsubscribedSchema,
} from '#shared/notifications/notifications.schemas.ts';
import { getData, postData } from '#client/lib/api-client.ts';

// /api/notifications (server: features/notifications/notifications.routes.ts).

export const notificationsKeys = {
  all: ['notifications'] as const,
  unread: () => ['notifications', 'unread'] as const,
  list: () => ['notifications', 'list'] as const,
};
/** How many the bell's panel shows. */
export const PANEL_PAGE_SIZE = 20;

/** The bell's count: polled while the tab is visible, and fetched again when the window regains focus. */
export function unreadCountQueryOptions() {
  return queryOptions({
    queryKey: notificationsKeys.unread(),
    queryFn: () => getData('/api/notifications/unread-count', unreadCountSchema),
    refetchInterval: NOTIFICATION_POLL_MS,
    refetchIntervalInBackground: false,
    refetchOnWindowFocus: true,
    staleTime: NOTIFICATION_POLL_MS / 2,
  });
}

/** The panel's list, newest first; older pages follow the server's cursor ("Show older"). */
export function notificationListQueryOptions() {
  return infiniteQueryOptions({
    queryKey: notificationsKeys.list(),
    queryFn: ({ pageParam }) =>
      getData(
        `/api/notifications?pageSize=${String(PANEL_PAGE_SIZE)}${pageParam ? `&cursor=${encodeURIComponent(pageParam)}` : ''}`,
        notificationPageSchema,
      ),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    staleTime: 0,
  });
}

function useNotificationsMutation<V>(mutationFn: (variables: V) => Promise<{ unread: number }>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: ({ unread }) => {
      queryClient.setQueryData(unreadCountQueryOptions().queryKey, { unread });
      void queryClient.invalidateQueries({ queryKey: notificationListQueryOptions().queryKey });
    },
  });
}

export function useMarkRead() {
  return useNotificationsMutation((id: number) =>
    postData(`/api/notifications/${String(id)}/read`, { isRead: true }, markedReadSchema),
  );
}

export function useMarkAllRead() {
  return useNotificationsMutation(() => postData('/api/notifications/read-all', {}, markedReadSchema));
}

/** The e-mails' unsubscribe link: no sign-in, the token is the credential. */
export function useUnsubscribe() {
  return useMutation({
    mutationFn: (token: string) => postData('/api/notifications/unsubscribe', { token }, unsubscribedSchema),
  });
}
