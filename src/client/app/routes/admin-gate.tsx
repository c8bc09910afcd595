import type { ReactNode } from 'react';
import { AdminLayout } from '#client/features/admin/components/admin-layout.tsx';
import { useAuthStore } from '#client/lib/auth-store.ts';
import { usePageMeta } from '#client/lib/page-meta.ts';
import { NotFoundPage } from './not-found-page.tsx';

/**
 * One section of the console, for admins; for anyone else the same not-found page as an unknown
 * path (like the API's 404). Each section is its own page file, so its own lazy chunk.
 */
export function AdminSection({ title, children }: { title: string; children: ReactNode }) {
  const isAdmin = useAuthStore((state) => state.user?.role === 'admin');
  usePageMeta(isAdmin ? `${title} · Admin` : 'Page not found', `Unbuilt admin console: ${title.toLowerCase()}.`);
  if (!isAdmin) return <NotFoundPage />;
  return <AdminLayout title={title}>{children}</AdminLayout>;
}
