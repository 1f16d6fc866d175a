import { Button, Group, Loader, Modal, Stack, Text, ThemeIcon, Title, VisuallyHidden } from '@mantine/core';
import { IconCheck, IconX } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { LoadingState } from '@/lib/session-store';
import { ExplorerLink, isInAppUrl } from './explorer-link';

export const TRANSACTION_DEFAULTS = {
  loadingMessage: 'Processing your transaction',
  loadingDescription: 'This may take a few seconds',
  successTitle: 'Transaction Successful',
  errorTitle: 'Transaction Failed',
} as const;

/** An outcome's icon, heading and optional description, centred. */
function Outcome({
  color,
  icon,
  title,
  description,
}: {
  color: string;
  icon: ReactNode;
  title: string;
  description: string | undefined;
}) {
  return (
    <>
      <ThemeIcon size={56} radius="xl" color={color} variant="light">
        {icon}
      </ThemeIcon>
      <Title order={2} size="h4" ta="center">
        {title}
      </Title>
      {description ? (
        <Text c="dimmed" size="sm" ta="center">
          {description}
        </Text>
      ) : null}
    </>
  );
}

type TransactionModalProps = {
  state: LoadingState;
  /** Block-explorer page the transaction hash is appended to. */
  explorerTxBase: string;
  onClose: () => void;
};

/**
 * The modal of SPEC.md section 4: a spinner while a transaction runs, then its outcome.
 * It cannot be dismissed while loading, nor on success when the caller made it not closable;
 * a failure can always be dismissed.
 */
export function TransactionModal({ state, explorerTxBase, onClose }: TransactionModalProps) {
  const { status } = state;
  const closable = status === 'error' || (status === 'success' && state.isClosable);
  const explorerUrl = state.txHash ? state.explorerUrl || `${explorerTxBase}${state.txHash}` : '';

  return (
    // The compound form, to name the dialog itself: axe found the plain Modal nameless while it
    // closed (its title gone before the dialog).
    <Modal.Root
      opened={status !== 'idle'}
      onClose={closable ? onClose : () => undefined}
      closeOnClickOutside={closable}
      closeOnEscape={closable}
      centered
      size="sm"
    >
      <Modal.Overlay />
      <Modal.Content aria-label="Transaction status">
        <Modal.Header>
          <Modal.Title>
            <VisuallyHidden>Transaction status</VisuallyHidden>
          </Modal.Title>
          {closable ? <Modal.CloseButton aria-label="Close" /> : null}
        </Modal.Header>
        <Modal.Body>
          {status === 'loading' ? (
            <Stack align="center" gap="sm" py="md" role="status" aria-live="polite">
              <Loader size="lg" />
              <Title order={2} size="h4" ta="center">
                {state.loadingMessage || TRANSACTION_DEFAULTS.loadingMessage}
              </Title>
              <Text c="dimmed" size="sm" ta="center">
                {state.descriptionMessage || TRANSACTION_DEFAULTS.loadingDescription}
              </Text>
            </Stack>
          ) : null}

          {status === 'success' ? (
            <Stack align="center" gap="sm" pb="sm">
              <Outcome
                color="teal"
                icon={<IconCheck size={32} aria-hidden />}
                title={state.successMessage || TRANSACTION_DEFAULTS.successTitle}
                description={state.descriptionMessage}
              />
              {explorerUrl ? (
                // Going to the built-in explorer leaves this screen, so the modal goes with it.
                <ExplorerLink href={explorerUrl} size="sm" onClick={isInAppUrl(explorerUrl) ? onClose : undefined} />
              ) : null}
              {state.actions.length > 0 ? (
                <Group justify="center" mt="xs">
                  {state.actions.map((action) => (
                    <Button key={action.label} component={Link} to={action.to} variant="light" onClick={onClose}>
                      {action.label}
                    </Button>
                  ))}
                </Group>
              ) : null}
            </Stack>
          ) : null}

          {status === 'error' ? (
            <Stack align="center" gap="sm" pb="sm" role="alert">
              <Outcome
                color="red"
                icon={<IconX size={32} aria-hidden />}
                title={TRANSACTION_DEFAULTS.errorTitle}
                description={state.descriptionMessage}
              />
            </Stack>
          ) : null}
        </Modal.Body>
      </Modal.Content>
    </Modal.Root>
  );
}
