import { Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { ScreenTitle } from '@/components/ui/screen-title';
import { AnnouncementDetail, AnnouncementsList } from '@/features/content/components/announcements';
import { ContactForm } from '@/features/content/components/contact-form';
import { ContentAdmin } from '@/features/content/components/content-admin';
import { SupportCenter } from '@/features/content/components/support-center';
import { TermsView } from '@/features/content/components/terms';
import { personalQueryOptions } from '@/features/kyc/api/get-personal';
import { useSessionStore } from '@/lib/session-store';

/* Content and support (issue 13): announcements, terms, contact, the Support Center. */

export function AnnouncementsRoute() {
  return (
    <>
      <ScreenTitle>Announcements</ScreenTitle>
      <AnnouncementsList />
    </>
  );
}

export function AnnouncementRoute() {
  const { id = '' } = useParams();
  return (
    <>
      <ScreenTitle>Announcements</ScreenTitle>
      <AnnouncementDetail id={id} />
    </>
  );
}

export function TermsRoute() {
  return (
    <>
      <ScreenTitle>Terms and Conditions</ScreenTitle>
      <TermsView />
    </>
  );
}

/** The name a signed-in customer declared on the KYC form, if they did. */
function useDeclaredName(): string | undefined {
  const isAuthenticated = useSessionStore((s) => s.isAuthenticated);
  const personal = useQuery({ ...personalQueryOptions(), enabled: isAuthenticated });
  const form = personal.data?.form;
  const name = [form?.firstName, form?.lastName].filter((part) => part?.trim()).join(' ');
  return name || undefined;
}

export function ContactUsRoute() {
  const customerName = useDeclaredName();
  return (
    <>
      <ScreenTitle>Contact Us</ScreenTitle>
      <Text c="dimmed" mt={-12} mb="lg" maw={620}>
        Write to our support team: we answer within one working day.
      </Text>
      <ContactForm customerName={customerName} />
    </>
  );
}

export function SupportRoute() {
  return (
    <>
      <ScreenTitle>Support Center</ScreenTitle>
      <SupportCenter />
    </>
  );
}

export function AdminContentRoute() {
  return (
    <>
      <ScreenTitle>Content and Support</ScreenTitle>
      <ContentAdmin />
    </>
  );
}
