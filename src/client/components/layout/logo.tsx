import { Link } from 'react-router';
import { paths } from '#client/config/paths.ts';

export function Logo() {
  return (
    <Link
      to={paths.home.href()}
      className="inline-flex min-h-11 min-w-11 items-center gap-2 rounded-md text-lg font-bold tracking-tight"
    >
      <svg aria-hidden="true" viewBox="0 0 32 32" className="size-7">
        <rect width="32" height="32" rx="7" fill="currentColor" className="text-primary" />
        <path d="M9 8v10a7 7 0 0 0 14 0V8" fill="none" stroke="white" strokeWidth="3.5" strokeLinecap="round" />
      </svg>
      {/* On a phone the mark alone: the header's room goes to controls (the name stays the link's name). */}
      <span className="sr-only sm:not-sr-only">Unbuilt</span>
    </Link>
  );
}
