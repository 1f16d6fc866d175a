import { createBrowserRouter, type RouteObject } from 'react-router';
import { paths } from '@/config/paths';
import { GuestOnly } from './guards/guest-only';
import { RequireAuth } from './guards/require-auth';
import { RequireKyc } from './guards/require-kyc';
import { RequireOperator } from './guards/require-operator';
import { RootLayout } from './layout/root-layout';
import { lazyHome } from './routes/home';
import { ScreenError, ScreenLoading, withModuleErrors } from './screen-boundary';

/** The route that holds every screen, below the shell: its pending and error states. */
export const SCREENS_ROUTE_ID = 'screens';

/**
 * Each route module's import, written once: a module that holds several screens (gold, growth,
 * content) is one chunk, and the first load carries its import and the list of chunks it needs
 * once rather than once per screen.
 */
const routeModules = {
  adminKyc: () => import('./routes/admin-kyc'),
  changePassword: () => import('./routes/change-password'),
  compliance: () => import('./routes/compliance'),
  consultant: () => import('./routes/consultant'),
  content: () => import('./routes/content'),
  dashboard: () => import('./routes/dashboard'),
  devMailbox: () => import('./routes/dev-mailbox'),
  emailVerification: () => import('./routes/email-verification'),
  explorerTx: () => import('./routes/explorer-tx'),
  forgotPassword: () => import('./routes/forgot-password'),
  ges: () => import('./routes/ges'),
  gifts: () => import('./routes/gifts'),
  gold: () => import('./routes/gold'),
  growth: () => import('./routes/growth'),
  kycRegistration: () => import('./routes/kyc-registration'),
  kycVerification: () => import('./routes/kyc-verification'),
  myProfile: () => import('./routes/my-profile'),
  notFound: () => import('./routes/not-found'),
  notifications: () => import('./routes/notifications'),
  payments: () => import('./routes/payments'),
  redemptions: () => import('./routes/redemptions'),
  requireSandbox: () => import('./guards/require-sandbox'),
  requireUpline: () => import('./guards/require-upline'),
  sampleBalance: () => import('./routes/sample-balance'),
  signIn: () => import('./routes/sign-in'),
  signUp: () => import('./routes/sign-up'),
  statements: () => import('./routes/statements'),
  transactionDetails: () => import('./routes/transaction-details'),
  transactions: () => import('./routes/transactions'),
  usdau: () => import('./routes/usdau'),
};

/**
 * Every route of SPEC.md section 2 in one table. Matching is case-insensitive (react-router's
 * default), so the sidebar's /Staking and /GES land on /staking and /ges.
 *
 * Each screen is a route module of its own chunk, named by the route's `lazy` (react-router's
 * route splitting): the router imports it when a visit opens on it or navigates to it, and
 * app/prefetch-on-intent.ts as soon as a link to it shows intent. The sandbox and upline guards
 * ask the API for a zod-checked answer: they are lazy too, so zod is not in every first load,
 * and load alongside the screen they guard. A screen's own errors keep react-router's default
 * screen, the specified 'Unexpected Application Error!' (app/screen-boundary.tsx).
 */
export const appRoutes: RouteObject[] = withModuleErrors([
  {
    path: paths.home.pattern,
    element: <RootLayout />,
    children: [
      {
        // Every screen: its pending state while the router loads its modules on a first visit
        // (a navigation keeps the screen shown and RootLayout shows that it is loading), and the
        // error element for a module that did not load.
        id: SCREENS_ROUTE_ID,
        HydrateFallback: ScreenLoading,
        ErrorBoundary: ScreenError,
        children: [
          // Guests get the public landing, signed-in clients the swap screen.
          { index: true, lazy: lazyHome },

          // Public only: a signed-in client is sent to /.
          {
            element: <GuestOnly />,
            children: [
              {
                path: paths.signIn.pattern,
                lazy: async () => ({ Component: (await routeModules.signIn()).SignInRoute }),
              },
              {
                path: paths.signUp.pattern,
                lazy: async () => ({ Component: (await routeModules.signUp()).SignUpRoute }),
              },
              {
                path: paths.register.pattern,
                lazy: async () => ({ Component: (await routeModules.signUp()).SignUpRoute }),
              },
            ],
          },

          // Listed for guests and signed-in clients alike.
          {
            path: paths.emailVerification.pattern,
            lazy: async () => ({ Component: (await routeModules.emailVerification()).EmailVerificationRoute }),
          },
          {
            path: paths.changePassword.pattern,
            lazy: async () => ({ Component: (await routeModules.changePassword()).ChangePasswordRoute }),
          },
          {
            path: paths.forgotPassword.pattern,
            lazy: async () => ({ Component: (await routeModules.forgotPassword()).ForgotPasswordRoute }),
          },
          // The signed-in client's identity check, or a second device's with a hand-off `uid`.
          {
            path: paths.kycVerification.pattern,
            lazy: async () => ({ Component: (await routeModules.kycVerification()).KycVerificationRoute }),
          },
          {
            path: paths.contactUs.pattern,
            lazy: async () => ({ Component: (await routeModules.content()).ContactUsRoute }),
          },
          {
            path: paths.termConditions.pattern,
            lazy: async () => ({ Component: (await routeModules.content()).TermsRoute }),
          },
          {
            path: paths.announcements.pattern,
            lazy: async () => ({ Component: (await routeModules.content()).AnnouncementsRoute }),
          },
          {
            path: paths.announcement.pattern,
            lazy: async () => ({ Component: (await routeModules.content()).AnnouncementRoute }),
          },
          // A transaction belongs to an account: guests are asked to log in there.
          {
            path: paths.transactionDetails.pattern,
            lazy: async () => ({ Component: (await routeModules.transactionDetails()).TransactionDetailsRoute }),
          },
          // The built-in block explorer of the local chain, where explorer links lead.
          {
            path: paths.explorerTx.pattern,
            lazy: async () => ({ Component: (await routeModules.explorerTx()).ExplorerTxRoute }),
          },
          {
            path: paths.support.pattern,
            lazy: async () => ({ Component: (await routeModules.content()).SupportRoute }),
          },
          // A consultant's page brings people without an account to sign up with their referral.
          {
            path: paths.consultant.pattern,
            lazy: async () => ({ Component: (await routeModules.consultant()).ConsultantRoute }),
          },
          {
            path: paths.proofOfReserves.pattern,
            lazy: async () => ({ Component: (await routeModules.gold()).ProofOfReservesRoute }),
          },
          {
            path: paths.test.pattern,
            lazy: async () => ({ Component: (await routeModules.sampleBalance()).SampleBalanceRoute }),
          },
          // Sandbox mode only (the dev mailbox, the fake checkout); a 404 elsewhere.
          {
            lazy: async () => ({ Component: (await routeModules.requireSandbox()).RequireSandbox }),
            children: [
              {
                path: paths.devMailbox.pattern,
                lazy: async () => ({ Component: (await routeModules.devMailbox()).DevMailboxRoute }),
              },
              {
                path: paths.sandboxCheckout.pattern,
                lazy: async () => ({ Component: (await routeModules.payments()).SandboxCheckoutRoute }),
              },
            ],
          },

          // Private: guests are sent to /signin.
          {
            element: <RequireAuth />,
            children: [
              {
                path: paths.nominee.pattern,
                lazy: async () => ({ Component: (await routeModules.compliance()).NomineeRoute }),
              },
              {
                path: paths.notifications.pattern,
                lazy: async () => ({ Component: (await routeModules.notifications()).NotificationsRoute }),
              },
              {
                path: paths.payment.pattern,
                lazy: async () => ({ Component: (await routeModules.payments()).SpendToSaveRoute }),
              },
              {
                path: paths.paymentSuccess.pattern,
                lazy: async () => ({ Component: (await routeModules.payments()).PaymentSuccessRoute }),
              },
              {
                path: paths.gesGroup.pattern,
                lazy: async () => ({ Component: (await routeModules.ges()).GesGroupRoute }),
              },
              {
                path: paths.gesJoin.pattern,
                lazy: async () => ({ Component: (await routeModules.ges()).GesJoinRoute }),
              },
              {
                path: paths.terminationSummary.pattern,
                lazy: async () => ({ Component: (await routeModules.gold()).TerminationSummaryRoute }),
              },
              {
                path: paths.termination.pattern,
                lazy: async () => ({ Component: (await routeModules.gold()).TerminationRoute }),
              },
              {
                path: paths.pdf.pattern,
                lazy: async () => ({ Component: (await routeModules.gold()).StatementPdfRoute }),
              },
              {
                path: paths.gaeAccountStatement.pattern,
                lazy: async () => ({ Component: (await routeModules.gold()).GaeStatementRoute }),
              },
              {
                path: paths.annualStatement.pattern,
                lazy: async () => ({ Component: (await routeModules.statements()).AnnualStatementRoute }),
              },
              {
                path: paths.gaePurchase.pattern,
                lazy: async () => ({ Component: (await routeModules.gold()).GaePlanRoute }),
              },
              {
                path: paths.myBars.pattern,
                lazy: async () => ({ Component: (await routeModules.gold()).MyBarsRoute }),
              },
              {
                path: paths.purchaseGae.pattern,
                lazy: async () => {
                  const { PurchaseGaeRoute } = await routeModules.gold();
                  return { element: <PurchaseGaeRoute kind="GAE" /> };
                },
              },
              {
                path: paths.purchaseGaeExtra.pattern,
                lazy: async () => {
                  const { PurchaseGaeRoute } = await routeModules.gold();
                  return { element: <PurchaseGaeRoute kind="GAEX" /> };
                },
              },
              {
                path: paths.registrationStep.pattern,
                lazy: async () => ({ Component: (await routeModules.kycRegistration()).KycRegistrationRoute }),
              },
              {
                path: paths.remitToSave.pattern,
                lazy: async () => ({ Component: (await routeModules.payments()).RemitToSaveRoute }),
              },
              {
                path: paths.gifts.pattern,
                lazy: async () => ({ Component: (await routeModules.gifts()).GiftsRoute }),
              },

              // Back office: the operator role only (DESIGN.md section 5); KYC is not required.
              {
                element: <RequireOperator />,
                children: [
                  {
                    path: paths.rewardRequests.pattern,
                    lazy: async () => ({ Component: (await routeModules.growth()).RewardRequestsRoute }),
                  },
                  {
                    path: paths.adminKyc.pattern,
                    lazy: async () => ({ Component: (await routeModules.adminKyc()).AdminKycRoute }),
                  },
                  {
                    path: paths.adminTerminations.pattern,
                    lazy: async () => ({ Component: (await routeModules.gold()).AdminTerminationsRoute }),
                  },
                  {
                    path: paths.adminConsultants.pattern,
                    lazy: async () => ({ Component: (await routeModules.growth()).AdminConsultantsRoute }),
                  },
                  {
                    path: paths.adminUsdauRequests.pattern,
                    lazy: async () => ({ Component: (await routeModules.usdau()).AdminUsdauRoute }),
                  },
                  {
                    path: paths.adminVaultBars.pattern,
                    lazy: async () => ({ Component: (await routeModules.gold()).AdminVaultBarsRoute }),
                  },
                  {
                    path: paths.adminRedemptions.pattern,
                    lazy: async () => ({ Component: (await routeModules.redemptions()).AdminRedemptionsRoute }),
                  },
                  {
                    path: paths.adminGes.pattern,
                    lazy: async () => ({ Component: (await routeModules.ges()).AdminGesRoute }),
                  },
                  {
                    path: paths.adminContent.pattern,
                    lazy: async () => ({ Component: (await routeModules.content()).AdminContentRoute }),
                  },
                  {
                    path: paths.adminCompliance.pattern,
                    lazy: async () => ({ Component: (await routeModules.compliance()).AdminComplianceRoute }),
                  },
                  {
                    path: paths.adminPayments.pattern,
                    lazy: async () => ({ Component: (await routeModules.payments()).AdminPaymentsRoute }),
                  },
                ],
              },

              // Only with an upline; also reached as /Staking.
              {
                lazy: async () => ({ Component: (await routeModules.requireUpline()).RequireUpline }),
                children: [
                  {
                    path: paths.staking.pattern,
                    lazy: async () => ({ Component: (await routeModules.growth()).StakingRoute }),
                  },
                ],
              },

              // KYC verified: nothing renders otherwise.
              {
                element: <RequireKyc />,
                children: [
                  {
                    path: paths.dashboard.pattern,
                    lazy: async () => ({ Component: (await routeModules.dashboard()).DashboardRoute }),
                  },
                  // Also reached as /GES.
                  {
                    path: paths.ges.pattern,
                    lazy: async () => ({ Component: (await routeModules.ges()).GesRoute }),
                  },
                  {
                    path: paths.bankVerification.pattern,
                    lazy: async () => ({ Component: (await routeModules.compliance()).BankVerificationRoute }),
                  },
                  {
                    path: paths.transactions.pattern,
                    lazy: async () => {
                      const { TransactionsRoute } = await routeModules.transactions();
                      return { element: <TransactionsRoute title="Transactions" label="All transactions" /> };
                    },
                  },
                  {
                    path: paths.transactionsBuySell.pattern,
                    lazy: async () => ({ Component: (await routeModules.transactions()).QmgtTransactionsRoute }),
                  },
                  {
                    path: paths.transactionsConvert.pattern,
                    lazy: async () => ({ Component: (await routeModules.gold()).ConvertRoute }),
                  },
                  {
                    path: paths.transactionsGae.pattern,
                    lazy: async () => ({ Component: (await routeModules.transactions()).GaeTransactionsRoute }),
                  },
                  {
                    path: paths.transactionsGaex.pattern,
                    lazy: async () => {
                      const { TransactionsRoute } = await routeModules.transactions();
                      return {
                        element: <TransactionsRoute title="GAEX Transactions" type="GAEX" label="GAEX transactions" />,
                      };
                    },
                  },
                  {
                    path: paths.requestExternalUsdau.pattern,
                    lazy: async () => ({ Component: (await routeModules.usdau()).UsdauRequestRoute }),
                  },
                  {
                    path: paths.redemptions.pattern,
                    lazy: async () => ({ Component: (await routeModules.redemptions()).RedemptionsRoute }),
                  },
                  {
                    path: paths.transaction.pattern,
                    lazy: async () => ({
                      Component: (await routeModules.transactionDetails()).TransactionByCodeRoute,
                    }),
                  },
                  {
                    path: paths.myProfile.pattern,
                    lazy: async () => ({ Component: (await routeModules.myProfile()).MyProfileRoute }),
                  },
                  {
                    path: paths.myAffiliates.pattern,
                    lazy: async () => ({ Component: (await routeModules.growth()).AffiliatesRoute }),
                  },
                  {
                    path: paths.myRewardCenter.pattern,
                    lazy: async () => ({ Component: (await routeModules.growth()).RewardCenterRoute }),
                  },
                ],
              },
            ],
          },

          { path: '*', lazy: async () => ({ Component: (await routeModules.notFound()).NotFound }) },
        ],
      },
    ],
  },
]);

export const createAppRouter = () => createBrowserRouter(appRoutes);

/**
 * Settles once the router has loaded the modules of the screen it opened on (or failed to): main.tsx
 * renders then, so the first screen paints whole rather than as the pending state first.
 */
export function whenRouterReady(router: ReturnType<typeof createBrowserRouter>): Promise<void> {
  return new Promise((resolve) => {
    if (router.state.initialized) return resolve();
    const unsubscribe = router.subscribe((state) => {
      if (!state.initialized) return;
      unsubscribe();
      resolve();
    });
  });
}
