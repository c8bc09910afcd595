import { PAGE_HELP, type HelpPage } from '#shared/help/page-help.ts';
import { Link } from 'react-router';
import { paths } from '#client/config/paths.ts';

/** The "?" beside a page's title: opens the help article about that page. */
export function HelpLink({ page }: { page: HelpPage }) {
  const { article, topic } = PAGE_HELP[page];
  return (
    <Link
      to={`${paths.help.href()}?article=${article}`}
      className="inline-flex size-11 shrink-0 items-center justify-center rounded-full border text-base font-semibold hover:bg-muted"
      aria-label={`Help: ${topic}`}
      title={`Help: ${topic}`}
    >
      ?
    </Link>
  );
}
