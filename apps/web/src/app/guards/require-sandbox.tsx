import { Center, Loader } from '@mantine/core';
import { Outlet } from 'react-router';
import { useSandboxMode } from '@/features/sandbox/api/sandbox-api';
import { NotFound } from '../routes/not-found';

/** /dev/* pages exist only while the API runs in sandbox mode; elsewhere they are a 404. */
export function RequireSandbox() {
  const mode = useSandboxMode();
  if (mode === 'sandbox') return <Outlet />;
  if (mode === 'pending') {
    return (
      <Center py="xl">
        <Loader aria-label="Loading" />
      </Center>
    );
  }
  return <NotFound />;
}
