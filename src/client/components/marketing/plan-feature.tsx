import { Check, Clock } from 'lucide-react';
import { COMING_SOON_FEATURES } from '#shared/plans/plans.constants.ts';

/** One line of a plan's feature list; a feature not built yet says so (COMING_SOON_FEATURES). */
export function PlanFeature({ feature }: { feature: string }) {
  const isComingSoon = COMING_SOON_FEATURES.has(feature);
  const Icon = isComingSoon ? Clock : Check;
  return (
    <li className="flex gap-2">
      <Icon
        aria-hidden="true"
        className={`mt-0.5 size-4 shrink-0 ${isComingSoon ? 'text-muted-foreground' : 'text-primary'}`}
      />
      <span>
        {feature}
        {isComingSoon ? <ComingSoon /> : null}
      </span>
    </li>
  );
}

export function ComingSoon() {
  return (
    <span className="ml-2 inline-block rounded-full border px-2 text-xs whitespace-nowrap text-muted-foreground">
      coming soon
    </span>
  );
}
