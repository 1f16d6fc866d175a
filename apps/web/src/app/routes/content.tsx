import { Text } from '@mantine/core';
import { useParams } from 'react-router';
import { ScreenTitle } from '@/components/ui/screen-title';
import { AnnouncementDetail, AnnouncementsList } from '@/features/content/components/announcements';
import { ContactForm } from '@/features/content/components/contact-form';
import { ContentAdmin } from '@/features/content/components/content-admin';
import { SupportCenter } from '@/features/content/components/support-center';
import { TermsView } from '@/features/content/components/terms';

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

export function ContactUsRoute() {
  return (
    <>
      <ScreenTitle>Contact Us</ScreenTitle>
      <Text c="dimmed" mt={-12} mb="lg" maw={620}>
        Write to our support team: we answer within one working day.
      </Text>
      <ContactForm />
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
