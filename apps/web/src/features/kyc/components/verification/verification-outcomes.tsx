import { Alert, Anchor, Button, Group, Loader, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconCircleCheck, IconClockHour4, IconShieldX } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { paths } from '@/config/paths';

/** A calm card with an icon, a heading and what happens next. */
function OutcomeCard({
  icon,
  color,
  title,
  children,
}: {
  icon: ReactNode;
  color: string;
  title: string;
  children: ReactNode;
}) {
  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }} maw={640}>
      <Stack align="center" gap="md" ta="center">
        <ThemeIcon size={64} radius="xl" color={color} variant="light">
          {icon}
        </ThemeIcon>
        <Title order={2} size="h3">
          {title}
        </Title>
        {children}
      </Stack>
    </Paper>
  );
}

/** Submitted and waiting for the reviewer; the page can be left and the state comes back from the server. */
export function InReview() {
  return (
    <OutcomeCard
      icon={<IconClockHour4 size={36} aria-hidden />}
      color="yellow"
      title="Your documents are being reviewed"
    >
      <Text c="dimmed" maw={480}>
        This usually takes a short while. You can leave this page: your documents are safe with us, and this page shows
        the result as soon as the review is done.
      </Text>
      <Group gap="xs" c="dimmed" role="status" aria-live="polite">
        <Loader size="xs" type="dots" aria-hidden />
        <Text size="sm">Checking for updates</Text>
      </Group>
      <Button component={Link} to={paths.home.to()} variant="light">
        Back to home
      </Button>
    </OutcomeCard>
  );
}

/** Verified: the private pages are open. A hand-off device without a session goes back to the other one. */
export function Verified({ signedIn }: { signedIn: boolean }) {
  return (
    <OutcomeCard icon={<IconCircleCheck size={36} aria-hidden />} color="teal" title="Your identity is verified">
      {signedIn ? (
        <>
          <Text c="dimmed" maw={480}>
            Thank you. Your dashboard, assets and all other services are now open to you.
          </Text>
          <Group justify="center" gap="sm">
            <Button component={Link} to={paths.purchaseGae.to()}>
              Buy your first gram
            </Button>
            <Button component={Link} to={paths.dashboard.to()} variant="light">
              Go to dashboard
            </Button>
          </Group>
        </>
      ) : (
        <Text c="dimmed" maw={480}>
          Thank you. You can close this page and continue on the device where you are signed in.
        </Text>
      )}
    </OutcomeCard>
  );
}

/** A FINAL rejection: no more uploads, only the way to support. */
export function FinalRejection({ reason }: { reason: string | null }) {
  return (
    <OutcomeCard icon={<IconShieldX size={36} aria-hidden />} color="red" title="We could not verify your identity">
      {reason ? (
        <Alert color="red" variant="light" title="Reason" w="100%" ta="left">
          {reason}
        </Alert>
      ) : null}
      <Text c="dimmed" maw={480}>
        This decision is final, so documents cannot be uploaded again. If you think this is a mistake, please contact
        our support team and we will look into it.
      </Text>
      <Group justify="center">
        <Button component={Link} to={paths.support.to()}>
          Contact support
        </Button>
        <Anchor component={Link} to={paths.contactUs.to()} size="sm">
          Other ways to reach us
        </Anchor>
      </Group>
    </OutcomeCard>
  );
}

/** A RETRY rejection: the reviewer's reason, above a fresh upload. */
export function RetryNotice({ reason }: { reason: string }) {
  return (
    <Alert color="orange" variant="light" title="Your documents were not accepted" maw={720}>
      <Stack gap={4}>
        <Text size="sm">{reason}</Text>
        <Text size="sm">Please upload them again below and send them for review.</Text>
      </Stack>
    </Alert>
  );
}
