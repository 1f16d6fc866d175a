import { Alert, Button, Stack, Text } from '@mantine/core';
import { TRANSACTION_TYPES, type TransactionType } from '@qmgt/contracts';
import { Link, useLocation, useParams } from 'react-router';
import { ScreenTitle } from '@/components/ui/screen-title';
import { paths } from '@/config/paths';
import {
  TransactionDetailsByCode,
  TransactionDetailsById,
} from '@/features/transactions/components/transaction-details';
import { useSessionStore } from '@/lib/session-store';
import type { SignInRedirectState } from '../guards/require-auth';

/** The route's type, in any case ('qmgt' too), or null when it is none of ours. */
function typeOf(value: string | undefined): TransactionType | null {
  const upper = value?.toUpperCase();
  return TRANSACTION_TYPES.find((type) => type === upper) ?? null;
}

function UnknownType({ value }: { value: string | undefined }) {
  return (
    <Alert color="red" variant="light" title="Unknown transaction type" maw={640}>
      &lsquo;{value}&rsquo; is not a transaction type. It is one of {TRANSACTION_TYPES.join(', ')}.
    </Alert>
  );
}

/** Listed as public (SPEC.md section 2), but a transaction belongs to an account: guests are asked to log in. */
function LogInToSee() {
  const location = useLocation();
  const state: SignInRedirectState = { from: location.pathname };
  return (
    <Stack gap="sm" align="flex-start" maw={640}>
      <Text>Log in to see this transaction. Transactions are shown only to the account that made them.</Text>
      <Button component={Link} to={paths.signIn.to()} state={state}>
        Log in
      </Button>
    </Stack>
  );
}

/** /transaction-details/{id}/{transactionType}: followed to finality while pending. */
export function TransactionDetailsRoute() {
  const { id = '', transactionType } = useParams();
  const isAuthenticated = useSessionStore((s) => s.isAuthenticated);
  const type = typeOf(transactionType);
  return (
    <>
      <ScreenTitle>Transaction Details</ScreenTitle>
      {!isAuthenticated ? (
        <LogInToSee />
      ) : type ? (
        <TransactionDetailsById id={id} type={type} />
      ) : (
        <UnknownType value={transactionType} />
      )}
    </>
  );
}

/** /transactions/{transactionType}/{transactionCode} (KYC verified): a transaction found by its code. */
export function TransactionByCodeRoute() {
  const { transactionType, transactionCode = '' } = useParams();
  const type = typeOf(transactionType);
  return (
    <>
      <ScreenTitle>Transaction</ScreenTitle>
      {type ? <TransactionDetailsByCode type={type} code={transactionCode} /> : <UnknownType value={transactionType} />}
    </>
  );
}
