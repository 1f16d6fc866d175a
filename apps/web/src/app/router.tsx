import { createBrowserRouter, type RouteObject } from 'react-router';
import { paths } from '@/config/paths';
import { GuestOnly } from './guards/guest-only';
import { RequireAuth } from './guards/require-auth';
import { RequireKyc } from './guards/require-kyc';
import { RequireOperator } from './guards/require-operator';
import { lazyScreen } from './lazy-screen';
import { RootLayout } from './layout/root-layout';
import { Home } from './routes/home';

/*
 * Every screen is its own chunk, loaded when its route renders or a link to it shows intent
 * (issue 14: the first load carried every route). The table below reads as before.
 */
// Two guards ask the API (with a zod-checked answer) before they render: chunks of their own,
// so zod is not in the first load of every screen. A path's guards load with its screen.
const RequireSandbox = lazyScreen(
  () => import('./guards/require-sandbox'),
  (m) => m.RequireSandbox,
);
const RequireUpline = lazyScreen(
  () => import('./guards/require-upline'),
  (m) => m.RequireUpline,
);
const AdminComplianceRoute = lazyScreen(
  () => import('./routes/compliance'),
  (m) => m.AdminComplianceRoute,
);
const AdminConsultantsRoute = lazyScreen(
  () => import('./routes/growth'),
  (m) => m.AdminConsultantsRoute,
);
const AdminContentRoute = lazyScreen(
  () => import('./routes/content'),
  (m) => m.AdminContentRoute,
);
const AdminGesRoute = lazyScreen(
  () => import('./routes/ges'),
  (m) => m.AdminGesRoute,
);
const AdminKycRoute = lazyScreen(
  () => import('./routes/admin-kyc'),
  (m) => m.AdminKycRoute,
);
const AdminTerminationsRoute = lazyScreen(
  () => import('./routes/gold'),
  (m) => m.AdminTerminationsRoute,
);
const AdminUsdauRoute = lazyScreen(
  () => import('./routes/usdau'),
  (m) => m.AdminUsdauRoute,
);
const AdminRedemptionsRoute = lazyScreen(
  () => import('./routes/redemptions'),
  (m) => m.AdminRedemptionsRoute,
);
const RedemptionsRoute = lazyScreen(
  () => import('./routes/redemptions'),
  (m) => m.RedemptionsRoute,
);
const AdminVaultBarsRoute = lazyScreen(
  () => import('./routes/gold'),
  (m) => m.AdminVaultBarsRoute,
);
const AffiliatesRoute = lazyScreen(
  () => import('./routes/growth'),
  (m) => m.AffiliatesRoute,
);
const AnnouncementRoute = lazyScreen(
  () => import('./routes/content'),
  (m) => m.AnnouncementRoute,
);
const AnnouncementsRoute = lazyScreen(
  () => import('./routes/content'),
  (m) => m.AnnouncementsRoute,
);
const BankVerificationRoute = lazyScreen(
  () => import('./routes/compliance'),
  (m) => m.BankVerificationRoute,
);
const ChangePasswordRoute = lazyScreen(
  () => import('./routes/change-password'),
  (m) => m.ChangePasswordRoute,
);
const ConsultantRoute = lazyScreen(
  () => import('./routes/consultant'),
  (m) => m.ConsultantRoute,
);
const ContactUsRoute = lazyScreen(
  () => import('./routes/content'),
  (m) => m.ContactUsRoute,
);
const ConvertRoute = lazyScreen(
  () => import('./routes/gold'),
  (m) => m.ConvertRoute,
);
const DashboardRoute = lazyScreen(
  () => import('./routes/dashboard'),
  (m) => m.DashboardRoute,
);
const DevMailboxRoute = lazyScreen(
  () => import('./routes/dev-mailbox'),
  (m) => m.DevMailboxRoute,
);
const EmailVerificationRoute = lazyScreen(
  () => import('./routes/email-verification'),
  (m) => m.EmailVerificationRoute,
);
const ExplorerTxRoute = lazyScreen(
  () => import('./routes/explorer-tx'),
  (m) => m.ExplorerTxRoute,
);
const ForgotPasswordRoute = lazyScreen(
  () => import('./routes/forgot-password'),
  (m) => m.ForgotPasswordRoute,
);
const GaePlanRoute = lazyScreen(
  () => import('./routes/gold'),
  (m) => m.GaePlanRoute,
);
const GaeStatementRoute = lazyScreen(
  () => import('./routes/gold'),
  (m) => m.GaeStatementRoute,
);
const GesGroupRoute = lazyScreen(
  () => import('./routes/ges'),
  (m) => m.GesGroupRoute,
);
const GesJoinRoute = lazyScreen(
  () => import('./routes/ges'),
  (m) => m.GesJoinRoute,
);
const GesRoute = lazyScreen(
  () => import('./routes/ges'),
  (m) => m.GesRoute,
);
const KycRegistrationRoute = lazyScreen(
  () => import('./routes/kyc-registration'),
  (m) => m.KycRegistrationRoute,
);
const KycVerificationRoute = lazyScreen(
  () => import('./routes/kyc-verification'),
  (m) => m.KycVerificationRoute,
);
const NotificationsRoute = lazyScreen(
  () => import('./routes/notifications'),
  (m) => m.NotificationsRoute,
);
const MyProfileRoute = lazyScreen(
  () => import('./routes/my-profile'),
  (m) => m.MyProfileRoute,
);
const NomineeRoute = lazyScreen(
  () => import('./routes/compliance'),
  (m) => m.NomineeRoute,
);
const NotFound = lazyScreen(
  () => import('./routes/not-found'),
  (m) => m.NotFound,
);
const ProofOfReservesRoute = lazyScreen(
  () => import('./routes/gold'),
  (m) => m.ProofOfReservesRoute,
);
const MyBarsRoute = lazyScreen(
  () => import('./routes/gold'),
  (m) => m.MyBarsRoute,
);
const PurchaseGaeRoute = lazyScreen(
  () => import('./routes/gold'),
  (m) => m.PurchaseGaeRoute,
);
const GaeTransactionsRoute = lazyScreen(
  () => import('./routes/transactions'),
  (m) => m.GaeTransactionsRoute,
);
const QmgtTransactionsRoute = lazyScreen(
  () => import('./routes/transactions'),
  (m) => m.QmgtTransactionsRoute,
);
const RewardCenterRoute = lazyScreen(
  () => import('./routes/growth'),
  (m) => m.RewardCenterRoute,
);
const RewardRequestsRoute = lazyScreen(
  () => import('./routes/growth'),
  (m) => m.RewardRequestsRoute,
);
const SampleBalanceRoute = lazyScreen(
  () => import('./routes/sample-balance'),
  (m) => m.SampleBalanceRoute,
);
const SignInRoute = lazyScreen(
  () => import('./routes/sign-in'),
  (m) => m.SignInRoute,
);
const SignUpRoute = lazyScreen(
  () => import('./routes/sign-up'),
  (m) => m.SignUpRoute,
);
const StakingRoute = lazyScreen(
  () => import('./routes/growth'),
  (m) => m.StakingRoute,
);
const AnnualStatementRoute = lazyScreen(
  () => import('./routes/statements'),
  (m) => m.AnnualStatementRoute,
);
const StatementPdfRoute = lazyScreen(
  () => import('./routes/gold'),
  (m) => m.StatementPdfRoute,
);
const SupportRoute = lazyScreen(
  () => import('./routes/content'),
  (m) => m.SupportRoute,
);
const TerminationRoute = lazyScreen(
  () => import('./routes/gold'),
  (m) => m.TerminationRoute,
);
const TerminationSummaryRoute = lazyScreen(
  () => import('./routes/gold'),
  (m) => m.TerminationSummaryRoute,
);
const TermsRoute = lazyScreen(
  () => import('./routes/content'),
  (m) => m.TermsRoute,
);
const TransactionByCodeRoute = lazyScreen(
  () => import('./routes/transaction-details'),
  (m) => m.TransactionByCodeRoute,
);
const TransactionDetailsRoute = lazyScreen(
  () => import('./routes/transaction-details'),
  (m) => m.TransactionDetailsRoute,
);
const TransactionsRoute = lazyScreen(
  () => import('./routes/transactions'),
  (m) => m.TransactionsRoute,
);
const UsdauRequestRoute = lazyScreen(
  () => import('./routes/usdau'),
  (m) => m.UsdauRequestRoute,
);
const AdminPaymentsRoute = lazyScreen(
  () => import('./routes/payments'),
  (m) => m.AdminPaymentsRoute,
);
const PaymentSuccessRoute = lazyScreen(
  () => import('./routes/payments'),
  (m) => m.PaymentSuccessRoute,
);
const GiftsRoute = lazyScreen(
  () => import('./routes/gifts'),
  (m) => m.GiftsRoute,
);
const RemitToSaveRoute = lazyScreen(
  () => import('./routes/payments'),
  (m) => m.RemitToSaveRoute,
);
const SandboxCheckoutRoute = lazyScreen(
  () => import('./routes/payments'),
  (m) => m.SandboxCheckoutRoute,
);
const SpendToSaveRoute = lazyScreen(
  () => import('./routes/payments'),
  (m) => m.SpendToSaveRoute,
);

/**
 * Every route of SPEC.md section 2 in one table. Matching is case-insensitive (react-router's
 * default), so the sidebar's /Staking and /GES land on /staking and /ges. No errorElement:
 * react-router's default screen is the specified 'Unexpected Application Error!'.
 */
export const appRoutes: RouteObject[] = [
  {
    path: paths.home.pattern,
    element: <RootLayout />,
    children: [
      // Guests get the public landing, signed-in clients the swap screen.
      { index: true, element: <Home /> },

      // Public only: a signed-in client is sent to /.
      {
        element: <GuestOnly />,
        children: [
          { path: paths.signIn.pattern, element: <SignInRoute /> },
          { path: paths.signUp.pattern, element: <SignUpRoute /> },
          { path: paths.register.pattern, element: <SignUpRoute /> },
        ],
      },

      // Listed for guests and signed-in clients alike.
      { path: paths.emailVerification.pattern, element: <EmailVerificationRoute /> },
      { path: paths.changePassword.pattern, element: <ChangePasswordRoute /> },
      { path: paths.forgotPassword.pattern, element: <ForgotPasswordRoute /> },
      // The signed-in client's identity check, or a second device's with a hand-off `uid`.
      { path: paths.kycVerification.pattern, element: <KycVerificationRoute /> },
      { path: paths.contactUs.pattern, element: <ContactUsRoute /> },
      { path: paths.termConditions.pattern, element: <TermsRoute /> },
      { path: paths.announcements.pattern, element: <AnnouncementsRoute /> },
      { path: paths.announcement.pattern, element: <AnnouncementRoute /> },
      // A transaction belongs to an account: guests are asked to log in there.
      { path: paths.transactionDetails.pattern, element: <TransactionDetailsRoute /> },
      // The built-in block explorer of the local chain, where explorer links lead.
      { path: paths.explorerTx.pattern, element: <ExplorerTxRoute /> },
      { path: paths.support.pattern, element: <SupportRoute /> },
      // A consultant's page brings people without an account to sign up with their referral.
      { path: paths.consultant.pattern, element: <ConsultantRoute /> },
      { path: paths.proofOfReserves.pattern, element: <ProofOfReservesRoute /> },
      { path: paths.test.pattern, element: <SampleBalanceRoute /> },
      {
        element: <RequireSandbox />,
        children: [
          { path: paths.devMailbox.pattern, element: <DevMailboxRoute /> },
          { path: paths.sandboxCheckout.pattern, element: <SandboxCheckoutRoute /> },
        ],
      },

      // Private: guests are sent to /signin.
      {
        element: <RequireAuth />,
        children: [
          { path: paths.nominee.pattern, element: <NomineeRoute /> },
          { path: paths.notifications.pattern, element: <NotificationsRoute /> },
          { path: paths.payment.pattern, element: <SpendToSaveRoute /> },
          { path: paths.paymentSuccess.pattern, element: <PaymentSuccessRoute /> },
          { path: paths.gesGroup.pattern, element: <GesGroupRoute /> },
          { path: paths.gesJoin.pattern, element: <GesJoinRoute /> },
          { path: paths.terminationSummary.pattern, element: <TerminationSummaryRoute /> },
          { path: paths.termination.pattern, element: <TerminationRoute /> },
          { path: paths.pdf.pattern, element: <StatementPdfRoute /> },
          { path: paths.gaeAccountStatement.pattern, element: <GaeStatementRoute /> },
          { path: paths.annualStatement.pattern, element: <AnnualStatementRoute /> },
          { path: paths.gaePurchase.pattern, element: <GaePlanRoute /> },
          { path: paths.myBars.pattern, element: <MyBarsRoute /> },
          { path: paths.purchaseGae.pattern, element: <PurchaseGaeRoute kind="GAE" /> },
          { path: paths.purchaseGaeExtra.pattern, element: <PurchaseGaeRoute kind="GAEX" /> },
          { path: paths.registrationStep.pattern, element: <KycRegistrationRoute /> },
          { path: paths.remitToSave.pattern, element: <RemitToSaveRoute /> },
          { path: paths.gifts.pattern, element: <GiftsRoute /> },

          // Back office: the operator role only (DESIGN.md section 5); KYC is not required.
          {
            element: <RequireOperator />,
            children: [
              { path: paths.rewardRequests.pattern, element: <RewardRequestsRoute /> },
              { path: paths.adminKyc.pattern, element: <AdminKycRoute /> },
              { path: paths.adminTerminations.pattern, element: <AdminTerminationsRoute /> },
              { path: paths.adminConsultants.pattern, element: <AdminConsultantsRoute /> },
              { path: paths.adminUsdauRequests.pattern, element: <AdminUsdauRoute /> },
              { path: paths.adminVaultBars.pattern, element: <AdminVaultBarsRoute /> },
              { path: paths.adminRedemptions.pattern, element: <AdminRedemptionsRoute /> },
              { path: paths.adminGes.pattern, element: <AdminGesRoute /> },
              { path: paths.adminContent.pattern, element: <AdminContentRoute /> },
              { path: paths.adminCompliance.pattern, element: <AdminComplianceRoute /> },
              { path: paths.adminPayments.pattern, element: <AdminPaymentsRoute /> },
            ],
          },

          // Only with an upline; also reached as /Staking.
          { element: <RequireUpline />, children: [{ path: paths.staking.pattern, element: <StakingRoute /> }] },

          // KYC verified: nothing renders otherwise.
          {
            element: <RequireKyc />,
            children: [
              { path: paths.dashboard.pattern, element: <DashboardRoute /> },
              // Also reached as /GES.
              { path: paths.ges.pattern, element: <GesRoute /> },
              { path: paths.bankVerification.pattern, element: <BankVerificationRoute /> },
              {
                path: paths.transactions.pattern,
                element: <TransactionsRoute title="Transactions" label="All transactions" />,
              },
              { path: paths.transactionsBuySell.pattern, element: <QmgtTransactionsRoute /> },
              { path: paths.transactionsConvert.pattern, element: <ConvertRoute /> },
              { path: paths.transactionsGae.pattern, element: <GaeTransactionsRoute /> },
              {
                path: paths.transactionsGaex.pattern,
                element: <TransactionsRoute title="GAEX Transactions" type="GAEX" label="GAEX transactions" />,
              },
              { path: paths.requestExternalUsdau.pattern, element: <UsdauRequestRoute /> },
              { path: paths.redemptions.pattern, element: <RedemptionsRoute /> },
              { path: paths.transaction.pattern, element: <TransactionByCodeRoute /> },
              { path: paths.myProfile.pattern, element: <MyProfileRoute /> },
              { path: paths.myAffiliates.pattern, element: <AffiliatesRoute /> },
              { path: paths.myRewardCenter.pattern, element: <RewardCenterRoute /> },
            ],
          },
        ],
      },

      { path: '*', element: <NotFound /> },
    ],
  },
];

export const createAppRouter = () => createBrowserRouter(appRoutes);
