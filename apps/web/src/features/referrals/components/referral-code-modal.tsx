import { Button, Code, Modal, Stack, Tabs, Text } from '@mantine/core';
import { IconCopy } from '@tabler/icons-react';
import { QrCode } from '@/components/ui/qr-code';
import { copyReferralLink, copyWalletAddress } from '@/lib/copy-feedback';

type ReferralCodeModalProps = {
  opened: boolean;
  onClose: () => void;
  referralLink: string;
  walletAddress: string | null;
};

type QrTabProps = {
  /** What the QR encodes; null when there is nothing yet (no wallet address). */
  value: string | null;
  hint: string;
  copyLabel: string;
  onCopy: () => void;
  /** Shown instead of the QR while `value` is null. */
  missingText?: string;
};

/** A QR code (200 px, level H) of `value` with its text, a hint and a copy button. */
function QrTab({ value, hint, copyLabel, onCopy, missingText }: QrTabProps) {
  return (
    <Stack align="center" gap="md" pt="md">
      {value ? (
        <>
          <div className="qr-frame">
            <QrCode value={value} size={200} level="H" title={`QR code of ${value}`} />
          </div>
          <Code block w="100%" style={{ wordBreak: 'break-all', whiteSpace: 'pre-wrap', textAlign: 'center' }}>
            {value}
          </Code>
        </>
      ) : (
        <Text c="dimmed">{missingText}</Text>
      )}
      <Text size="sm" c="dimmed" ta="center">
        {hint}
      </Text>
      <Button fullWidth leftSection={<IconCopy size={16} aria-hidden />} onClick={onCopy}>
        {copyLabel}
      </Button>
    </Stack>
  );
}

/** SPEC.md section 2: referral link and wallet address as QR codes, each with copy. */
export function ReferralCodeModal({ opened, onClose, referralLink, walletAddress }: ReferralCodeModalProps) {
  return (
    <Modal opened={opened} onClose={onClose} title="Referral Code" centered size="sm">
      <Tabs defaultValue="referral">
        <Tabs.List grow>
          <Tabs.Tab value="referral">Referral QR Code</Tabs.Tab>
          <Tabs.Tab value="wallet">Wallet QR Code</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="referral">
          <QrTab
            value={referralLink}
            hint="Share this QR code to refer your friends or request gold to your GSA."
            copyLabel="Copy referral link"
            onCopy={() => void copyReferralLink(referralLink)}
          />
        </Tabs.Panel>
        <Tabs.Panel value="wallet">
          <QrTab
            value={walletAddress}
            hint="Share this QR code to receive payments to your wallet."
            copyLabel="Copy wallet address"
            onCopy={() => void copyWalletAddress(walletAddress)}
            missingText="Your wallet address is not available yet."
          />
        </Tabs.Panel>
      </Tabs>
    </Modal>
  );
}
