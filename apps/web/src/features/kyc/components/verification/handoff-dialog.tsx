import { useMutation } from '@tanstack/react-query';
import { Alert, Button, Code, Modal, Stack, Text } from '@mantine/core';
import { IconDeviceMobile } from '@tabler/icons-react';
import { QrCode } from '@/components/ui/qr-code';
import { useState } from 'react';
import { errorMessage } from '@/lib/api-client';
import { formatDateTime } from '@/lib/format';
import { createHandoffMutation, handoffLink } from '../../api/kyc-api';

/**
 * 'Continue on your phone': a 15-minute hand-off link as a QR code (200 px, level H), so the
 * document and selfie can be taken with the phone's camera. This page keeps polling and
 * follows along when the phone submits.
 */
export function HandoffButton() {
  const handoff = useMutation(createHandoffMutation());
  const [opened, setOpened] = useState(false);

  const open = () => {
    setOpened(true);
    handoff.mutate();
  };

  const link = handoff.data ? handoffLink(window.location.origin, handoff.data.uid) : null;

  return (
    <>
      <Button variant="default" leftSection={<IconDeviceMobile size={18} aria-hidden />} onClick={open}>
        Continue on your phone
      </Button>
      <Modal opened={opened} onClose={() => setOpened(false)} title="Continue on your phone" centered size="sm">
        <Stack align="center" gap="md">
          {handoff.isPending ? <Text c="dimmed">Creating a secure link…</Text> : null}
          {handoff.isError ? (
            <Alert color="red" variant="light" w="100%">
              {errorMessage(handoff.error, 'The link could not be created. Please try again.')}
            </Alert>
          ) : null}
          {link && handoff.data ? (
            <>
              <Text size="sm" ta="center">
                Scan this code with your phone&apos;s camera to take the photos there.
              </Text>
              <div className="qr-frame">
                {/* Level M and 256 px, not H at 200: the link carries a signed token, and a denser code scans badly. */}
                <QrCode value={link} size={256} level="M" title="Verification link QR code" />
              </div>
              <Code block w="100%" style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-all' }}>
                {link}
              </Code>
              <Text size="sm" c="dimmed" ta="center">
                The link works until {formatDateTime(handoff.data.expiresAt)}. Open it only on your own phone: anyone
                with it can upload documents for your verification.
              </Text>
            </>
          ) : null}
          <Button variant="light" onClick={handoff.isError ? () => handoff.mutate() : () => setOpened(false)} fullWidth>
            {handoff.isError ? 'Try again' : 'Done'}
          </Button>
        </Stack>
      </Modal>
    </>
  );
}
