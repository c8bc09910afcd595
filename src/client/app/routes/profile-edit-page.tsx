import { ProfileEditForm } from '#client/features/auth/components/profile-edit-form.tsx';
import { useAuthStore } from '#client/lib/auth-store.ts';
import { usePageMeta } from '#client/lib/page-meta.ts';

export function ProfileEditPage() {
  usePageMeta('Edit profile', 'Change your name and avatar.');
  const user = useAuthStore((state) => state.user);
  return user ? <ProfileEditForm user={user} /> : null;
}
