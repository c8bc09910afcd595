import { useState, type FormEvent } from 'react';
import { MAX_QUERY_LENGTH } from '#shared/searches/filters.schemas.ts';
import { marketResearchRequestSchema } from '#shared/market-research/market-research.schemas.ts';
import { Button } from '#client/components/ui/button.tsx';

/** Names the market; says before running that a report uses one search of the quota. */
export function MarketResearchForm({
  initialMarket,
  quotaNote,
  isRunning,
  onRun,
}: {
  initialMarket: string;
  quotaNote: string;
  isRunning: boolean;
  onRun: (market: string) => void;
}) {
  const [market, setMarket] = useState(initialMarket);
  const [error, setError] = useState<string | null>(null);
  function submit(e: FormEvent) {
    e.preventDefault();
    const parsed = marketResearchRequestSchema.safeParse({ market });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? 'Name a market');
      return;
    }
    setError(null);
    onRun(parsed.data.market);
  }
  return (
    <form onSubmit={submit} className="space-y-2 print:hidden" aria-label="Run a market research report" noValidate>
      <label htmlFor="market" className="block font-medium">
        Market
      </label>
      <div className="flex flex-wrap gap-2">
        <input
          id="market"
          name="market"
          className="min-h-11 min-w-0 flex-1 rounded-md border bg-background px-3"
          placeholder="e.g. dental practices"
          maxLength={MAX_QUERY_LENGTH}
          value={market}
          aria-invalid={error !== null}
          aria-describedby="market-quota market-error"
          onChange={(e) => setMarket(e.target.value)}
        />
        <Button type="submit" disabled={isRunning}>
          {isRunning ? 'Researching…' : 'Run the report'}
        </Button>
      </div>
      <p id="market-error" role={error ? 'alert' : undefined} className="text-sm text-destructive">
        {error}
      </p>
      <p id="market-quota" className="text-sm text-muted-foreground">
        {quotaNote}
      </p>
    </form>
  );
}
