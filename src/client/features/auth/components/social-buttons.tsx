import { Button } from '#client/components/ui/button.tsx';
import { toast } from '#client/lib/toast.ts';

// docs/product/screens.md, errors.md: the social buttons only announce that provider sign-in is coming.
const PROVIDERS = ['Google', 'GitHub'] as const;

export function SocialButtons({ mode }: { mode: 'login' | 'register' }) {
  const notice = (provider: string) =>
    void toast({
      title: 'Coming Soon!',
      description:
        mode === 'login'
          ? `${provider} login will be available soon. Please use email login for now.`
          : `${provider} sign up will be available soon. Please use email registration for now.`,
      variant: 'info',
    });
  return (
    <div className="grid gap-2">
      {PROVIDERS.map((provider) => (
        <Button key={provider} variant="outline" onClick={() => notice(provider)}>
          Continue with {provider}
        </Button>
      ))}
      <div className="flex items-center gap-3 text-xs text-muted-foreground" aria-hidden="true">
        <span className="h-px flex-1 bg-border" />
        or
        <span className="h-px flex-1 bg-border" />
      </div>
    </div>
  );
}
