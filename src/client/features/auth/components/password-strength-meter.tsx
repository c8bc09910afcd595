import { cn } from '#client/lib/cn.ts';
import { usePasswordStrength } from '../hooks/use-password-strength.ts';

const BAR_COLOURS = ['bg-red-600', 'bg-orange-500', 'bg-yellow-500', 'bg-lime-600', 'bg-green-600'];

/** zxcvbn's 0–4 score as a meter; the same score the server stores as passwordStrengthScore. */
export function PasswordStrengthMeter({ password, userInputs }: { password: string; userInputs: string[] }) {
  const strength = usePasswordStrength(password, userInputs);
  if (!strength) return null;
  return (
    <div className="grid gap-1">
      <div
        role="meter"
        aria-label="Password strength"
        aria-valuemin={0}
        aria-valuemax={4}
        aria-valuenow={strength.score}
        aria-valuetext={strength.label}
        className="flex gap-1"
      >
        {[0, 1, 2, 3].map((i) => (
          <span
            key={i}
            className={cn(
              'h-1.5 flex-1 rounded-full',
              i < Math.max(1, strength.score) ? BAR_COLOURS[strength.score] : 'bg-muted',
            )}
          />
        ))}
      </div>
      <p className="text-xs text-muted-foreground" aria-live="polite">
        Strength: {strength.label}
        {strength.isCommon ? ' — this is one of the most common passwords' : ''}
      </p>
    </div>
  );
}
