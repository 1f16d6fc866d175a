import { Alert, Avatar, Button, FileButton, Group, Progress, Stack, Text } from '@mantine/core';
import { IconPhoto, IconUser } from '@tabler/icons-react';
import { useRef, useState } from 'react';
import { env } from '@/config/env';
import { errorMessage, type UploadProgress } from '@/lib/api-client';
import { fileProblem, IMAGE_TYPES, useObjectUrl } from '@/lib/files';

/** A picture link from the API ('/uploads/pictures/...') as an image source on the API's host. */
export function pictureSrc(profileLink: string | null | undefined): string | null {
  if (!profileLink) return null;
  return /^https?:\/\//i.test(profileLink) ? profileLink : `${env.assetOrigin}${profileLink}`;
}

type PictureUploaderProps = {
  /** The saved picture, if any. */
  profileLink: string | null;
  /** Initials shown while there is no picture (a person icon when empty). */
  fallback: string;
  upload: (file: File, onProgress: (progress: UploadProgress) => void) => Promise<unknown>;
};

/**
 * Choose a picture, see it, then upload it. The type and the 5 MB cap are checked before
 * anything is sent; the server's refusal (it checks the bytes) is shown as it words it.
 */
export function PictureUploader({ profileLink, fallback, upload }: PictureUploaderProps) {
  const [file, setFile] = useState<File | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [percent, setPercent] = useState<number | null>(null);
  const [uploading, setUploading] = useState(false);
  const [saved, setSaved] = useState(false);
  const preview = useObjectUrl(file && !problem ? file : null);
  // Lets the same file be chosen again after a cancel.
  const resetRef = useRef<() => void>(null);

  const choose = (next: File | null) => {
    setSaved(false);
    resetRef.current?.();
    if (!next) return;
    const found = fileProblem(next, IMAGE_TYPES);
    setProblem(found);
    setFile(found ? null : next);
  };

  const send = async () => {
    if (!file) return;
    setUploading(true);
    setPercent(null);
    setProblem(null);
    try {
      await upload(file, ({ loaded, total }) => setPercent(total ? Math.round((loaded / total) * 100) : null));
      setFile(null);
      setSaved(true);
    } catch (error) {
      setProblem(errorMessage(error, 'The picture could not be uploaded. Please try again.'));
    } finally {
      setUploading(false);
    }
  };

  const shown = preview ?? pictureSrc(profileLink);

  return (
    <Stack gap="sm">
      <Group gap="md" wrap="nowrap" align="center">
        <Avatar
          src={shown}
          alt={preview ? 'Preview of the new profile picture' : shown ? 'Profile picture' : undefined}
          size={88}
          // Mantine's own radius for avatars is a full circle, like the placeholder's.
          color="gold"
        >
          {fallback || <IconUser size={36} aria-hidden />}
        </Avatar>
        <Stack gap={6}>
          <Text size="sm" fw={500}>
            Profile picture
          </Text>
          <Text size="xs" c="dimmed">
            JPEG, PNG or WebP, up to 5 MB.
          </Text>
          <Group gap="xs">
            <FileButton
              onChange={choose}
              resetRef={resetRef}
              accept={IMAGE_TYPES.join(',')}
              disabled={uploading}
              inputProps={{ 'aria-label': 'Profile picture file' }}
            >
              {(props) => (
                <Button {...props} size="xs" variant="default" leftSection={<IconPhoto size={16} aria-hidden />}>
                  {shown ? 'Change picture' : 'Choose picture'}
                </Button>
              )}
            </FileButton>
            {file ? (
              <>
                <Button size="xs" onClick={() => void send()} loading={uploading}>
                  Upload picture
                </Button>
                <Button size="xs" variant="subtle" color="gray" onClick={() => setFile(null)} disabled={uploading}>
                  Cancel
                </Button>
              </>
            ) : null}
          </Group>
        </Stack>
      </Group>
      {uploading ? (
        <Progress value={percent ?? 100} animated={percent === null || percent >= 100} aria-label="Uploading picture" />
      ) : null}
      {file && !uploading ? (
        <Text size="xs" c="dimmed" aria-live="polite">
          This is a preview. Upload it to keep it.
        </Text>
      ) : null}
      {saved ? (
        <Text size="xs" c="teal" role="status">
          Picture saved.
        </Text>
      ) : null}
      {problem ? (
        <Alert color="red" variant="light" title="Picture not saved">
          {problem}
        </Alert>
      ) : null}
    </Stack>
  );
}
