import { useQuery } from '@tanstack/react-query';
import { Share2 } from 'lucide-react';
import { useId, useState } from 'react';
import {
  SHARE_LINK_EXPIRIES,
  SHARE_LINK_EXPIRY_LABELS,
  shareLinkCreateSchema,
  type ShareLinkDto,
} from '#shared/sharing/sharing.schemas.ts';
import { FieldGroup } from '#client/components/form/field.tsx';
import { FormAlert } from '#client/components/form/form-alert.tsx';
import { Form } from '#client/components/form/form.tsx';
import { useZodForm } from '#client/components/form/use-zod-form.ts';
import { Button } from '#client/components/ui/button.tsx';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '#client/components/ui/dialog.tsx';
import { Spinner } from '#client/components/ui/spinner.tsx';
import { countOf, formatDate } from '#client/lib/format.ts';
import { toast } from '#client/lib/toast.ts';
import { shareLinksQueryOptions, useCreateShareLink, useRevokeShareLink } from '../api/sharing-api.ts';
import { shareUrl } from '../share-url.ts';

const STATE_LABELS: Record<ShareLinkDto['state'], string> = {
  active: 'Active',
  expired: 'Expired',
  revoked: 'Revoked',
};

async function copy(url: string): Promise<void> {
  try {
    await navigator.clipboard.writeText(url);
    await toast({ title: 'Link copied', variant: 'success' });
  } catch {
    await toast({ title: 'Could not copy', description: 'Select the link and copy it yourself.', variant: 'warning' });
  }
}

function LinkRow({ link, onRevoke, isRevoking }: { link: ShareLinkDto; onRevoke: () => void; isRevoking: boolean }) {
  const url = shareUrl(link.token);
  const inputId = useId();
  return (
    <li className="space-y-2 rounded-md border p-3 text-sm">
      <label htmlFor={inputId} className="sr-only">
        Share link created {formatDate(link.createdAt)}
      </label>
      <input
        id={inputId}
        readOnly
        value={url}
        onFocus={(e) => e.currentTarget.select()}
        className="min-h-11 w-full rounded-md border bg-background px-2 font-mono text-xs"
      />
      <p className="text-muted-foreground">
        {STATE_LABELS[link.state]} ·{' '}
        {link.expiresAt
          ? `${link.state === 'expired' ? 'expired' : 'expires'} ${formatDate(link.expiresAt)}`
          : 'no expiry'}{' '}
        · {countOf(link.viewCount, 'view')}
        {link.lastAccessedAt ? ` · last opened ${formatDate(link.lastAccessedAt)}` : ' · not opened yet'}
      </p>
      {link.state === 'active' ? (
        <div className="flex flex-wrap gap-2">
          <Button size="sm" variant="outline" onClick={() => void copy(url)}>
            Copy link
          </Button>
          <Button size="sm" variant="destructive" onClick={onRevoke} disabled={isRevoking}>
            Revoke
          </Button>
        </div>
      ) : null}
    </li>
  );
}

/** Share an analysis by link: choose an expiry, create, copy; see views and revoke (issue 17). */
export function ShareDialog({ searchId, query }: { searchId: number; query: string }) {
  const [isOpen, setOpen] = useState(false);
  const form = useZodForm(shareLinkCreateSchema, { defaultValues: { expiresIn: '7d' } });
  const links = useQuery({ ...shareLinksQueryOptions(searchId), enabled: isOpen });
  const create = useCreateShareLink(searchId);
  const revoke = useRevokeShareLink(searchId);
  const groupName = useId();

  return (
    <>
      <Button variant="outline" onClick={() => setOpen(true)}>
        <Share2 aria-hidden="true" />
        Share
      </Button>
      <Dialog open={isOpen} onOpenChange={setOpen}>
        <DialogContent>
          <DialogTitle>Share this analysis</DialogTitle>
          <DialogDescription>
            Anyone with the link can read “{query}” without an account. They do not see your name, e-mail or anything
            else of yours.
          </DialogDescription>
          <Form
            form={form}
            className="space-y-3"
            aria-label="Create a share link"
            onValid={({ expiresIn }) =>
              create.mutate(expiresIn, { onSuccess: (link) => void copy(shareUrl(link.token)) })
            }
          >
            <FieldGroup name="expiresIn" legend="Link expires after">
              <div className="flex flex-wrap gap-2">
                {SHARE_LINK_EXPIRIES.map((value) => (
                  <label
                    key={value}
                    className="flex min-h-11 cursor-pointer items-center gap-2 rounded-md border px-3 text-sm has-checked:border-primary"
                  >
                    <input type="radio" value={value} {...form.register('expiresIn')} />
                    {SHARE_LINK_EXPIRY_LABELS[value]}
                  </label>
                ))}
              </div>
            </FieldGroup>
            <Button type="submit" disabled={create.isPending}>
              Create link
            </Button>
            {create.isError ? <FormAlert>{create.error.message}</FormAlert> : null}
          </Form>
          <section aria-labelledby={`${groupName}-links`}>
            <h3 id={`${groupName}-links`} className="font-semibold">
              Links
            </h3>
            {links.isPending ? <Spinner className="py-4" label="Loading the links" /> : null}
            {links.isError ? (
              <p role="alert" className="text-sm text-destructive">
                {links.error.message}
              </p>
            ) : null}
            {links.data?.items.length === 0 ? <p className="text-sm text-muted-foreground">No links yet.</p> : null}
            <ul className="mt-2 space-y-2">
              {links.data?.items.map((link) => (
                <LinkRow
                  key={link.id}
                  link={link}
                  isRevoking={revoke.isPending && revoke.variables === link.id}
                  onRevoke={() => revoke.mutate(link.id)}
                />
              ))}
            </ul>
          </section>
        </DialogContent>
      </Dialog>
    </>
  );
}
