import { ActionIcon, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { IconBrandFacebook, IconBrandTelegram, IconBrandWhatsapp, IconBrandX, IconCopy } from '@tabler/icons-react';
import { QrCode } from '@/components/ui/qr-code';
import { copyReferralLink } from '@/lib/copy-feedback';

// SPEC.md section 2: the social links are placeholders that all lead to /.
const socialLinks = [
  { label: 'Share on Facebook', icon: IconBrandFacebook },
  { label: 'Share on X', icon: IconBrandX },
  { label: 'Share on Telegram', icon: IconBrandTelegram },
  { label: 'Share on WhatsApp', icon: IconBrandWhatsapp },
] as const;

/** The referral panel at the bottom of the sidebar: link, QR (100, level H), copy, socials. */
export function ReferralPanel({ link }: { link: string }) {
  return (
    <Paper withBorder radius="md" p="xs" aria-label="Referral" component="section">
      <Stack gap={8}>
        <Group gap="sm" wrap="nowrap" align="center">
          <div className="qr-frame qr-frame--small">
            <QrCode value={link} size={100} level="H" title="Referral link QR code" />
          </div>
          <Stack gap={6} style={{ minWidth: 0, flex: 1 }}>
            <Text size="sm" fw={600}>
              Invite friends
            </Text>
            <Button
              size="compact-xs"
              variant="light"
              leftSection={<IconCopy size={14} aria-hidden />}
              onClick={() => void copyReferralLink(link)}
            >
              Copy link
            </Button>
            <Group gap={0} wrap="nowrap">
              {socialLinks.map(({ label, icon: Icon }) => (
                <ActionIcon key={label} component="a" href="/" variant="subtle" color="gray" aria-label={label}>
                  <Icon size={18} aria-hidden />
                </ActionIcon>
              ))}
            </Group>
          </Stack>
        </Group>
        <Text size="xs" c="dimmed" style={{ wordBreak: 'break-all' }}>
          {link}
        </Text>
      </Stack>
    </Paper>
  );
}
