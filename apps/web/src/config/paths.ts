/**
 * Every client route of SPEC.md section 2. `pattern` is what the router matches (react-router
 * syntax); `to(...)` builds a link. Paths keep the specification's spelling, capitals included,
 * because e-mails and bookmarks carry them. React-router matches case-insensitively, so the
 * sidebar's /Staking and /GES reach the /staking and /ges screens without separate routes.
 */
const fixed = <P extends string>(pattern: P) => ({ pattern, to: () => pattern });

export const paths = {
  home: fixed('/'),

  // Public (also reachable signed in where SPEC.md lists them in both tables)
  signIn: fixed('/signin'),
  signUp: fixed('/signup'),
  register: {
    pattern: '/register',
    to: (ref?: string) => (ref ? `/register?ref=${encodeURIComponent(ref)}` : '/register'),
  },
  emailVerification: {
    pattern: '/Email-Verification/:token?',
    to: (token?: string) => (token ? `/Email-Verification/${encodeURIComponent(token)}` : '/Email-Verification'),
  },
  changePassword: {
    pattern: '/Change-Password/:resetToken?',
    to: (resetToken?: string) =>
      resetToken ? `/Change-Password/${encodeURIComponent(resetToken)}` : '/Change-Password',
  },
  forgotPassword: fixed('/forgot-password'),
  kycVerification: fixed('/kyc-verification'),
  contactUs: fixed('/contact-us'),
  termConditions: fixed('/term-conditions'),
  announcements: fixed('/Announcements'),
  announcement: {
    pattern: '/Announcements/:id',
    to: (id: string) => `/Announcements/${encodeURIComponent(id)}`,
  },
  transactionDetails: {
    pattern: '/transaction-details/:id/:transactionType',
    to: (id: string, transactionType: string) =>
      `/transaction-details/${encodeURIComponent(id)}/${encodeURIComponent(transactionType)}`,
  },
  /** Linked from the header's profile menu (SPEC.md section 2). */
  support: fixed('/support'),

  // Private
  dashboard: fixed('/dashboard'),
  /** Every notification (the bell shows the latest). */
  notifications: fixed('/notifications'),
  nominee: fixed('/nominee'),
  staking: fixed('/staking'),
  /** The sidebar's spelling of the staking link; the router matches it to `staking`. */
  stakingNav: fixed('/Staking'),
  consultant: {
    pattern: '/Consultant/:name',
    to: (name: string) => `/Consultant/${encodeURIComponent(name)}`,
  },
  payment: fixed('/payment'),
  paymentSuccess: fixed('/payment-success'),
  ges: fixed('/ges'),
  /** The sidebar's spelling of the GES (GDS) link; the router matches it to `ges`. */
  gesNav: fixed('/GES'),
  gesGroup: {
    pattern: '/GES/:groupId/:groupName/:documentId',
    to: (groupId: string, groupName: string, documentId: string) =>
      `/GES/${encodeURIComponent(groupId)}/${encodeURIComponent(groupName)}/${encodeURIComponent(documentId)}`,
  },
  gesJoin: {
    pattern: '/GES/:groupId/:documentId',
    to: (groupId: string, documentId: string) =>
      `/GES/${encodeURIComponent(groupId)}/${encodeURIComponent(documentId)}`,
  },
  bankVerification: fixed('/BankVerification'),
  terminationSummary: {
    pattern: '/termination-summary/:id',
    to: (id: string) => `/termination-summary/${encodeURIComponent(id)}`,
  },
  termination: fixed('/termination'),
  pdf: fixed('/pdf'),
  gaeAccountStatement: fixed('/GAE/Account-Statement'),
  /** The annual statement (DESIGN.md section 11); `?year=` picks the year. */
  annualStatement: {
    pattern: '/statements',
    to: (year?: number) => (year ? `/statements?year=${year}` : '/statements'),
  },
  gaePurchase: fixed('/GAE/Purchase'),
  rewardRequests: fixed('/reward-requests'),
  transactions: fixed('/transactions'),
  transactionsBuySell: fixed('/transactions-buysell'),
  transactionsConvert: fixed('/transactions-convert'),
  transactionsGae: fixed('/transactions-gae'),
  transactionsGaex: fixed('/transactions-gaex'),
  requestExternalUsdau: fixed('/request-external-usdau'),
  redemptions: fixed('/redemptions'),
  transaction: {
    pattern: '/transactions/:transactionType/:transactionCode',
    to: (transactionType: string, transactionCode: string) =>
      `/transactions/${encodeURIComponent(transactionType)}/${encodeURIComponent(transactionCode)}`,
  },
  myProfile: fixed('/My-Profile'),
  purchaseGae: fixed('/purchase-gae'),
  purchaseGaeExtra: fixed('/purchase-gae-extra'),
  myAffiliates: fixed('/My-Affiliates'),
  myRewardCenter: fixed('/My-Reward-Center'),
  registrationStep: {
    pattern: '/Registration/:step',
    to: (step: string | number) => `/Registration/${encodeURIComponent(String(step))}`,
  },
  remitToSave: fixed('/remit-to-save'),
  gifts: fixed('/gifts'),

  // Back office (operator role only, DESIGN.md section 5)
  adminKyc: fixed('/admin/kyc'),
  adminTerminations: fixed('/admin/terminations'),
  adminConsultants: fixed('/admin/consultants'),
  adminUsdauRequests: fixed('/admin/usdau-requests'),
  adminVaultBars: fixed('/admin/vault-bars'),
  adminRedemptions: fixed('/admin/redemptions'),
  adminGes: fixed('/admin/ges'),
  adminContent: fixed('/admin/content'),
  adminCompliance: fixed('/admin/compliance'),
  adminPayments: fixed('/admin/payments'),

  // Other
  /** The public proof of reserves (DESIGN.md section 9). */
  proofOfReserves: fixed('/proof-of-reserves'),
  /** Signed in: the vault bars behind the customer's grams (decision 023). */
  myBars: fixed('/proof-of-reserves/my-bars'),
  test: fixed('/test'),
  /** Sandbox only: the embedded mail service's inbox (DESIGN.md section 1). */
  devMailbox: fixed('/dev/mailbox'),
  /** The sandbox payment gateway's checkout page (Stripe Checkout's stand-in on this machine). */
  sandboxCheckout: {
    pattern: '/sandbox-checkout/:sessionId',
    to: (sessionId: string) => `/sandbox-checkout/${encodeURIComponent(sessionId)}`,
  },
  /** The built-in block explorer of the local chain (DESIGN.md section 1), public. */
  explorerTx: {
    pattern: '/explorer/tx/:hash',
    to: (hash: string) => `/explorer/tx/${encodeURIComponent(hash)}`,
  },
} as const;
