import { Image, Loader, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { AdminApplicant } from '@qmgt/contracts';
import { PREVIEWABLE_TYPES } from '../api/admin-api';
import { useKycDocumentPreview } from '../hooks/use-kyc-document-preview';

type Declared = NonNullable<AdminApplicant['declared']>;
type KycDocument = AdminApplicant['documents'][number];

const KIND_LABEL: Record<string, string> = { identity_document: 'Identity document', selfie: 'Selfie' };

/** The name, date of birth and ID the customer typed, beside the pictures they must match. */
export function DeclaredIdentity({ applicant }: { applicant: AdminApplicant }) {
  const { declared } = applicant;
  // The newest of each kind is what this round is judged on; older rounds stay downloadable.
  const latest = ['identity_document', 'selfie']
    .map((kind) => applicant.documents.filter((d) => d.kind === kind).at(-1))
    .filter((d): d is KycDocument => d !== undefined);

  return (
    <SimpleGrid cols={{ base: 1, md: 3 }} spacing="md">
      <Stack gap="xs">
        <Title order={3} size="h6">
          Declared
        </Title>
        {declared ? (
          <DeclaredFields declared={declared} />
        ) : (
          <Text size="sm" c="dimmed">
            Personal details not submitted yet.
          </Text>
        )}
      </Stack>
      {latest.map((document) => (
        <DocumentPreview key={document.id} applicantId={applicant.id} document={document} owner={applicant.username} />
      ))}
    </SimpleGrid>
  );
}

function DeclaredFields({ declared }: { declared: Declared }) {
  const name = [declared.firstName, declared.middleName, declared.lastName].filter(Boolean).join(' ');
  const rows: [string, string][] = [
    ['Name', name],
    ['Date of birth', declared.dateOfBirth],
    ['ID', [declared.idType, declared.idNumber].filter(Boolean).join(' ')],
  ];
  return (
    <dl style={{ margin: 0 }}>
      {rows.map(([label, value]) => (
        <div key={label}>
          <Text component="dt" size="xs" c="dimmed">
            {label}
          </Text>
          <Text component="dd" m={0} mb={6} size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
            {value || '—'}
          </Text>
        </div>
      ))}
    </dl>
  );
}

function DocumentPreview({
  applicantId,
  document,
  owner,
}: {
  applicantId: string;
  document: KycDocument;
  owner: string;
}) {
  const kind = KIND_LABEL[document.kind] ?? document.kind;
  const preview = useKycDocumentPreview(applicantId, document.id, document.contentType);
  let body;
  if (!PREVIEWABLE_TYPES.has(document.contentType)) {
    body = (
      <Text size="sm" c="dimmed">
        No preview for this file type: download it below.
      </Text>
    );
  } else if (preview.url) {
    body = <Image src={preview.url} alt={`${kind} of ${owner}`} mah={240} fit="contain" radius="sm" />;
  } else if (preview.isError) {
    body = (
      <Text size="sm" c="red">
        The preview could not be loaded: download the file below.
      </Text>
    );
  } else {
    body = <Loader size="sm" aria-label={`Loading the ${kind.toLowerCase()}`} />;
  }
  return (
    <Stack gap="xs">
      <Title order={3} size="h6">
        {kind}
      </Title>
      <Paper withBorder radius="sm" p="xs" mih={80}>
        {body}
      </Paper>
    </Stack>
  );
}
