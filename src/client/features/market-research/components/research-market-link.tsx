import { Link } from 'react-router';
import { buttonVariants } from '#client/components/ui/button.tsx';
import { paths } from '#client/config/paths.ts';

/**
 * "Research this market" on an analysis: opens /market-research with the analysis's market filled in
 * and its id, so the report links back. Nothing runs until the user presses "Run the report" there,
 * under the note that a report uses one search of the quota.
 */
export function ResearchMarketLink({ searchId, market }: { searchId: number; market: string }) {
  return (
    <Link className={buttonVariants({ variant: 'outline' })} to={paths.marketResearch.href({ market, from: searchId })}>
      Research this market
    </Link>
  );
}
