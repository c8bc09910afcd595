import { CorpusPanel } from '#client/features/admin/components/corpus-panel.tsx';
import { SettingsPanel } from '#client/features/admin/components/settings-panel.tsx';
import { AdminSection } from './admin-gate.tsx';

export function AdminSettingsPage() {
  return (
    <AdminSection title="Settings">
      <SettingsPanel />
      <CorpusPanel />
    </AdminSection>
  );
}
