import type { ReactNode } from 'react';
import { NavLink } from 'react-router';
import { paths } from '#client/config/paths.ts';
import { cn } from '#client/lib/cn.ts';

const SECTIONS = [
  { label: 'Users', to: paths.admin.href() },
  { label: 'Feature flags', to: paths.adminFlags.href() },
  { label: 'Security alerts', to: paths.adminAlerts.href() },
  { label: 'Audit log', to: paths.adminAudit.href() },
  { label: 'Contributions', to: paths.adminContributions.href() },
  { label: 'Settings', to: paths.adminSettings.href() },
];

/** The console's frame: its heading, the section links, and the section. */
export function AdminLayout({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="mx-auto grid max-w-5xl gap-4 px-4 py-8">
      <p className="text-sm font-medium text-muted-foreground">Admin console</p>
      <nav aria-label="Admin sections">
        <ul className="flex flex-wrap gap-1">
          {SECTIONS.map((section) => (
            <li key={section.to}>
              <NavLink
                end
                to={section.to}
                className={({ isActive }) =>
                  cn(
                    'inline-flex min-h-11 items-center rounded-md px-3 text-sm hover:bg-muted',
                    isActive && 'bg-muted font-semibold',
                  )
                }
              >
                {section.label}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <h1 className="text-2xl font-bold">{title}</h1>
      {children}
    </div>
  );
}
