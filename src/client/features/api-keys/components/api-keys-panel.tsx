import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { z } from 'zod';
import { API_KEY_SCOPES, apiKeyCreateSchema, type ApiKeyScope } from '#shared/api-keys/api-keys.schemas.ts';
import { Checkbox, Input, Select } from '#client/components/form/controls.tsx';
import { Field, FieldGroup } from '#client/components/form/field.tsx';
import { FormAlert } from '#client/components/form/form-alert.tsx';
import { Form } from '#client/components/form/form.tsx';
import { applyServerErrors } from '#client/components/form/server-errors.ts';
import { useZodForm } from '#client/components/form/use-zod-form.ts';
import { Button } from '#client/components/ui/button.tsx';
import { useAuthStore } from '#client/lib/auth-store.ts';
import { apiKeysQueryOptions, useCreateApiKey, useRevokeApiKey, type CreatedApiKey } from '../api/api-keys-api.ts';
import { formatDate } from '#client/lib/format.ts';

// Account settings → API keys (Enterprise): create a key (shown once, with a copy button), see each
// key's prefix, scopes, expiry and last use, and revoke it. The API itself: /api/v1, documented at
// /api/v1/openapi.json.

const SCOPE_LABELS: Record<ApiKeyScope, string> = {
  read: 'Read analyses and history',
  search: 'Run searches (uses your quota)',
  export: 'Export analyses',
};

const EXPIRY = [
  { value: '30', label: '30 days' },
  { value: '90', label: '90 days' },
  { value: '365', label: '1 year' },
  { value: 'never', label: 'No expiry' },
] as const;

// What the fields hold (the expiry select holds a string), turned into the request and checked by
// the server's own schema, so "no scope ticked" gets its message.
const apiKeyFormSchema = z
  .object({
    name: z.string(),
    scopes: z.array(z.enum(API_KEY_SCOPES)),
    expiry: z.enum(EXPIRY.map((o) => o.value)),
  })
  .transform(({ name, scopes, expiry }): z.input<typeof apiKeyCreateSchema> => ({
    name,
    scopes,
    expiresInDays: expiry === 'never' ? null : (Number(expiry) as 30 | 90 | 365),
  }))
  .pipe(apiKeyCreateSchema);

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

function CreateApiKeyForm({ onCreated }: { onCreated: (created: CreatedApiKey) => void }) {
  const create = useCreateApiKey();
  const form = useZodForm(apiKeyFormSchema, { defaultValues: { name: '', scopes: ['read'], expiry: '90' } });
  const [failure, setFailure] = useState<string | null>(null);
  return (
    <Form
      form={form}
      className="grid gap-3"
      aria-label="Create an API key"
      onValid={(input) => {
        setFailure(null);
        create.mutate(input, {
          onSuccess: (data) => {
            onCreated(data);
            form.resetField('name');
          },
          onError: (error) => {
            if (!applyServerErrors(form, error)) setFailure(error.message);
          },
        });
      }}
    >
      <Field name="name" label="Key name">
        <Input maxLength={100} {...form.register('name')} />
      </Field>
      <FieldGroup name="scopes" legend="Scopes" className="grid gap-1">
        {API_KEY_SCOPES.map((scope) => (
          <Checkbox
            key={scope}
            value={scope}
            label={<span className="font-normal">{SCOPE_LABELS[scope]}</span>}
            {...form.register('scopes')}
          />
        ))}
      </FieldGroup>
      <Field name="expiresInDays" label="Expires after">
        <Select options={EXPIRY} {...form.register('expiry')} />
      </Field>
      {failure ? <FormAlert>{failure}</FormAlert> : null}
      <div>
        <Button type="submit" disabled={create.isPending}>
          Create key
        </Button>
      </div>
    </Form>
  );
}

export function ApiKeysPanel() {
  const plan = useAuthStore((state) => state.user?.plan);
  const keys = useQuery({ ...apiKeysQueryOptions(), enabled: plan === 'enterprise' });
  const revoke = useRevokeApiKey();
  const [created, setCreated] = useState<CreatedApiKey | null>(null);

  if (plan !== 'enterprise') {
    return (
      <p className="text-sm text-muted-foreground">
        The REST API is part of the Enterprise plan. With it you can run searches and read analyses from your own tools
        with an API key.
      </p>
    );
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
      <CreateApiKeyForm onCreated={setCreated} />
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
