/**
 * Every API path the client calls, relative to the `/api` base (SPEC.md section 7 plus the
 * ones DESIGN.md adds). Server routes and client fetchers both read these, so a path
 * cannot drift between them.
 */
export const API_BASE = '/api';

export const apiPaths = {
  health: '/health',
  register: '/auth/local/register',
  sendVerification: '/link-verification/registration',
  verifyCode: '/link-verification/code-register',
  login: '/auth/local',
  logout: '/auth/logout',
  forgotPassword: '/link-verification/forgot-password',
  resetPassword: '/reset-verification/reset-password',
  changePassword: '/auth/local/change-password',
  getInfo: '/getInfo',
  getUpline: '/get-upline',
  accountAddress: (userHash: string) => `/getAccountAddress/${encodeURIComponent(userHash)}`,
  devMailbox: '/dev/mailbox',
  devPrice: '/dev/price',
  notifications: '/notifications',
  notificationsRead: '/notifications/read',
  notificationsStream: '/notifications/stream',
  notificationPreferences: '/notification-preferences',
  priceAlerts: '/price-alerts',
  priceAlert: (id: string) => `/price-alerts/${encodeURIComponent(id)}`,
  applicantAccessToken: '/applicant/access-token',
  applicantStatus: '/applicant/get-status',
  applicantData: '/applicant/get-data',
  applicantHandoff: '/applicant/handoff',
  personalInfo: '/verification/personal-info',
  saveDraftPersonal: '/verification/save-draft-personal',
  getPersonal: '/verification/get-personal',
  isVerify: '/verification/is-verify',
  updatePicture: '/update-picture',
  kycWebhook: '/kyc/webhook',
  /** The sandbox identity provider's own endpoints (its document + selfie screen calls them). */
  sandboxKycApplicant: '/sandbox-kyc/applicant',
  sandboxKycDocuments: '/sandbox-kyc/documents',
  sandboxKycSubmit: '/sandbox-kyc/submit',
  devKycReview: '/dev/kyc/review',
  adminKycApplicants: '/admin/kyc/applicants',
  adminLedgerCheck: '/admin/ledger/check',
  adminSettlement: '/admin/settlement',
  adminReconciliation: '/admin/chain/reconciliation',
  qmgtBalance: '/get-qmgt-balance',
  swapQuote: '/swap/quote',
  swap: '/swap',
  sellToken: '/sell-token',
  transactions: '/transactions',
  transactionDetails: (id: string, type: string) =>
    `/transaction-details/${encodeURIComponent(id)}/${encodeURIComponent(type)}`,
  transactionByCode: (type: string, code: string) =>
    `/transactions/${encodeURIComponent(type)}/${encodeURIComponent(code)}`,
  recentActivities: '/recent-activities-user',
  goldPrice: '/market/gold-price',
  devFaucet: '/dev/faucet',
  explorerTx: (hash: string) => `/explorer/tx/${encodeURIComponent(hash)}`,
  adminKycReview: (applicantId: string) => `/admin/kyc/applicants/${encodeURIComponent(applicantId)}/review`,
  adminKycDocument: (applicantId: string, documentId: string) =>
    `/admin/kyc/applicants/${encodeURIComponent(applicantId)}/documents/${encodeURIComponent(documentId)}`,
  balances: '/balances',
  consultant: (name: string) => `/consultants/${encodeURIComponent(name)}`,
  adminConsultants: '/admin/consultants',
  nominee: '/nominee',
  nomineeDraft: '/nominee/draft',
  adminNominees: '/admin/nominees',
  bankAccounts: '/bank-accounts',
  bankAccountVerify: (id: string) => `/bank-accounts/${encodeURIComponent(id)}/verify`,
  adminBankAccounts: '/admin/bank-accounts',
  adminBankAccountDecision: (id: string, decision: 'approve' | 'reject') =>
    `/admin/bank-accounts/${encodeURIComponent(id)}/${decision}`,
  devBankDeposits: (id: string) => `/dev/bank/${encodeURIComponent(id)}`,
  announcements: '/announcements',
  announcement: (id: string) => `/announcements/${encodeURIComponent(id)}`,
  terms: '/terms',
  termsStatus: '/terms/status',
  termsAccept: '/terms/accept',
  contact: '/contact',
  supportTickets: '/support/tickets',
  supportTicket: (id: string) => `/support/tickets/${encodeURIComponent(id)}`,
  supportTicketReply: (id: string) => `/support/tickets/${encodeURIComponent(id)}/messages`,
  adminAnnouncements: '/admin/announcements',
  adminAnnouncementEdit: (id: string) => `/admin/announcements/${encodeURIComponent(id)}/edit`,
  adminAnnouncementWithdraw: (id: string) => `/admin/announcements/${encodeURIComponent(id)}/withdraw`,
  adminTerms: '/admin/terms',
  adminTickets: '/admin/support/tickets',
  adminTicketReply: (id: string) => `/admin/support/tickets/${encodeURIComponent(id)}/reply`,
  adminTicketClose: (id: string) => `/admin/support/tickets/${encodeURIComponent(id)}/close`,
  gesGroups: '/ges/groups',
  gesGroup: (id: string) => `/ges/groups/${encodeURIComponent(id)}`,
  gesDocument: (id: string) => `/ges/documents/${encodeURIComponent(id)}`,
  gesQuote: (id: string) => `/ges/groups/${encodeURIComponent(id)}/quote`,
  gesJoin: (id: string) => `/ges/groups/${encodeURIComponent(id)}/join`,
  gesPassbookPdf: (id: string) => `/ges/groups/${encodeURIComponent(id)}/passbook.pdf`,
  adminGesGroups: '/admin/ges/groups',
  adminGesGroup: (id: string) => `/admin/ges/groups/${encodeURIComponent(id)}`,
  adminGesGroupClose: (id: string) => `/admin/ges/groups/${encodeURIComponent(id)}/close`,
  adminGesGroupOpen: (id: string) => `/admin/ges/groups/${encodeURIComponent(id)}/open`,
  adminGesAgreement: (id: string) => `/admin/ges/groups/${encodeURIComponent(id)}/agreement`,
  adminGesAgreementFile: (id: string) => `/admin/ges/groups/${encodeURIComponent(id)}/agreement/file`,
  stakingTerms: '/staking/terms',
  stakingPreview: '/staking/preview',
  staking: '/staking',
  stakingPositions: '/staking/positions',
  unstake: (id: string) => `/staking/${encodeURIComponent(id)}/unstake`,
  affiliates: '/affiliates',
  rewards: '/rewards',
  claimToken: '/claim-token',
  tokenReward: '/token-reward',
  sellTokenOnlyVesting: '/sell-token-only-vesting',
  /** GET: the caller's payout requests (POST /token-reward files one). */
  rewardRequests: '/token-reward',
  listAunRequest: '/list-aun-request',
  adminRewardRequestDecision: (id: string, decision: 'approve' | 'reject') =>
    `/admin/reward-requests/${encodeURIComponent(id)}/${decision}`,
  gaePlan: '/gae/plan',
  gaeQuote: '/gae/quote',
  gaePurchase: '/gae/purchase',
  gaeStatement: '/gae/statement',
  gaeStatementPdf: '/gae/statement.pdf',
  annualStatement: '/statements/annual',
  annualStatementPdf: '/statements/annual.pdf',
  annualStatementCsv: '/statements/annual.csv',
  gaeAutoSave: '/gae/auto-save',
  gaeAutoSaveRuns: '/gae/auto-save/runs',
  gaeTerminationPreview: '/gae/termination/preview',
  requestTerminateGae: (planId: string) => `/request-terminate-gae-form/${encodeURIComponent(planId)}`,
  termination: (id: string) => `/terminations/${encodeURIComponent(id)}`,
  terminationWithdraw: (id: string) => `/terminations/${encodeURIComponent(id)}/withdraw`,
  convertQuote: '/convert/quote',
  convert: '/convert',
  requestExternalUsdau: '/request-external-usdau',
  reserves: '/reserves',
  reservesBars: '/reserves/bars',
  reservesAllocation: '/reserves/allocation',
  adminTerminations: '/admin/terminations',
  adminTerminationDecision: (id: string, decision: 'approve' | 'reject') =>
    `/admin/terminations/${encodeURIComponent(id)}/${decision}`,
  adminUsdauRequests: '/admin/usdau-requests',
  adminUsdauDecision: (id: string, decision: 'approve' | 'reject') =>
    `/admin/usdau-requests/${encodeURIComponent(id)}/${decision}`,
  adminVaultBars: '/admin/vault-bars',
  adminVaultBarCorrect: (id: string) => `/admin/vault-bars/${encodeURIComponent(id)}/correct`,
  adminVaultBarWithdraw: (id: string) => `/admin/vault-bars/${encodeURIComponent(id)}/withdraw`,
  paymentQuote: '/payments/quote',
  paymentCheckout: '/payments/checkout',
  payments: '/payments',
  payment: (id: string) => `/payments/${encodeURIComponent(id)}`,
  paymentCancel: (id: string) => `/payments/${encodeURIComponent(id)}/cancel`,
  paymentsWebhook: '/payments/webhook',
  devPayment: (id: string) => `/dev/payments/${encodeURIComponent(id)}`,
  devPaymentComplete: (id: string) => `/dev/payments/${encodeURIComponent(id)}/complete`,
  remitQuote: '/remit/quote',
  remit: '/remit',
  remittances: '/remittances',
  adminPayments: '/admin/payments',
  adminRemittances: '/admin/remittances',
} as const;

/** Client routes whose links the server builds into e-mails. */
export const linkPaths = {
  emailVerification: (token: string) => `/Email-Verification/${token}`,
  changePassword: (token: string) => `/Change-Password/${token}`,
  signIn: () => '/signin',
  signUp: () => '/signup',
  forgotPassword: () => '/forgot-password',
} as const;

/** Timings shared by client and server (SPEC.md section 9, DESIGN.md section 4). */
export const SESSION_IDLE_MS = 15 * 60 * 1000;
export const SESSION_ABSOLUTE_MS = 8 * 60 * 60 * 1000;
export const EMAIL_VERIFICATION_TTL_MS = 24 * 60 * 60 * 1000;
export const PASSWORD_RESET_TTL_MS = 60 * 60 * 1000;
/** SPEC.md section 4: identity status is polled every second while a user id is known. */
export const KYC_STATUS_POLL_MS = 1000;
/** The second-device hand-off token lives this long. */
export const KYC_HANDOFF_TTL_MS = 15 * 60 * 1000;
/** Uploads (pictures, identity documents) larger than this get 413. */
export const UPLOAD_MAX_BYTES = 5 * 1024 * 1024;
/** Public profile pictures are served under this path on the same host (the image base URL). */
export const IMAGE_BASE_PATH = '/uploads/pictures';
