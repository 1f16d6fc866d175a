import { Container, Text } from '@mantine/core';
import { useParams } from 'react-router';
import { ScreenTitle } from '@/components/ui/screen-title';
import { KycRegistration } from '@/features/kyc/components/registration/kyc-registration';

const KYC_FORM_WIDTH = 1080;

/** /Registration/{step}: the personal-details form that comes before the identity check. */
export function KycRegistrationRoute() {
  const { step } = useParams();
  return (
    // A centred column, three fields a row on a wide screen: not a form stuck to the left edge.
    <Container size={KYC_FORM_WIDTH} p={0}>
      <ScreenTitle>KYC Registration</ScreenTitle>
      <Text c="dimmed" mt={-12} mb="lg" maw={640}>
        Tell us who you are. We need these details by law before you can save in gold; they are kept private.
      </Text>
      <KycRegistration stepParam={step} />
    </Container>
  );
}
