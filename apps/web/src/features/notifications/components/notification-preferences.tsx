import { Stack, Switch, Text } from '@mantine/core';
import { EMAIL_NOTIFICATION_KINDS, NOTIFICATION_KIND_LABELS } from '@qmgt/contracts';
import { useMutation, useQuery } from '@tanstack/react-query';
import { LoadFailure, LoadingStatus } from '@/components/ui/load-states';
import { errorMessage } from '@/lib/api-client';
import { notifyError } from '@/lib/notify';
import { notificationPreferencesQueryOptions, setNotificationEmailMutation } from '../api/notifications-api';

/** Which kinds of notification also go by e-mail (every kind shows in the app). */
export function NotificationPreferences() {
  const query = useQuery(notificationPreferencesQueryOptions());
  const change = useMutation({
    ...setNotificationEmailMutation(),
    onError: (error) => notifyError(errorMessage(error, 'Your choice could not be saved.')),
  });

  if (query.isPending) return <LoadingStatus size="xs">Loading your choices…</LoadingStatus>;
  if (query.isError) return <LoadFailure title="Your choices could not be loaded" query={query} gap="xs" />;
  return (
    <Stack gap="sm">
      <Text size="sm" c="dimmed">
        Every notification shows under the bell. Choose which ones also come by e-mail.
      </Text>
      {EMAIL_NOTIFICATION_KINDS.map((kind) => (
        <Switch
          key={kind}
          label={NOTIFICATION_KIND_LABELS[kind]}
          checked={query.data.email[kind]}
          disabled={change.isPending && change.variables.kind === kind}
          onChange={(event) => change.mutate({ kind, email: event.currentTarget.checked })}
        />
      ))}
    </Stack>
  );
}
