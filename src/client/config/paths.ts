// Every route path of the client (docs/product/screens.md) and an href builder for each. Components link with
// `paths.x.href(...)`; the router matches on `paths.x.path`.

function withParam(template: string, name: string, value: string | number): string {
  return template.replace(`:${name}`, encodeURIComponent(String(value)));
}

/** The landing page's feature cards: the footer's "Features" for visitors (/trending is signed-in only). */
export const FEATURES_SECTION_ID = 'features';

export const paths = {
  home: { path: '/', href: () => '/' },

  // Signed-out only
  login: {
    path: '/auth/login',
    href: (redirectTo?: string) =>
      redirectTo ? `/auth/login?redirectTo=${encodeURIComponent(redirectTo)}` : '/auth/login',
  },
  register: { path: '/auth/register', href: () => '/auth/register' },
  authForgotPassword: { path: '/auth/forgot-password', href: () => '/auth/forgot-password' },
  authResetPassword: {
    path: '/auth/reset-password',
    href: (token?: string) =>
      token ? `/auth/reset-password?token=${encodeURIComponent(token)}` : '/auth/reset-password',
  },
  forgotPassword: { path: '/forgot-password', href: () => '/forgot-password' },
  resetPassword: {
    path: '/reset-password',
    href: (token?: string) => (token ? `/reset-password?token=${encodeURIComponent(token)}` : '/reset-password'),
  },

  // Both sets (public information)
  pricing: { path: '/pricing', href: () => '/pricing' },
  about: { path: '/about', href: () => '/about' },
  help: { path: '/help', href: () => '/help' },
  privacy: { path: '/privacy', href: () => '/privacy' },
  terms: { path: '/terms', href: () => '/terms' },

  // Always available
  /** An invitation link: the token rides in the fragment (never sent to a server or a Referer). */
  teamJoin: { path: '/teams/join', href: () => '/teams/join' },
  /** A notification e-mail's unsubscribe link: the signed token rides in the fragment. */
  unsubscribe: { path: '/unsubscribe', href: () => '/unsubscribe' },
  /** A registration e-mail's link (docs/decisions/034): the token rides in the fragment. */
  confirmEmail: { path: '/auth/confirm-email', href: () => '/auth/confirm-email' },
  share: { path: '/share/:token', href: (token: string) => withParam('/share/:token', 'token', token) },

  // Signed-in only
  search: { path: '/search/:id', href: (id: number | string) => withParam('/search/:id', 'id', id) },
  searchResult: {
    path: '/search-result/:id',
    href: (id: number | string) => withParam('/search-result/:id', 'id', id),
  },
  saved: { path: '/saved', href: () => '/saved' },
  history: { path: '/history', href: () => '/history' },
  trending: { path: '/trending', href: () => '/trending' },
  bookmarks: { path: '/bookmarks', href: () => '/bookmarks' },
  contributions: { path: '/contributions', href: () => '/contributions' },
  resources: { path: '/resources', href: () => '/resources' },
  resource: { path: '/resources/:id', href: (id: number | string) => withParam('/resources/:id', 'id', id) },
  subscribe: { path: '/subscribe', href: () => '/subscribe' },
  freeTrial: { path: '/free-trial', href: () => '/free-trial' },
  validateIdea: {
    path: '/validate-idea',
    /** `from`: a search result to start from; `idea`: one idea's results; `compare`: two ideas side by side. */
    href: (view?: { from?: number; idea?: number; compare?: readonly [number, number] }) => {
      const q = new URLSearchParams();
      if (view?.from !== undefined) q.set('from', String(view.from));
      if (view?.idea !== undefined) q.set('idea', String(view.idea));
      if (view?.compare) q.set('compare', view.compare.join(','));
      const query = q.toString();
      return query ? `/validate-idea?${query}` : '/validate-idea';
    },
  },
  actionPlan: {
    path: '/action-plan',
    /** `plan`: the plan to open; `from` / `idea`: the opportunity or idea a user without Pro wanted a plan for. */
    href: (query: { plan?: number; from?: number; idea?: number } = {}) => {
      const params = new URLSearchParams();
      if (query.plan) params.set('plan', String(query.plan));
      if (query.from) params.set('from', String(query.from));
      if (query.idea) params.set('idea', String(query.idea));
      const search = params.toString();
      return search ? `/action-plan?${search}` : '/action-plan';
    },
  },
  marketResearch: {
    path: '/market-research',
    /** `market`: the form's pre-filled market; `from`: the analysis the report starts from (it links back). */
    href: (start?: { market: string; from?: number }) =>
      start
        ? `/market-research?${new URLSearchParams({ market: start.market, ...(start.from ? { from: String(start.from) } : {}) }).toString()}`
        : '/market-research',
  },
  marketTrends: { path: '/market-trends', href: () => '/market-trends' },
  analytics: { path: '/analytics', href: () => '/analytics' },
  documentation: { path: '/documentation', href: () => '/documentation' },
  apiReference: { path: '/documentation/api', href: () => '/documentation/api' },
  teams: { path: '/teams', href: () => '/teams' },
  team: { path: '/teams/:id', href: (id: number | string) => withParam('/teams/:id', 'id', id) },
  /** What others shared with me through a team (issue 18); not the public /share/:token links. */
  sharedWithMe: { path: '/shared', href: () => '/shared' },
  sharedAnalysis: {
    path: '/shared/analyses/:id',
    href: (id: number | string) => withParam('/shared/analyses/:id', 'id', id),
  },
  sharedIdea: { path: '/shared/ideas/:id', href: (id: number | string) => withParam('/shared/ideas/:id', 'id', id) },
  /** `section` opens the page scrolled to that section (the notification bell's "E-mail settings"). */
  account: { path: '/account', href: (section?: 'notifications') => (section ? `/account#${section}` : '/account') },
  profileEdit: { path: '/profile-edit', href: () => '/profile-edit' },
  changePassword: { path: '/change-password', href: () => '/change-password' },
  profile: { path: '/profile', href: () => '/profile' },
  subscriptionSuccess: { path: '/subscription/success', href: () => '/subscription/success' },

  // Admin console (admins only; others see the not-found page)
  admin: { path: '/admin', href: () => '/admin' },
  adminFlags: { path: '/admin/flags', href: () => '/admin/flags' },
  adminAlerts: { path: '/admin/alerts', href: () => '/admin/alerts' },
  adminAudit: { path: '/admin/audit', href: () => '/admin/audit' },
  adminContributions: { path: '/admin/contributions', href: () => '/admin/contributions' },
  adminSettings: { path: '/admin/settings', href: () => '/admin/settings' },

  // Navigation targets outside the route lists (docs/product/screens.md);
  // the issues that own them add their routes.
  billing: { path: '/billing', href: () => '/billing' },
  demoCheckout: {
    path: '/billing/demo-checkout/:sessionId',
    href: (sessionId: string) => withParam('/billing/demo-checkout/:sessionId', 'sessionId', sessionId),
  },
  contact: { path: '/contact', href: () => '/contact' },
  /** With the search query (`q`) or research market (`market`) the quota stopped, kept for after the upgrade or trial (issue 29). */
  upgrade: {
    path: '/auth/upgrade',
    href: (kept: { q?: string; market?: string } = {}) => {
      if (kept.q) return `/auth/upgrade?q=${encodeURIComponent(kept.q)}`;
      return kept.market ? `/auth/upgrade?market=${encodeURIComponent(kept.market)}` : '/auth/upgrade';
    },
  },
} as const;
