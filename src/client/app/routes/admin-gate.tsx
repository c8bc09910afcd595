import type { ReactNode } from 'react';
import { useAuthStore } from '#client/lib/auth-store.ts';
import { NotFoundPage } from './not-found-page.tsx';

/** The console for admins; for anyone else the same not-found page as an unknown path (like the API's 404). */
export function AdminGate({ children }: { children: ReactNode }) {
  const isAdmin = useAuthStore((state) => state.user?.role === 'admin');
  return isAdmin ? children : <NotFoundPage />;
}
