import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Badge, Button, Group, Loader, Paper, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import {
  bankAccountRequestSchema,
  bankVerifyRequestSchema,
  type BankAccount,
  type BankAccountRequest,
} from '@qmgt/contracts';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { errorMessage, refusedField } from '@/lib/api-client';
import { formatDate } from '@/lib/format';
import { editedField } from '@/lib/form-field';
import { refuseAtField } from '@/lib/form-refusal';
import { notifySuccess } from '@/lib/notify';
import {
  addBankAccountMutation,
  bankAccountsQueryOptions,
  sandboxDeposits,
  verifyBankAccountMutation,
} from '../api/bank-api';

const STATUS: Record<BankAccount['status'], [string, string]> = {
  pending: ['Waiting for the deposits', 'orange'],
  verified: ['Verified', 'green'],
  review: ['Being reviewed', 'blue'],
  rejected: ['Rejected', 'red'],
  failed: ['Not verified', 'red'],
};

const BLANK: BankAccountRequest = { bankName: '', accountHolder: '', accountNumber: '', country: '' };
const FIELDS = ['bankName', 'accountHolder', 'accountNumber', 'country'] as const;

/** A new account, checked by the contract's schema before it is sent; a refusal is said at the field it names. */
function AddAccount({ onAdded }: { onAdded?: () => void }) {
  const form = useForm<z.input<typeof bankAccountRequestSchema>, unknown, BankAccountRequest>({
    resolver: zodResolver(bankAccountRequestSchema),
    defaultValues: BLANK,
  });
  const { errors } = form.formState;
  const add = useMutation({
    ...addBankAccountMutation(),
    onSuccess: ({ bankAccount }) => {
      notifySuccess(`Two small deposits are on their way to ${bankAccount.accountNumberMasked}.`);
      form.reset();
      onAdded?.();
    },
  });
  const [unplaced, setUnplaced] = useState(false);
  const submit = form.handleSubmit((account) =>
    add.mutate(account, { onError: (failure) => setUnplaced(!refuseAtField(form, failure, FIELDS)) }),
  );
  const field = (name: (typeof FIELDS)[number]) => ({
    ...form.register(name, { onChange: () => add.reset() }),
    error: errors[name]?.message,
  });
  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }}>
      <form onSubmit={(event) => void submit(event)} noValidate>
        <Stack gap="sm">
          <Title order={2} size="h4">
            Add a bank account
          </Title>
          <Text size="sm" c="dimmed">
            We send two deposits of less than 1 USD to the account; you confirm their amounts here. The account holder
            must be you, as on your identity check.
          </Text>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput label="Bank name" required maxLength={100} {...field('bankName')} />
            <TextInput label="Account holder" required maxLength={120} {...field('accountHolder')} />
            <TextInput
              label="Account number or IBAN"
              required
              maxLength={40}
              autoComplete="off"
              {...field('accountNumber')}
              styles={{ input: { fontFamily: 'monospace' } }}
            />
            <TextInput label="Country" required maxLength={60} {...field('country')} />
          </SimpleGrid>
          {add.isError && unplaced ? (
            <Alert color="red">{errorMessage(add.error, 'The account could not be added.')}</Alert>
          ) : null}
          <Button type="submit" loading={add.isPending} w="fit-content">
            Add account
          </Button>
        </Stack>
      </form>
    </Paper>
  );
}

type DepositFields = z.input<typeof bankVerifyRequestSchema>;
type DepositsRequest = z.output<typeof bankVerifyRequestSchema>;
const DEPOSITS = [0, 1] as const;

/**
 * The two deposits' amounts, checked by the contract's schema before they are sent. The server
 * weighs them together (it cannot say which one is wrong): its refusal of them is said at the
 * pair, in words at the first deposit, which takes the focus.
 */
function ConfirmDeposits({ account, sandbox }: { account: BankAccount; sandbox: boolean }) {
  const form = useForm<DepositFields, unknown, DepositsRequest>({
    resolver: zodResolver(bankVerifyRequestSchema),
    defaultValues: { amounts: ['', ''] },
  });
  const amounts = form.watch('amounts');
  const [shown, setShown] = useState<string[] | null>(null);
  const verify = useMutation({
    ...verifyBankAccountMutation(account.id),
    onSuccess: ({ bankAccount }) =>
      notifySuccess(
        bankAccount.status === 'verified'
          ? `${bankAccount.accountNumberMasked} is verified.`
          : `${bankAccount.accountNumberMasked}: deposits confirmed; our team reviews the account holder's name.`,
      ),
    onError: (failure) => {
      if (refusedField(failure)?.field === 'amounts') form.setFocus('amounts.0');
    },
  });
  const refused = refusedField(verify.error);
  const pairRefusal = refused?.field === 'amounts' ? refused.message : null;
  const submit = form.handleSubmit((request) => verify.mutate(request));
  return (
    <form onSubmit={(event) => void submit(event)} noValidate>
      <Stack gap="xs">
        <Group align="flex-start" grow>
          {DEPOSITS.map((i) => {
            const field = editedField(form, `amounts.${i}`, verify.reset);
            return (
              <TextInput
                key={i}
                label={`Deposit ${i + 1} (USD)`}
                placeholder="0.00"
                inputMode="decimal"
                {...field}
                error={field.error ?? (pairRefusal === null ? undefined : i === 0 ? pairRefusal : true)}
              />
            );
          })}
        </Group>
        {verify.isError && pairRefusal === null ? (
          <Alert color="red">{errorMessage(verify.error, 'The amounts could not be checked.')}</Alert>
        ) : null}
        <Group>
          <Button
            type="submit"
            size="sm"
            loading={verify.isPending}
            disabled={!amounts[0].trim() || !amounts[1].trim()}
          >
            Confirm deposits
          </Button>
          <Text size="xs" c="dimmed">
            {account.attemptsLeft} {account.attemptsLeft === 1 ? 'try' : 'tries'} left
          </Text>
        </Group>
        {sandbox ? (
          <Text size="xs" c="dimmed">
            Sandbox:{' '}
            <Button
              variant="subtle"
              size="compact-xs"
              onClick={() => void sandboxDeposits(account.id).then((d) => setShown(d.deposits))}
            >
              show what the sandbox bank sent
            </Button>
            {shown ? ` ${shown.join(' and ')} USD` : ''}
          </Text>
        ) : null}
      </Stack>
    </form>
  );
}

/** /BankVerification (KYC verified): bank accounts proven by micro-deposits. */
export function BankVerification({ sandbox }: { sandbox: boolean }) {
  const query = useQuery(bankAccountsQueryOptions());
  const [adding, setAdding] = useState(false);
  // With a verified account the screen is about that account: a further one is asked for, not offered.
  const hasVerified = query.data?.data.some((account) => account.status === 'verified') ?? false;
  return (
    <Stack gap="lg" maw={860}>
      {query.isPending ? (
        <Loader aria-label="Loading your bank accounts" />
      ) : query.isError ? (
        <Alert color="red">{errorMessage(query.error, 'Your bank accounts could not be loaded.')}</Alert>
      ) : query.data.data.length === 0 ? (
        <Text c="dimmed">No bank account yet.</Text>
      ) : (
        query.data.data.map((account) => (
          <Paper key={account.id} withBorder radius="lg" p="md">
            <Group justify="space-between" wrap="nowrap" mb="xs">
              <Text fw={600}>
                {account.bankName}{' '}
                <Text span ff="monospace">
                  {account.accountNumberMasked}
                </Text>
              </Text>
              <Badge color={STATUS[account.status][1]} variant="light" style={{ flexShrink: 0 }}>
                {STATUS[account.status][0]}
              </Badge>
            </Group>
            <Text size="xs" c="dimmed" mb="sm">
              {account.accountHolder} · {account.country} · added {formatDate(account.createdAt)}
              {account.verifiedAt ? ` · verified ${formatDate(account.verifiedAt)}` : ''}
            </Text>
            {account.reason ? (
              <Text size="sm" mb="sm">
                {account.reason}
              </Text>
            ) : null}
            {account.status === 'pending' ? <ConfirmDeposits account={account} sandbox={sandbox} /> : null}
          </Paper>
        ))
      )}
      {query.isPending ? null : hasVerified && !adding ? (
        <Button
          variant="light"
          leftSection={<IconPlus size={16} aria-hidden />}
          onClick={() => setAdding(true)}
          w="fit-content"
        >
          Add another account
        </Button>
      ) : (
        <AddAccount onAdded={() => setAdding(false)} />
      )}
    </Stack>
  );
}
