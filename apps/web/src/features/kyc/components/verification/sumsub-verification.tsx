import { Alert, Group, Loader, Text } from '@mantine/core';
import { Component, lazy, Suspense, type ErrorInfo, type ReactNode } from 'react';

/** Loaded only when the Sumsub adapter is on: the sandbox never downloads it. */
const SumsubWebSdk = lazy(() => import('@sumsub/websdk-react'));

export const SUMSUB_UNAVAILABLE =
  'The Sumsub WebSDK could not be loaded. Check your connection and reload the page, or try again later.';

class SdkBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error('Sumsub WebSDK failed', error, info.componentStack);
  }

  override render() {
    if (this.state.failed) {
      return (
        <Alert color="red" variant="light" title="Verification unavailable" maw={640}>
          {SUMSUB_UNAVAILABLE}
        </Alert>
      );
    }
    return this.props.children;
  }
}

type SumsubVerificationProps = {
  accessToken: string;
  /** The SDK asks for a new token when its own expires. */
  onTokenExpired: () => Promise<string>;
  /** The provider reports progress; the status poll confirms it with our server. */
  onProviderEvent: () => void;
};

/**
 * Sumsub's WebSDK (an iframe from Sumsub's host), given the SDK token from
 * /applicant/access-token. It cannot run offline; the tests only check it is chosen and given the token.
 */
export function SumsubVerification({ accessToken, onTokenExpired, onProviderEvent }: SumsubVerificationProps) {
  return (
    <SdkBoundary>
      <Suspense
        fallback={
          <Group gap="sm" role="status">
            <Loader size="sm" aria-hidden />
            <Text>Loading the verification…</Text>
          </Group>
        }
      >
        <SumsubWebSdk
          accessToken={accessToken}
          expirationHandler={onTokenExpired}
          config={{ lang: 'en' }}
          options={{ adaptIframeHeight: true }}
          onMessage={(type: string) => {
            if (type.startsWith('idCheck.onApplicant')) onProviderEvent();
          }}
          onError={() => undefined}
        />
      </Suspense>
    </SdkBoundary>
  );
}
