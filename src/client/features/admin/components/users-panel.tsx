import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { adminPlanChangeSchema, adminUserListQuerySchema, type AdminUser } from '#shared/admin/admin.schemas.ts';
import { PLAN_IDS, PLANS } from '#shared/plans/plans.constants.ts';
import { Input, Select } from '#client/components/form/controls.tsx';
import { Field } from '#client/components/form/field.tsx';
import { FormAlert } from '#client/components/form/form-alert.tsx';
import { Form } from '#client/components/form/form.tsx';
import { applyServerErrors } from '#client/components/form/server-errors.ts';
import { useZodForm } from '#client/components/form/use-zod-form.ts';
import { usePageParam } from '#client/components/navigation/page-param.ts';
import { Pagination } from '#client/components/navigation/pagination.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { useAuthStore } from '#client/lib/auth-store.ts';
import { formatDate } from '#client/lib/format.ts';
import { adminUsersQueryOptions, useChangePlan, useUserAction } from '../api/admin-api.ts';

const searchSchema = adminUserListQuerySchema.pick({ q: true });

function when(iso: string | null): string {
  return iso ? `${formatDate(iso)} ${iso.slice(11, 16)} UTC` : 'never';
}

function PlanForm({ user }: { user: AdminUser }) {
  const change = useChangePlan();
  const form = useZodForm(adminPlanChangeSchema, { defaultValues: { plan: user.plan } });
  return (
    <Form
      form={form}
      aria-label={`Plan of ${user.email}`}
      className="flex flex-wrap items-end gap-2"
      onValid={(values) =>
        change.mutate({ id: user.id, plan: values.plan }, { onError: (e) => applyServerErrors(form, e) })
      }
    >
      <Field name="plan" label="Plan (demo payment provider)">
        <Select options={PLAN_IDS.map((id) => ({ value: id, label: PLANS[id].name }))} {...form.register('plan')} />
      </Field>
      <Button type="submit" variant="outline" disabled={change.isPending}>
        Change plan
      </Button>
      {change.isError && Object.keys(form.formState.errors).length === 0 ? (
        <FormAlert>{change.error.message}</FormAlert>
      ) : null}
      {change.isSuccess ? <FormAlert tone="success">Plan is now {PLANS[change.data.plan].name}.</FormAlert> : null}
    </Form>
  );
}

function UserCard({ user }: { user: AdminUser }) {
  const act = useUserAction();
  // The server refuses it too: an admin cannot disable their own account.
  const isSelf = useAuthStore((state) => state.user?.id === user.id);
  const status = user.isActive ? 'Active' : 'Disabled';
  return (
    <li className="rounded-lg border bg-card p-4 text-card-foreground">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h3 className="min-w-0 font-semibold break-all">{user.email}</h3>
        <span className="text-sm">
          {user.role === 'admin' ? 'Admin · ' : ''}
          {PLANS[user.plan].name} · <strong>{status}</strong>
        </span>
      </div>
      <dl className="mt-2 grid gap-x-4 gap-y-1 text-sm sm:grid-cols-2">
        <div>
          <dt className="inline text-muted-foreground">Name: </dt>
          <dd className="inline">{user.name ?? '—'}</dd>
        </div>
        <div>
          <dt className="inline text-muted-foreground">Last sign-in: </dt>
          <dd className="inline">{when(user.lastSignInAt)}</dd>
        </div>
        <div>
          <dt className="inline text-muted-foreground">Subscription: </dt>
          <dd className="inline">{user.subscriptionStatus}</dd>
        </div>
        <div>
          <dt className="inline text-muted-foreground">Failed sign-ins: </dt>
          <dd className="inline">{user.failedLoginAttempts}</dd>
        </div>
        <div>
          <dt className="inline text-muted-foreground">Password changed: </dt>
          <dd className="inline">
            {when(user.lastPasswordChange)}
            {user.forcePasswordChange ? ' · must change at next sign-in' : ''}
          </dd>
        </div>
        <div>
          <dt className="inline text-muted-foreground">Joined: </dt>
          <dd className="inline">{formatDate(user.createdAt)}</dd>
        </div>
      </dl>
      <div className="mt-3 flex flex-wrap gap-2">
        {!user.forcePasswordChange ? (
          <Button
            variant="outline"
            disabled={act.isPending}
            onClick={() => act.mutate({ id: user.id, action: 'force-password-change' })}
          >
            Force password change
          </Button>
        ) : null}
        {isSelf ? null : (
          <Button
            variant={user.isActive ? 'destructive' : 'outline'}
            disabled={act.isPending}
            onClick={() => act.mutate({ id: user.id, action: user.isActive ? 'disable' : 'enable' })}
          >
            {user.isActive ? 'Disable account' : 'Enable account'}
          </Button>
        )}
      </div>
      {act.isError ? (
        <div className="mt-2">
          <FormAlert>{act.error.message}</FormAlert>
        </div>
      ) : null}
      <div className="mt-3 border-t pt-3">
        <PlanForm user={user} />
      </div>
    </li>
  );
}

/** Users: search by e-mail, name or id; each user's state and the account actions. */
export function UsersPanel() {
  const [searchParams, setSearchParams] = useSearchParams();
  const q = searchParams.get('q') ?? '';
  const page = usePageParam();
  const users = useQuery(adminUsersQueryOptions(q, page));
  const form = useZodForm(searchSchema, { defaultValues: { q } });
  const items = users.data?.items ?? [];
  return (
    <div className="grid gap-4">
      <Form
        form={form}
        aria-label="Search users"
        className="flex flex-wrap items-end gap-2"
        onValid={(values) => setSearchParams(values.q ? { q: values.q } : {})}
      >
        <div className="min-w-0 flex-1 basis-60">
          <Field name="q" label="E-mail, name or user id">
            <Input type="search" {...form.register('q')} />
          </Field>
        </div>
        <Button type="submit">Search</Button>
      </Form>
      {users.isError ? <FormAlert>{users.error.message}</FormAlert> : null}
      {users.data && items.length === 0 ? <p className="text-muted-foreground">No users match.</p> : null}
      <ul className="grid gap-3" aria-label="Users">
        {items.map((user) => (
          <UserCard key={user.id} user={user} />
        ))}
      </ul>
      <Pagination hasMore={users.data?.hasMore ?? false} label="User pages" />
    </div>
  );
}
