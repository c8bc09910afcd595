import { useQuery } from '@tanstack/react-query';
import { useId, useState, type ChangeEvent } from 'react';
import {
  brandingUpdateSchema,
  DEFAULT_ACCENT,
  LOGO_MAX_BYTES,
  LOGO_TOO_LARGE_MESSAGE,
  LOGO_TYPE_MESSAGE,
  LOGO_TYPES,
  type Branding,
} from '#shared/exports/branding.schemas.ts';
import { accentContrastProblem } from '#shared/exports/contrast.ts';
import { Field } from '#client/components/form/field.tsx';
import { Input } from '#client/components/form/controls.tsx';
import { Form } from '#client/components/form/form.tsx';
import { applyServerErrors } from '#client/components/form/server-errors.ts';
import { useZodForm } from '#client/components/form/use-zod-form.ts';
import { Button } from '#client/components/ui/button.tsx';
import { PageSpinner } from '#client/components/ui/spinner.tsx';
import { toast } from '#client/lib/toast.ts';
import {
  brandingQueryOptions,
  readAsDataUrl,
  useRemoveLogo,
  useSaveBranding,
  useLogoDataUrl,
  useUploadLogo,
} from '../api/branding-api.ts';
import { BrandingPreview } from './branding-preview.tsx';

const HEX = /^#[0-9a-fA-F]{6}$/;

/** The "Report branding" settings: company name, accent colour, logo, and a live preview of a report cover. */
export function ReportBrandingForm({ canEdit }: { canEdit: boolean }) {
  const { data, isPending, isError } = useQuery(brandingQueryOptions());
  if (isPending) return <PageSpinner label="Loading your report branding" />;
  if (isError) return <p role="alert">Your report branding could not be loaded. Please try again.</p>;
  return <BrandingEditor branding={data} canEdit={canEdit} />;
}

function BrandingEditor({ branding, canEdit }: { branding: Branding; canEdit: boolean }) {
  const save = useSaveBranding();
  const form = useZodForm(brandingUpdateSchema, {
    defaultValues: { companyName: branding.companyName ?? '', accentColor: branding.accentColor ?? '' },
  });
  const companyName = form.watch('companyName') ?? '';
  const accent = form.watch('accentColor') ?? '';
  const isHex = HEX.test(accent.trim());
  const contrastProblem = isHex ? accentContrastProblem(accent.trim().toLowerCase()) : null;
  const previewAccent = isHex && !contrastProblem ? accent.trim().toLowerCase() : null;
  const logoUrl = useLogoDataUrl(branding.logo);
  const isBranded = branding.isApplied && Boolean(companyName.trim() || previewAccent || branding.logo);

  return (
    <div className="grid gap-6 md:grid-cols-[1fr_16rem]">
      <div className="grid content-start gap-4">
        <Form
          form={form}
          aria-label="Report branding"
          onValid={(values) =>
            save.mutate(values, {
              onSuccess: () => void toast({ title: 'Report branding saved', variant: 'success' }),
              onError: (error) => {
                if (!applyServerErrors(form, error)) {
                  void toast({ title: 'Branding not saved', description: error.message, variant: 'error' });
                }
              },
            })
          }
        >
          <fieldset disabled={!canEdit} className="grid gap-4 disabled:opacity-60">
            <Field
              name="companyName"
              label="Company name"
              description="Shown on the cover and in the footer of every page."
            >
              <Input {...form.register('companyName')} autoComplete="organization" maxLength={120} />
            </Field>
            <Field
              name="accentColor"
              label="Accent colour"
              description="A hex colour like #0F766E. White text is printed on it, so it must be dark enough to read."
            >
              <Input {...form.register('accentColor')} placeholder={DEFAULT_ACCENT.toUpperCase()} spellCheck={false} />
            </Field>
            <label className="flex min-h-11 items-center gap-3 text-sm">
              <input
                type="color"
                className="size-11 cursor-pointer rounded-md border bg-background p-1"
                value={isHex ? accent.trim().toLowerCase() : DEFAULT_ACCENT}
                onChange={(e) =>
                  form.setValue('accentColor', e.target.value, {
                    shouldDirty: true,
                    shouldValidate: form.formState.isSubmitted,
                  })
                }
              />
              Pick the accent colour
            </label>
            {contrastProblem && !form.formState.errors.accentColor ? (
              <p role="status" className="text-sm text-destructive">
                {contrastProblem}
              </p>
            ) : null}
            <div>
              <Button type="submit" disabled={save.isPending}>
                Save branding
              </Button>
            </div>
          </fieldset>
        </Form>
        <LogoControls branding={branding} canEdit={canEdit} />
      </div>
      <BrandingPreview
        isBranded={isBranded}
        companyName={companyName.trim() || null}
        accentColor={previewAccent}
        logoUrl={logoUrl}
      />
    </div>
  );
}

function LogoControls({ branding, canEdit }: { branding: Branding; canEdit: boolean }) {
  const upload = useUploadLogo();
  const remove = useRemoveLogo();
  const inputId = useId();
  const [problem, setProblem] = useState<string | null>(null);
  const choose = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    if (!(LOGO_TYPES as readonly string[]).includes(file.type)) return setProblem(LOGO_TYPE_MESSAGE);
    if (file.size > LOGO_MAX_BYTES) return setProblem(LOGO_TOO_LARGE_MESSAGE);
    setProblem(null);
    upload.mutate(await readAsDataUrl(file), {
      onSuccess: () => void toast({ title: 'Logo uploaded', variant: 'success' }),
      onError: (error) => setProblem(error.message),
    });
  };
  const logo = branding.logo;
  return (
    <div className="grid gap-2">
      <label htmlFor={inputId} className="text-sm font-medium">
        Logo
      </label>
      <input
        id={inputId}
        type="file"
        accept={LOGO_TYPES.join(',')}
        disabled={!canEdit || upload.isPending}
        aria-describedby={`${inputId}-hint`}
        onChange={(e) => void choose(e)}
        className="min-h-11 w-full min-w-0 text-sm file:mr-3 file:min-h-11 file:rounded-md file:border file:bg-background file:px-3 disabled:opacity-60"
      />
      <p id={`${inputId}-hint`} className="text-xs text-muted-foreground">
        PNG or JPEG, up to {LOGO_MAX_BYTES / 1024} kB.
        {logo
          ? ` Current logo: ${logo.width} × ${logo.height} pixels, ${Math.ceil(logo.bytes / 1024)} kB.`
          : ' No logo yet.'}
      </p>
      {problem ? (
        <p role="alert" className="text-sm text-destructive">
          {problem}
        </p>
      ) : null}
      {logo ? (
        <div>
          <Button
            variant="outline"
            disabled={remove.isPending}
            onClick={() =>
              remove.mutate(undefined, { onSuccess: () => void toast({ title: 'Logo removed', variant: 'success' }) })
            }
          >
            Remove logo
          </Button>
        </div>
      ) : null}
    </div>
  );
}
