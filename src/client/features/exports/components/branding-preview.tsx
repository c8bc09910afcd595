import { DEFAULT_ACCENT } from '#shared/exports/branding.schemas.ts';

type BrandingPreviewProps = {
  /** Whether the report is drawn in the account's branding (false: Unbuilt's, as on a free plan). */
  isBranded: boolean;
  companyName: string | null;
  accentColor: string | null;
  logoUrl: string | null;
};

/** The cover of a PDF report as it will print with these settings (the server draws the same layout). */
export function BrandingPreview({ isBranded, companyName, accentColor, logoUrl }: BrandingPreviewProps) {
  const accent = (isBranded ? accentColor : null) ?? DEFAULT_ACCENT;
  const name = isBranded ? companyName : 'Unbuilt';
  const logo = isBranded ? logoUrl : null;
  const footer = [name, 'Market-gap report', 'page 1 of 5'].filter(Boolean).join(' · ');
  return (
    <figure className="grid content-start gap-2">
      <figcaption className="text-sm font-medium">Preview of a report cover</figcaption>
      <div
        data-testid="branding-preview"
        className="mx-auto flex aspect-[210/297] w-full max-w-64 flex-col overflow-hidden rounded-md border bg-white text-left text-gray-900 shadow-sm"
      >
        <div className="h-1.5 w-full" style={{ backgroundColor: accent }} />
        <div className="flex flex-1 flex-col gap-2 p-4">
          {logo ? <img src={logo} alt="Your logo" className="max-h-10 max-w-[60%] self-start object-contain" /> : null}
          {name ? (
            <p className="text-xs font-bold break-words" style={{ color: accent }}>
              {name}
            </p>
          ) : null}
          <p className="rounded-sm px-2 py-1.5 text-sm font-bold text-white" style={{ backgroundColor: accent }}>
            Market-gap report
          </p>
          <p className="text-xs">dental clinic scheduling</p>
          <p className="text-[0.6rem] text-gray-600">Analysis of today · 6 opportunities</p>
          <div className="mt-auto grid gap-1" aria-hidden="true">
            {[80, 55, 68].map((width) => (
              <div key={width} className="h-1.5 rounded-sm bg-gray-200">
                <div className="h-1.5 rounded-sm" style={{ width: `${width}%`, backgroundColor: accent }} />
              </div>
            ))}
          </div>
          <p className="text-center text-[0.55rem] text-gray-600">{footer}</p>
        </div>
      </div>
    </figure>
  );
}
