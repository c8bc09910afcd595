import { Suspense } from 'react';
import { Link } from 'react-router';
import { CAREERS_EMAIL, SUPPORT_EMAIL } from '#shared/app/app.constants.ts';
import { ClientOnly } from '#client/components/ui/client-only.tsx';
import { FEATURES_SECTION_ID, paths } from '#client/config/paths.ts';
import { useAuthStore } from '#client/lib/auth-store.ts';
import { lazyWithQueries } from '#client/lib/lazy-with-queries.tsx';

// A production installation running demo payments on purpose says so on every page. Lazy: the
// billing API and its schemas (zod) are not part of the landing page's first load.
const FooterDemoBanner = lazyWithQueries(
  async () => (await import('#client/features/billing/components/footer-demo-banner.tsx')).FooterDemoBanner,
);

const linkClass =
  'control min-h-11 min-w-11 items-center rounded-sm text-muted-foreground hover:text-foreground hover:underline';

// docs/product/screens.md footer: Product (Features → /trending signed in; visitors, for whom /trending does not
// exist, go to the landing page's feature cards), Company, Legal (/privacy, /terms), mailto links.
export function SiteFooter() {
  const isSignedIn = useAuthStore((state) => state.status === 'signed-in');
  const featuresHref = isSignedIn ? paths.trending.href() : `${paths.home.href()}#${FEATURES_SECTION_ID}`;
  return (
    <footer className="border-t bg-muted/40 pb-8">
      <ClientOnly>
        <Suspense fallback={null}>
          <FooterDemoBanner />
        </Suspense>
      </ClientOnly>
      <div className="mx-auto grid max-w-6xl gap-8 px-4 py-10 sm:grid-cols-2 md:grid-cols-4">
        <div>
          <p className="text-lg font-bold">Unbuilt</p>
          <p className="mt-2 text-sm text-muted-foreground">
            Market gaps found from public evidence, with the evidence shown.
          </p>
        </div>
        <nav aria-labelledby="footer-product">
          <h2 id="footer-product" className="text-sm font-semibold">
            Product
          </h2>
          <ul className="mt-2 text-sm">
            <li>
              <Link className={linkClass} to={featuresHref}>
                Features
              </Link>
            </li>
            <li>
              <Link className={linkClass} to={paths.pricing.href()}>
                Pricing
              </Link>
            </li>
            <li>
              <Link className={linkClass} to={paths.help.href()}>
                Help &amp; Docs
              </Link>
            </li>
          </ul>
        </nav>
        <nav aria-labelledby="footer-company">
          <h2 id="footer-company" className="text-sm font-semibold">
            Company
          </h2>
          <ul className="mt-2 text-sm">
            <li>
              <Link className={linkClass} to={paths.about.href()}>
                About
              </Link>
            </li>
            <li>
              <a className={linkClass} href={`mailto:${SUPPORT_EMAIL}`}>
                Contact
              </a>
            </li>
            <li>
              <a className={linkClass} href={`mailto:${CAREERS_EMAIL}`}>
                Careers
              </a>
            </li>
          </ul>
        </nav>
        <nav aria-labelledby="footer-legal">
          <h2 id="footer-legal" className="text-sm font-semibold">
            Legal
          </h2>
          <ul className="mt-2 text-sm">
            <li>
              <Link className={linkClass} to={paths.privacy.href()}>
                Privacy Policy
              </Link>
            </li>
            <li>
              <Link className={linkClass} to={paths.terms.href()}>
                Terms of Service
              </Link>
            </li>
          </ul>
        </nav>
      </div>
    </footer>
  );
}
