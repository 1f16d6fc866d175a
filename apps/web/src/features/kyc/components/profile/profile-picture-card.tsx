import { useMutation } from '@tanstack/react-query';
import { Alert, Skeleton } from '@mantine/core';
import { usePersonal } from '../../api/get-personal';
import { updatePictureMutation } from '../../api/kyc-api';
import { PictureUploader } from '../picture-uploader';

/** The profile picture with a way to change it (POST /update-picture). */
export function ProfilePicture({ fallback }: { fallback: string }) {
  const personal = usePersonal();
  const update = useMutation(updatePictureMutation());

  if (personal.isPending) return <Skeleton height={88} width={260} radius="md" />;
  if (personal.isError) {
    return (
      <Alert color="red" variant="light">
        Your picture could not be loaded.
      </Alert>
    );
  }
  return (
    <PictureUploader
      profileLink={personal.data.profileLink}
      fallback={fallback}
      upload={(picture, onProgress) => update.mutateAsync({ picture, onProgress })}
    />
  );
}
