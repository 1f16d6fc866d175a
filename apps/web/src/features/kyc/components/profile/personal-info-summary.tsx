import { Divider, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { KYC_STEPS } from '@qmgt/contracts';
import { LoadFailure, LoadingStatus } from '@/components/ui/load-states';
import { formatDateTime } from '@/lib/format';
import { usePersonal } from '../../api/get-personal';
import { STEP_FIELDS, STEP_TITLES } from '../registration/kyc-fields';

/** Identity numbers are shown by their last characters only: enough to recognise, not to copy. */
const MASKED = new Set(['idNumber', 'incomeTaxNo']);
const mask = (value: string) => (value.length <= 4 ? '••••' : `•••• ${value.slice(-4)}`);

/** The personal details as submitted for the identity check, read-only. */
export function PersonalInfoSummary() {
  const personal = usePersonal();

  if (personal.isPending) {
    return <LoadingStatus>Loading your details…</LoadingStatus>;
  }
  if (personal.isError) {
    return <LoadFailure title="Your details could not be loaded" query={personal} />;
  }
  const { form, submittedAt } = personal.data;
  if (!submittedAt) {
    return (
      <Text size="sm" c="dimmed">
        No personal details on file yet.
      </Text>
    );
  }

  return (
    <Stack gap="md">
      <Text size="xs" c="dimmed">
        Submitted on {formatDateTime(submittedAt)}. To change these details, please contact support.
      </Text>
      {KYC_STEPS.map((step, i) => {
        const filled = STEP_FIELDS[step].filter((field) => form[field.name]);
        if (filled.length === 0) return null;
        return (
          <Stack key={step} gap="xs">
            {i > 0 ? <Divider /> : null}
            <Title order={3} size="h5">
              {STEP_TITLES[step].title}
            </Title>
            <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="xs" verticalSpacing="xs" component="dl" m={0}>
              {filled.map((field) => {
                const value = form[field.name] ?? '';
                return (
                  <div key={field.name}>
                    <Text component="dt" size="xs" c="dimmed">
                      {field.label}
                    </Text>
                    <Text component="dd" size="sm" m={0} style={{ overflowWrap: 'anywhere' }}>
                      {MASKED.has(field.name) ? mask(value) : value}
                    </Text>
                  </div>
                );
              })}
            </SimpleGrid>
          </Stack>
        );
      })}
    </Stack>
  );
}
