import { Alert, Avatar, Button, Card, Code, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { IconCopy, IconUserPlus } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { QrCode } from '@/components/ui/qr-code';
import { Link } from 'react-router';
import { ScreenTitle } from '@/components/ui/screen-title';
import { paths } from '@/config/paths';
import { copyReferralLink } from '@/lib/copy-feedback';
import { referralLink } from '@/lib/format';
import { consultantQueryOptions } from '../api/get-consultant';

/** /Consultant/{name}: a consultant's public page with their referral link and QR; sign-up carries the referral. */
export function ConsultantPage({ name }: { name: string }) {
  const query = useQuery(consultantQueryOptions(name));
  if (query.isPending)
    return (
      <Stack align="center" py="xl">
        <Loader aria-label="Loading the consultant" />
      </Stack>
    );
  if (query.isError)
    return (
      <Stack maw={560}>
        <ScreenTitle>Consultant</ScreenTitle>
        <Alert color="red" title="Consultant not found">
          {query.error.message || 'This consultant page does not exist or was withdrawn.'}
        </Alert>
      </Stack>
    );
  const consultant = query.data;
  const link = referralLink(window.location.origin, consultant.refCode);
  return (
    <Stack maw={640}>
      <ScreenTitle>Consultant</ScreenTitle>
      <Card withBorder padding="lg">
        <Group wrap="nowrap" align="flex-start">
          <Avatar src={consultant.pictureUrl} alt="" size={96} radius={96} color="yellow">
            {consultant.displayName.slice(0, 1)}
          </Avatar>
          <Stack gap={4}>
            <Title order={2}>{consultant.displayName}</Title>
            <Text c="dimmed" size="sm">
              QMGT gold savings consultant
            </Text>
            {consultant.bio && (
              <Text style={{ whiteSpace: 'pre-wrap' }} mt="sm">
                {consultant.bio}
              </Text>
            )}
          </Stack>
        </Group>
      </Card>
      <Card withBorder padding="lg">
        <Stack align="center" gap="md">
          <Text fw={600}>Start saving in gold with {consultant.displayName}</Text>
          <div className="qr-frame">
            <QrCode value={link} size={200} level="H" aria-label={`QR code of ${link}`} />
          </div>
          <Code block w="100%" style={{ wordBreak: 'break-all', whiteSpace: 'pre-wrap', textAlign: 'center' }}>
            {link}
          </Code>
          <Group grow w="100%">
            <Button
              component={Link}
              to={paths.register.to(consultant.refCode)}
              leftSection={<IconUserPlus size={16} aria-hidden />}
            >
              Create an account
            </Button>
            <Button
              variant="default"
              onClick={() => void copyReferralLink(link)}
              leftSection={<IconCopy size={16} aria-hidden />}
            >
              Copy referral link
            </Button>
          </Group>
        </Stack>
      </Card>
    </Stack>
  );
}
