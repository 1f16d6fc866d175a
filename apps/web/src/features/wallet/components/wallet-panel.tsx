import { Button, Code, Modal, Stack, Text } from '@mantine/core';
import { IconCopy } from '@tabler/icons-react';
import { QRCodeSVG } from 'qrcode.react';
import { copyWalletAddress } from '@/lib/copy-feedback';

type WalletPanelProps = { opened: boolean; onClose: () => void; address: string | null };

/** The wallet panel of the header: the custodial address, its QR (200, level H) and a copy button. */
export function WalletPanel({ opened, onClose, address }: WalletPanelProps) {
  return (
    <Modal opened={opened} onClose={onClose} title="Wallet" centered size="sm">
      <Stack align="center" gap="md">
        {address ? (
          <>
            <div className="qr-frame">
              <QRCodeSVG value={address} size={200} level="H" title="Wallet address QR code" />
            </div>
            <Code block w="100%" style={{ wordBreak: 'break-all', whiteSpace: 'pre-wrap', textAlign: 'center' }}>
              {address}
            </Code>
          </>
        ) : (
          <Text c="dimmed" ta="center">
            Your wallet address is not available yet.
          </Text>
        )}
        <Button
          fullWidth
          leftSection={<IconCopy size={16} aria-hidden />}
          onClick={() => void copyWalletAddress(address)}
        >
          Copy address
        </Button>
      </Stack>
    </Modal>
  );
}
