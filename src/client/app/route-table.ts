import type { ComponentType, LazyExoticComponent } from 'react';
import { paths } from '#client/config/paths.ts';
import { lazyWithQueries } from '#client/lib/lazy-with-queries.tsx';
import { LandingPage } from './routes/landing-page.tsx';
import type { AuthStatus } from '#client/lib/auth-store.ts';

// Route sets by sign-in state, as docs/product/screens.md lists them. Every page is its own chunk except the
// landing page, the first screen of most visits: bundled with the app it paints without a second
// round trip (about 2 kB gzip; see bench/landing.bench.ts). Each page chunk loads with the query client
// (lib/lazy-with-queries.tsx), which the landing page does not need.
// A page owned by another issue lives in app/routes/<page>.tsx: replace that file, not this table.

export type AppRoute = { path: string; Page: ComponentType };

function page<M extends Record<string, unknown>>(
  load: () => Promise<M>,
  name: keyof M & string,
): LazyExoticComponent<ComponentType> {
  return lazyWithQueries(async () => (await load())[name] as ComponentType);
}

const PricingPage = page(() => import('./routes/pricing-page.tsx'), 'PricingPage');
const AboutPage = page(() => import('./routes/about-page.tsx'), 'AboutPage');
const HelpPage = page(() => import('./routes/help-page.tsx'), 'HelpPage');
const PrivacyPage = page(() => import('./routes/privacy-page.tsx'), 'PrivacyPage');
const TermsPage = page(() => import('./routes/terms-page.tsx'), 'TermsPage');
const SharePage = page(() => import('./routes/share-page.tsx'), 'SharePage');
const LoginPage = page(() => import('./routes/login-page.tsx'), 'LoginPage');
const RegisterPage = page(() => import('./routes/register-page.tsx'), 'RegisterPage');
const ForgotPasswordPage = page(() => import('./routes/forgot-password-page.tsx'), 'ForgotPasswordPage');
const ResetPasswordPage = page(() => import('./routes/reset-password-page.tsx'), 'ResetPasswordPage');
const ConfirmEmailPage = page(() => import('./routes/confirm-email-page.tsx'), 'ConfirmEmailPage');
const HomePage = page(() => import('./routes/home-page.tsx'), 'HomePage');
const SearchPage = page(() => import('./routes/search-page.tsx'), 'SearchPage');
const SearchResultPage = page(() => import('./routes/search-result-page.tsx'), 'SearchResultPage');
const SavedPage = page(() => import('./routes/saved-page.tsx'), 'SavedPage');
const HistoryPage = page(() => import('./routes/history-page.tsx'), 'HistoryPage');
const TrendingPage = page(() => import('./routes/trending-page.tsx'), 'TrendingPage');
const UpgradePage = page(() => import('./routes/upgrade-page.tsx'), 'UpgradePage');
const BookmarksPage = page(() => import('./routes/bookmarks-page.tsx'), 'BookmarksPage');
const ContributionsPage = page(() => import('./routes/contributions-page.tsx'), 'ContributionsPage');
const ResourcesPage = page(() => import('./routes/resources-page.tsx'), 'ResourcesPage');
const ResourcePage = page(() => import('./routes/resource-page.tsx'), 'ResourcePage');
const SubscribePage = page(() => import('./routes/subscribe-page.tsx'), 'SubscribePage');
const FreeTrialPage = page(() => import('./routes/free-trial-page.tsx'), 'FreeTrialPage');
const ValidateIdeaPage = page(() => import('./routes/validate-idea-page.tsx'), 'ValidateIdeaPage');
const ActionPlanPage = page(() => import('./routes/action-plan-page.tsx'), 'ActionPlanPage');
const MarketResearchPage = page(() => import('./routes/market-research-page.tsx'), 'MarketResearchPage');
const MarketTrendsPage = page(() => import('./routes/market-trends-page.tsx'), 'MarketTrendsPage');
const AnalyticsPage = page(() => import('./routes/analytics-page.tsx'), 'AnalyticsPage');
const DocumentationPage = page(() => import('./routes/documentation-page.tsx'), 'DocumentationPage');
const AccountPage = page(() => import('./routes/account-page.tsx'), 'AccountPage');
const ProfileEditPage = page(() => import('./routes/profile-edit-page.tsx'), 'ProfileEditPage');
const ChangePasswordPage = page(() => import('./routes/change-password-page.tsx'), 'ChangePasswordPage');
const ProfilePage = page(() => import('./routes/profile-page.tsx'), 'ProfilePage');
const SubscriptionSuccessPage = page(() => import('./routes/subscription-success-page.tsx'), 'SubscriptionSuccessPage');
const BillingPage = page(() => import('./routes/billing-page.tsx'), 'BillingPage');
const DemoCheckoutPage = page(() => import('./routes/demo-checkout-page.tsx'), 'DemoCheckoutPage');
const TeamsPage = page(() => import('./routes/teams-page.tsx'), 'TeamsPage');
const TeamPage = page(() => import('./routes/team-page.tsx'), 'TeamPage');
const TeamJoinPage = page(() => import('./routes/team-join-page.tsx'), 'TeamJoinPage');
const UnsubscribePage = page(() => import('./routes/unsubscribe-page.tsx'), 'UnsubscribePage');
const SharedWithMePage = page(() => import('./routes/shared-with-me-page.tsx'), 'SharedWithMePage');
const SharedAnalysisPage = page(() => import('./routes/shared-analysis-page.tsx'), 'SharedAnalysisPage');
const SharedIdeaPage = page(() => import('./routes/shared-idea-page.tsx'), 'SharedIdeaPage');
const ContactPage = page(() => import('./routes/contact-page.tsx'), 'ContactPage');
const ApiReferencePage = page(() => import('./routes/api-reference-page.tsx'), 'ApiReferencePage');
const AdminUsersPage = page(() => import('./routes/admin-users-page.tsx'), 'AdminUsersPage');
const AdminFlagsPage = page(() => import('./routes/admin-flags-page.tsx'), 'AdminFlagsPage');
const AdminAlertsPage = page(() => import('./routes/admin-alerts-page.tsx'), 'AdminAlertsPage');
const AdminAuditPage = page(() => import('./routes/admin-audit-page.tsx'), 'AdminAuditPage');
const AdminContributionsPage = page(() => import('./routes/admin-contributions-page.tsx'), 'AdminContributionsPage');
const AdminSettingsPage = page(() => import('./routes/admin-settings-page.tsx'), 'AdminSettingsPage');

const informationRoutes: AppRoute[] = [
  { path: paths.pricing.path, Page: PricingPage },
  { path: paths.about.path, Page: AboutPage },
  { path: paths.help.path, Page: HelpPage },
  { path: paths.privacy.path, Page: PrivacyPage },
  { path: paths.terms.path, Page: TermsPage },
  { path: paths.contact.path, Page: ContactPage },
];

/** Always available (docs/product/screens.md). */
export const alwaysRoutes: AppRoute[] = [
  { path: paths.share.path, Page: SharePage },
  { path: paths.teamJoin.path, Page: TeamJoinPage },
  { path: paths.unsubscribe.path, Page: UnsubscribePage },
  { path: paths.confirmEmail.path, Page: ConfirmEmailPage },
];

export const signedOutRoutes: AppRoute[] = [
  { path: paths.home.path, Page: LandingPage },
  { path: paths.login.path, Page: LoginPage },
  { path: paths.register.path, Page: RegisterPage },
  { path: paths.authForgotPassword.path, Page: ForgotPasswordPage },
  { path: paths.authResetPassword.path, Page: ResetPasswordPage },
  { path: paths.forgotPassword.path, Page: ForgotPasswordPage },
  { path: paths.resetPassword.path, Page: ResetPasswordPage },
  ...informationRoutes,
];

export const signedInRoutes: AppRoute[] = [
  { path: paths.home.path, Page: HomePage },
  { path: paths.search.path, Page: SearchPage },
  { path: paths.searchResult.path, Page: SearchResultPage },
  { path: paths.saved.path, Page: SavedPage },
  { path: paths.history.path, Page: HistoryPage },
  { path: paths.trending.path, Page: TrendingPage },
  { path: paths.upgrade.path, Page: UpgradePage },
  { path: paths.bookmarks.path, Page: BookmarksPage },
  { path: paths.contributions.path, Page: ContributionsPage },
  { path: paths.resources.path, Page: ResourcesPage },
  { path: paths.resource.path, Page: ResourcePage },
  { path: paths.subscribe.path, Page: SubscribePage },
  { path: paths.freeTrial.path, Page: FreeTrialPage },
  { path: paths.validateIdea.path, Page: ValidateIdeaPage },
  { path: paths.actionPlan.path, Page: ActionPlanPage },
  { path: paths.marketResearch.path, Page: MarketResearchPage },
  { path: paths.marketTrends.path, Page: MarketTrendsPage },
  { path: paths.analytics.path, Page: AnalyticsPage },
  { path: paths.documentation.path, Page: DocumentationPage },
  { path: paths.apiReference.path, Page: ApiReferencePage },
  { path: paths.teams.path, Page: TeamsPage },
  { path: paths.team.path, Page: TeamPage },
  { path: paths.sharedWithMe.path, Page: SharedWithMePage },
  { path: paths.sharedAnalysis.path, Page: SharedAnalysisPage },
  { path: paths.sharedIdea.path, Page: SharedIdeaPage },
  { path: paths.account.path, Page: AccountPage },
  { path: paths.profileEdit.path, Page: ProfileEditPage },
  { path: paths.changePassword.path, Page: ChangePasswordPage },
  { path: paths.profile.path, Page: ProfilePage },
  { path: paths.subscriptionSuccess.path, Page: SubscriptionSuccessPage },
  { path: paths.billing.path, Page: BillingPage },
  { path: paths.demoCheckout.path, Page: DemoCheckoutPage },
  { path: paths.admin.path, Page: AdminUsersPage },
  { path: paths.adminFlags.path, Page: AdminFlagsPage },
  { path: paths.adminAlerts.path, Page: AdminAlertsPage },
  { path: paths.adminAudit.path, Page: AdminAuditPage },
  { path: paths.adminContributions.path, Page: AdminContributionsPage },
  { path: paths.adminSettings.path, Page: AdminSettingsPage },
  ...informationRoutes,
];

/** The routes a visitor in this sign-in state can open; none while the state is unknown. */
export function routesFor(status: AuthStatus): AppRoute[] {
  if (status === 'signed-in') return [...signedInRoutes, ...alwaysRoutes];
  if (status === 'signed-out') return [...signedOutRoutes, ...alwaysRoutes];
  return [];
}
