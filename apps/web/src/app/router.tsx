import { createBrowserRouter, type RouteObject } from 'react-router';
import { paths } from '@/config/paths';
import { GuestOnly } from './guards/guest-only';
import { RequireAuth } from './guards/require-auth';
import { RequireKyc } from './guards/require-kyc';
import { RequireOperator } from './guards/require-operator';
import { RequireSandbox } from './guards/require-sandbox';
import { RequireUpline } from './guards/require-upline';
import { RootLayout } from './layout/root-layout';
import { AdminKycRoute } from './routes/admin-kyc';
import { ChangePasswordRoute } from './routes/change-password';
import { ConsultantRoute } from './routes/consultant';
import { DashboardRoute } from './routes/dashboard';
import { DevMailboxRoute } from './routes/dev-mailbox';
import { EmailVerificationRoute } from './routes/email-verification';
import { ExplorerTxRoute } from './routes/explorer-tx';
import {
  AdminConsultantsRoute,
  AffiliatesRoute,
  RewardCenterRoute,
  RewardRequestsRoute,
  StakingRoute,
} from './routes/growth';
import {
  AdminTerminationsRoute,
  AdminUsdauRoute,
  AdminVaultBarsRoute,
  ConvertRoute,
  ProofOfReservesRoute,
  UsdauRequestRoute,
  GaePlanRoute,
  GaeStatementRoute,
  PurchaseGaeRoute,
  StatementPdfRoute,
  TerminationRoute,
  TerminationSummaryRoute,
} from './routes/gold';
import { ForgotPasswordRoute } from './routes/forgot-password';
import { AdminGesRoute, GesGroupRoute, GesJoinRoute, GesRoute } from './routes/ges';
import { AdminComplianceRoute, BankVerificationRoute, NomineeRoute } from './routes/compliance';
import {
  AdminContentRoute,
  AnnouncementRoute,
  AnnouncementsRoute,
  ContactUsRoute,
  SupportRoute,
  TermsRoute,
} from './routes/content';
import { Home } from './routes/home';
import {
  AdminPaymentsRoute,
  PaymentSuccessRoute,
  RemitToSaveRoute,
  SandboxCheckoutRoute,
  SpendToSaveRoute,
} from './routes/payments';
import { KycRegistrationRoute } from './routes/kyc-registration';
import { KycVerificationRoute } from './routes/kyc-verification';
import { MyProfileRoute } from './routes/my-profile';
import { NotFound } from './routes/not-found';
import { SampleBalanceRoute } from './routes/sample-balance';
import { SignInRoute } from './routes/sign-in';
import { SignUpRoute } from './routes/sign-up';
import { TransactionByCodeRoute, TransactionDetailsRoute } from './routes/transaction-details';
import { QmgtTransactionsRoute, TransactionsRoute } from './routes/transactions';

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
          { path: paths.payment.pattern, element: <SpendToSaveRoute /> },
          { path: paths.paymentSuccess.pattern, element: <PaymentSuccessRoute /> },
          { path: paths.gesGroup.pattern, element: <GesGroupRoute /> },
          { path: paths.gesJoin.pattern, element: <GesJoinRoute /> },
          { path: paths.terminationSummary.pattern, element: <TerminationSummaryRoute /> },
          { path: paths.termination.pattern, element: <TerminationRoute /> },
          { path: paths.pdf.pattern, element: <StatementPdfRoute /> },
          { path: paths.gaeAccountStatement.pattern, element: <GaeStatementRoute /> },
          { path: paths.gaePurchase.pattern, element: <GaePlanRoute /> },
          { path: paths.purchaseGae.pattern, element: <PurchaseGaeRoute kind="GAE" /> },
          { path: paths.purchaseGaeExtra.pattern, element: <PurchaseGaeRoute kind="GAEX" /> },
          { path: paths.registrationStep.pattern, element: <KycRegistrationRoute /> },
          { path: paths.remitToSave.pattern, element: <RemitToSaveRoute /> },

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
              {
                path: paths.transactionsGae.pattern,
                element: <TransactionsRoute title="GAE Transactions" type="GAE" label="GAE transactions" />,
              },
              {
                path: paths.transactionsGaex.pattern,
                element: <TransactionsRoute title="GAEX Transactions" type="GAEX" label="GAEX transactions" />,
              },
              { path: paths.requestExternalUsdau.pattern, element: <UsdauRequestRoute /> },
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
