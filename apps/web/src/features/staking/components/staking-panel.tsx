import { zodResolver } from '@hookform/resolvers/zod';
import {
  Alert,
  Badge,
  Button,
  Group,
  Loader,
  Modal,
  Paper,
  Radio,
  ScrollArea,
  SimpleGrid,
  Stack,
  Table,
  Text,
  TextInput,
} from '@mantine/core';
import { stakeRequestSchema, type StakeRequest, type StakingPosition, type StakingPreview } from '@qmgt/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { errorMessage, refusedField } from '@/lib/api-client';
import { editedField } from '@/lib/form-field';
import { formatDate } from '@/lib/format';
import { formatAmount, parseAmount } from '@/lib/money';
import { notifyError, notifySuccess } from '@/lib/notify';
import { useIdempotencyKeys } from '@/lib/use-idempotency-keys';
import { previewStake, stake, stakingKeys, stakingQueryOptions, unstake } from '../api/staking-api';

const qmgt = (value: string) => `${formatAmount(value, 'QMGT')} QMGT`;
const apr = (bps: number) => `${(bps / 100).toFixed(0)}% APR`;

/** /staking: terms, the interest before confirming, positions with accrued interest and early unstake. */
export function StakingPanel({
  availableQmgt,
  onChanged,
  buyQmgt,
}: {
  availableQmgt: string | undefined;
  onChanged: () => void;
  /** The way to buy QMGT (the app's swap screen), offered when the balance is short. */
  buyQmgt: ReactNode;
}) {
  const queryClient = useQueryClient();
  const query = useQuery(stakingQueryOptions());
  const keys = useIdempotencyKeys();
  const form = useForm<StakeRequest>({
    resolver: zodResolver(stakeRequestSchema),
    defaultValues: { amount: '', termDays: 90 },
  });
  const [amount, term] = form.watch(['amount', 'termDays']);
  const [preview, setPreview] = useState<StakingPreview | null>(null);
  const [busy, setBusy] = useState(false);
  const [leaving, setLeaving] = useState<StakingPosition | null>(null);

  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: stakingKeys.all() });
    onChanged();
  };

  /** A refusal is said at the field it names; any other at the amount, the one typed field. */
  const refuse = (failure: unknown) => {
    const refused = refusedField(failure);
    const field = refused?.field === 'termDays' ? 'termDays' : 'amount';
    form.setError(field, { message: refused?.message ?? errorMessage(failure) });
  };

  // The contract's schema checks the fields first; the amount must also be above zero and held.
  const ask = form.handleSubmit(async (values) => {
    const units = parseAmount(values.amount.trim(), 'QMGT');
    if (units === null || units <= 0n) return form.setError('amount', { message: 'Enter an amount of QMGT.' });
    const available = parseAmount(availableQmgt, 'QMGT');
    if (available !== null && units > available)
      return form.setError('amount', { message: 'Insufficient QMGT balance.' });
    setBusy(true);
    try {
      setPreview(await previewStake({ amount: values.amount.trim(), termDays: values.termDays }));
    } catch (failure) {
      refuse(failure);
    } finally {
      setBusy(false);
    }
  });

  const confirm = async () => {
    if (!preview) return;
    const attempt = `${preview.amount}:${preview.termDays}`;
    setBusy(true);
    try {
      const { position } = await stake(
        { amount: preview.amount, termDays: preview.termDays as StakeRequest['termDays'] },
        keys.keyFor(attempt),
      );
      keys.forget(attempt);
      notifySuccess(`Staked ${qmgt(position.amount)} until ${formatDate(position.maturesAt)}.`);
      setPreview(null);
      form.resetField('amount');
      refresh();
    } catch (failure) {
      refuse(failure);
      setPreview(null);
    } finally {
      setBusy(false);
    }
  };

  const leave = async () => {
    if (!leaving) return;
    setBusy(true);
    try {
      await unstake(leaving.id, keys.keyFor(`unstake:${leaving.id}`));
      keys.forget(`unstake:${leaving.id}`);
      notifySuccess(`${qmgt(leaving.amount)} is back in your wallet.`);
      setLeaving(null);
      refresh();
    } catch (failure) {
      notifyError(errorMessage(failure));
    } finally {
      setBusy(false);
    }
  };

  const available = parseAmount(availableQmgt, 'QMGT');
  const wanted = parseAmount(amount.trim(), 'QMGT');
  const none = available === 0n;
  const short = none || (available !== null && wanted !== null && wanted > available);

  if (query.isPending) return <Loader aria-label="Loading staking" />;
  if (query.isError) return <Alert color="red">{errorMessage(query.error, 'Staking could not be loaded.')}</Alert>;
  const { terms, positions } = query.data;

  return (
    <Stack gap="lg" maw={1100}>
      <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }} maw={640}>
        <form onSubmit={(event) => void ask(event)} noValidate>
          <Stack gap="md">
            <Radio.Group
              label="Term"
              value={String(term)}
              onChange={(value) => {
                form.setValue('termDays', Number(value) as StakeRequest['termDays']);
                setPreview(null);
              }}
              error={form.formState.errors.termDays?.message}
            >
              <SimpleGrid cols={{ base: 1, xs: 3 }} mt="xs">
                {terms.map((t) => (
                  <Radio.Card key={t.termDays} value={String(t.termDays)} p="md" radius="md">
                    <Group wrap="nowrap" align="flex-start">
                      <Radio.Indicator />
                      <div>
                        <Text fw={700}>{t.termDays} days</Text>
                        <Text size="sm" c="dimmed">
                          {apr(t.aprBps)}
                        </Text>
                      </div>
                    </Group>
                  </Radio.Card>
                ))}
              </SimpleGrid>
            </Radio.Group>
            <TextInput
              label="Amount (QMGT)"
              inputMode="decimal"
              {...editedField(form, 'amount', () => setPreview(null))}
              description={`Available: ${availableQmgt === undefined ? '…' : qmgt(availableQmgt)}`}
            />
            {short ? (
              <Group gap="sm" justify="space-between">
                <Text size="sm" c="dimmed">
                  {none
                    ? 'You have no QMGT to stake yet: buy some with USDT, then stake it here.'
                    : 'Buy more QMGT to stake this amount.'}
                </Text>
                {buyQmgt}
              </Group>
            ) : null}
            {preview ? (
              <Alert color="gold" variant="light" title="Before you confirm">
                {`${qmgt(preview.amount)} locked for ${preview.termDays} days at ${apr(preview.aprBps)}: ${qmgt(preview.interest)} interest, paid with your principal on ${formatDate(preview.maturesAt)}. Unstaking earlier returns the principal without interest.`}
              </Alert>
            ) : null}
            {preview ? (
              <Button onClick={() => void confirm()} loading={busy} w="fit-content">
                Stake {qmgt(preview.amount)}
              </Button>
            ) : (
              <Button type="submit" loading={busy} w="fit-content" disabled={!amount.trim()}>
                Show the interest
              </Button>
            )}
          </Stack>
        </form>
      </Paper>
      <Paper withBorder radius="lg" p="md">
        {positions.length === 0 ? (
          <Text c="dimmed">No positions yet.</Text>
        ) : (
          <ScrollArea type="auto">
            <Table striped miw={760} aria-label="Staking positions">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th ta="right">Amount</Table.Th>
                  <Table.Th>Term</Table.Th>
                  <Table.Th ta="right">Accrued</Table.Th>
                  <Table.Th ta="right">At maturity</Table.Th>
                  <Table.Th>Matures</Table.Th>
                  <Table.Th>Status</Table.Th>
                  <Table.Th />
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {positions.map((p) => (
                  <Table.Tr key={p.id}>
                    <Table.Td ta="right" ff="monospace">
                      {qmgt(p.amount)}
                    </Table.Td>
                    <Table.Td>
                      {p.termDays} days, {apr(p.aprBps)}
                    </Table.Td>
                    <Table.Td ta="right" ff="monospace">
                      {qmgt(p.accrued)}
                    </Table.Td>
                    <Table.Td ta="right" ff="monospace">
                      {qmgt(p.interest)}
                    </Table.Td>
                    <Table.Td>{formatDate(p.maturesAt)}</Table.Td>
                    <Table.Td>
                      <Badge
                        variant="light"
                        color={p.status === 'active' ? 'green' : p.status === 'matured' ? 'blue' : 'gray'}
                      >
                        {p.status}
                      </Badge>
                    </Table.Td>
                    <Table.Td>
                      {p.status === 'active' ? (
                        <Button size="xs" variant="light" color="red" onClick={() => setLeaving(p)}>
                          Unstake
                        </Button>
                      ) : null}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </ScrollArea>
        )}
      </Paper>
      <Modal opened={leaving !== null} onClose={() => setLeaving(null)} title="Unstake early?" centered>
        {leaving ? (
          <Stack>
            <Text size="sm">
              {`${qmgt(leaving.amount)} returns to your wallet now. You give up the ${qmgt(leaving.accrued)} earned so far (${qmgt(leaving.interest)} at maturity on ${formatDate(leaving.maturesAt)}).`}
            </Text>
            <Group justify="flex-end">
              <Button variant="default" onClick={() => setLeaving(null)}>
                Keep staking
              </Button>
              <Button color="red" onClick={() => void leave()} loading={busy}>
                Unstake and forfeit the interest
              </Button>
            </Group>
          </Stack>
        ) : null}
      </Modal>
    </Stack>
  );
}
