import { useQuery } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { API_KEY_SCOPES, type ApiKeyScope } from '#shared/api-keys/api-keys.schemas.ts';
import { Button } from '#client/components/ui/button.tsx';
import { useAuthStore } from '#client/lib/auth-store.ts';
import { isApiError } from '#client/lib/api-error.ts';
import {
  apiKeysQueryOptions,
  useCreateApiKey,
  useRevokeApiKey,
  type CreatedApiKey,
  type NewApiKey,
} from '../api/api-keys-api.ts';
import { formatDate } from '#client/lib/format.ts';

// Account settings → API keys (Enterprise): create a key (shown once, with a copy button), see each
// key's prefix, scopes, expiry and last use, and revoke it. The API itself: /api/v1, documented at
// /api/v1/openapi.json.

const SCOPE_LABELS: Record<ApiKeyScope, string> = {
  read: 'Read analyses and history',
  search: 'Run searches (uses your quota)',
  export: 'Export analyses',
};

const EXPIRY: { value: string; label: string }[] = [
  { value: '30', label: '30 days' },
  { value: '90', label: '90 days' },
  { value: '365', label: '1 year' },
  { value: 'never', label: 'No expiry' },
];

const date = (iso: string | null) => (iso ? formatDate(iso) : '—');

function NewKeyNotice({ created, onDone }: { created: CreatedApiKey; onDone: () => void }) {
  const [copied, setCopied] = useState(false);
  return (
    <div role="status" className="grid gap-3 rounded-md border border-primary/50 bg-primary/5 p-4">
      <p className="text-sm font-semibold">Your new key “{created.apiKey.name}”. Copy it now: it is shown only once.</p>
      <code className="break-all rounded bg-muted px-3 py-2 text-sm" data-testid="new-api-key">
        {created.key}
      </code>
      <div className="flex flex-wrap gap-2">
        <Button
          type="button"
          variant="outline"
          onClick={() => void navigator.clipboard?.writeText(created.key).then(() => setCopied(true))}
        >
          {copied ? 'Copied' : 'Copy key'}
        </Button>
        <Button type="button" onClick={onDone}>
          I have stored it
        </Button>
      </div>
    </div>
  );
}

export function ApiKeysPanel() {
  const plan = useAuthStore((state) => state.user?.plan);
  const keys = useQuery({ ...apiKeysQueryOptions(), enabled: plan === 'enterprise' });
  const create = useCreateApiKey();
  const revoke = useRevokeApiKey();
  const [name, setName] = useState('');
  const [scopes, setScopes] = useState<ApiKeyScope[]>(['read']);
  const [expiry, setExpiry] = useState('90');
  const [created, setCreated] = useState<CreatedApiKey | null>(null);
  const nameId = useId();
  const expiryId = useId();
  const nameError = create.error && isApiError(create.error) ? create.error.fieldErrors?.name : undefined;

  if (plan !== 'enterprise') {
    return (
      <p className="text-sm text-muted-foreground">
        The REST API is part of the Enterprise plan. With it you can run searches and read analyses from your own tools
        with an API key.
      </p>
    );
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    const input: NewApiKey = {
      name,
      scopes,
      expiresInDays: expiry === 'never' ? null : (Number(expiry) as 30 | 90 | 365),
    };
    create.mutate(input, {
      onSuccess: (data) => {
        setCreated(data);
        setName('');
      },
    });
  }

  return (
    <div className="grid gap-4">
      <p className="text-sm text-muted-foreground">
        Call the API at <code>/api/v1</code> with <code>Authorization: Bearer &lt;key&gt;</code>. The reference is the
        OpenAPI document at{' '}
        <a className="underline" href="/api/v1/openapi.json">
          /api/v1/openapi.json
        </a>
        . Keys stop working if the account leaves Enterprise.
      </p>
      {created ? <NewKeyNotice created={created} onDone={() => setCreated(null)} /> : null}
      <form onSubmit={submit} className="grid gap-3" aria-label="Create an API key">
        <div className="grid gap-1">
          <label htmlFor={nameId} className="text-sm font-medium">
            Key name
          </label>
          <input
            id={nameId}
            value={name}
            onChange={(e) => setName(e.target.value)}
            maxLength={100}
            aria-invalid={nameError ? true : undefined}
            aria-describedby={nameError ? `${nameId}-error` : undefined}
            className="min-h-11 rounded-md border bg-background px-3"
          />
          {nameError ? (
            <p id={`${nameId}-error`} className="text-sm text-destructive">
              {nameError}
            </p>
          ) : null}
        </div>
        <fieldset className="grid gap-1">
          <legend className="text-sm font-medium">Scopes</legend>
          {API_KEY_SCOPES.map((scope) => (
            <label key={scope} className="flex min-h-11 items-center gap-2 text-sm">
              <input
                type="checkbox"
                className="size-5"
                checked={scopes.includes(scope)}
                onChange={(e) =>
                  setScopes((current) => (e.target.checked ? [...current, scope] : current.filter((s) => s !== scope)))
                }
              />
              {SCOPE_LABELS[scope]}
            </label>
          ))}
        </fieldset>
        <div className="grid gap-1">
          <label htmlFor={expiryId} className="text-sm font-medium">
            Expires after
          </label>
          <select
            id={expiryId}
            value={expiry}
            onChange={(e) => setExpiry(e.target.value)}
            className="min-h-11 rounded-md border bg-background px-3"
          >
            {EXPIRY.map((o) => (
              <option key={o.value} value={o.value}>
                {o.label}
              </option>
            ))}
          </select>
        </div>
        {create.error && !nameError ? (
          <p role="alert" className="text-sm text-destructive">
            {create.error.message}
          </p>
        ) : null}
        <div>
          <Button type="submit" disabled={create.isPending || scopes.length === 0}>
            Create key
          </Button>
        </div>
      </form>
      {keys.data && keys.data.items.length > 0 ? (
        <ul className="grid gap-2" aria-label="Your API keys">
          {keys.data.items.map((key) => (
            <li
              key={key.id}
              className="flex flex-wrap items-center justify-between gap-2 rounded-md border p-3 text-sm"
            >
              <div className="grid gap-0.5">
                <span className="font-medium">
                  {key.name} <code className="text-muted-foreground">{key.prefix}…</code>
                </span>
                <span className="text-muted-foreground">
                  {key.scopes.join(', ')} · created {date(key.createdAt)} · expires {date(key.expiresAt)} · last used{' '}
                  {date(key.lastUsedAt)}
                  {key.active ? '' : key.revokedAt ? ' · revoked' : ' · expired'}
                </span>
              </div>
              {key.active ? (
                <Button
                  type="button"
                  variant="outline"
                  onClick={() => revoke.mutate(key.id)}
                  disabled={revoke.isPending}
                  aria-label={`Revoke ${key.name}`}
                >
                  Revoke
                </Button>
              ) : null}
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
