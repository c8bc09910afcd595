import { useEffect, useState } from 'react';

type StrengthModule = typeof import('#shared/auth/password-strength.ts');

// The zxcvbn dictionary is about a megabyte: it loads only when a screen with a meter mounts.
let strengthModule: Promise<StrengthModule> | null = null;

function loadStrength(): Promise<StrengthModule> {
  strengthModule ??= import('#shared/auth/password-strength.ts');
  return strengthModule;
}

export type Strength = { score: 0 | 1 | 2 | 3 | 4; label: string; isCommon: boolean };

export function usePasswordStrength(password: string, userInputs: string[]): Strength | null {
  const [module, setModule] = useState<StrengthModule | null>(null);
  useEffect(() => {
    let isActive = true;
    void loadStrength().then((loaded) => {
      if (isActive) setModule(loaded);
    });
    return () => {
      isActive = false;
    };
  }, []);
  if (!module || !password) return null;
  const score = module.passwordStrengthScore(password, userInputs);
  return { score, label: module.STRENGTH_LABELS[score], isCommon: module.isCommonPassword(password) };
}
