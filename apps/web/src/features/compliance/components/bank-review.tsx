import { Text } from '@mantine/core';
import { ReviewQueue } from '@/components/ui/review-queue';
import { bankReviewQueryOptions, decideBankAccount } from '../api/bank-api';

/** Bank accounts whose holder is not the customer's KYC name: approve or reject (with a reason). */
export function BankReview() {
  return (
    <ReviewQueue
      pages={bankReviewQueryOptions}
      decidedView={false}
      noun={{ one: 'account to review', other: 'accounts to review' }}
      label="Bank accounts to review"
      minWidth={900}
      requestedHeader="Added"
      requestedAt={(a) => a.createdAt}
      code={(a) => a.accountNumberMasked}
      codeHeader="Account"
      columns={[
        {
          header: 'Holder on the account',
          cell: (a) => <strong>{a.accountHolder}</strong>,
        },
        {
          header: 'Name on the identity check',
          cell: (a) => <strong>{a.kycName || '—'}</strong>,
        },
        {
          header: 'Bank',
          cell: (a) => (
            <Text size="sm">
              {a.bankName} · {a.country}
            </Text>
          ),
        },
      ]}
      decide={decideBankAccount}
      decided={({ bankAccount }) => bankAccount}
      describe={({ bankAccount }) => `${bankAccount.accountNumberMasked} ${bankAccount.status}.`}
      texts={{
        loading: 'Loading accounts to review',
        failure: 'The accounts could not be loaded.',
        empty: 'No bank account waits for review.',
      }}
    />
  );
}
