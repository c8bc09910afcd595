import { ProfileSummary } from '#client/features/auth/components/profile-summary.tsx';
import { useAuthStore } from '#client/lib/auth-store.ts';
import { usePageMeta } from '#client/lib/page-meta.ts';

export function ProfilePage() {
  usePageMeta('Profile', 'Your Unbuilt profile.');
  const user = useAuthStore((state) => state.user);
  return user ? <ProfileSummary user={user} /> : null;
}
