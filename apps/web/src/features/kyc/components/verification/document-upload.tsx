import { useMutation } from '@tanstack/react-query';
import { Alert, Button, FileInput, Group, Progress, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconCheck, IconUpload } from '@tabler/icons-react';
import { useState } from 'react';
import { errorMessage } from '@/lib/api-client';
import { fileProblem, formatBytes } from '@/lib/files';
import { uploadSandboxDocumentMutation, type SandboxDocumentKind } from '../../api/kyc-api';

type DocumentUploadProps = {
  sdkToken: string;
  kind: SandboxDocumentKind;
  label: string;
  description: string;
  /** The input's accept attribute. */
  accept: string;
  /** Types checked before sending (the server checks the bytes again). */
  allowedTypes: readonly string[];
  /** 'user' opens the front camera on phones. */
  capture?: 'user' | 'environment';
  /** Already uploaded in this round (from the provider, not from memory). */
  uploaded: boolean;
  onUploaded: () => void;
};

type Phase = { kind: 'idle' } | { kind: 'uploading'; percent: number | null } | { kind: 'done'; name: string };

/** One file for the sandbox provider: chosen, checked and sent at once with progress, then confirmed. */
export function DocumentUpload({
  sdkToken,
  kind,
  label,
  description,
  accept,
  allowedTypes,
  capture,
  uploaded,
  onUploaded,
}: DocumentUploadProps) {
  const upload = useMutation(uploadSandboxDocumentMutation());
  const [file, setFile] = useState<File | null>(null);
  /** Found before sending (type, size). */
  const [problem, setProblem] = useState<string | null>(null);
  /** The server's refusal (413, 415, an expired session ...). */
  const [refusal, setRefusal] = useState<string | null>(null);
  const [phase, setPhase] = useState<Phase>({ kind: 'idle' });

  /** A chosen file that passes the checks is sent at once: choosing is the one interaction. */
  const choose = (next: File | null) => {
    setFile(next);
    setPhase({ kind: 'idle' });
    setRefusal(null);
    const found = next ? fileProblem(next, allowedTypes) : null;
    setProblem(found);
    if (next && !found) send(next);
  };

  const send = (file: File) => {
    setRefusal(null);
    setPhase({ kind: 'uploading', percent: null });
    upload.mutate(
      {
        sdkToken,
        kind,
        file,
        onProgress: ({ loaded, total }) =>
          setPhase({ kind: 'uploading', percent: total ? Math.round((loaded / total) * 100) : null }),
      },
      {
        onSuccess: () => {
          setPhase({ kind: 'done', name: file.name });
          setFile(null);
          onUploaded();
        },
        onError: (error) => {
          setPhase({ kind: 'idle' });
          setRefusal(errorMessage(error, 'The upload failed. Please try again.'));
        },
      },
    );
  };

  const uploading = phase.kind === 'uploading';

  return (
    <Stack gap="sm">
      {phase.kind === 'done' || (uploaded && !file) ? (
        <Group gap="xs" wrap="nowrap" role="status">
          <ThemeIcon color="teal" variant="light" radius="xl" size="sm">
            <IconCheck size={14} aria-hidden />
          </ThemeIcon>
          <Text size="sm">
            {phase.kind === 'done' ? `${phase.name} uploaded.` : `${label} uploaded.`} You can replace it by choosing
            another file.
          </Text>
        </Group>
      ) : null}
      <FileInput
        label={label}
        description={description}
        placeholder="Choose a file"
        accept={accept}
        capture={capture}
        value={file}
        onChange={choose}
        clearable
        disabled={uploading}
        error={problem}
        leftSection={<IconUpload size={16} aria-hidden />}
        fileInputProps={{ 'aria-label': `${label} file` }}
      />
      {file && !problem && uploading ? (
        <Text size="xs" c="dimmed">
          {file.name}, {formatBytes(file.size)}
        </Text>
      ) : null}
      {uploading ? (
        <Stack gap={4}>
          <Progress
            value={phase.percent ?? 100}
            animated={phase.percent === null || phase.percent >= 100}
            aria-label={`Uploading ${label.toLowerCase()}`}
          />
          <Text size="xs" c="dimmed" aria-live="polite">
            {phase.percent === null || phase.percent >= 100
              ? 'Uploading… checking the file'
              : `Uploading… ${phase.percent}%`}
          </Text>
        </Stack>
      ) : null}
      {refusal ? (
        <Alert color="red" variant="light" title="Upload refused">
          {refusal}
        </Alert>
      ) : null}
      {refusal && file ? (
        <Group justify="flex-end">
          <Button variant="light" onClick={() => send(file)}>
            Try the upload again
          </Button>
        </Group>
      ) : null}
    </Stack>
  );
}
